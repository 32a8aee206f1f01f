import type { Page } from "@playwright/test";
import { expect, expectAccessible } from "../fixtures";

/** Presses a wizard button (Continue by default), then checks the page it leads to and its accessibility. */
export async function continueTo(page: Page, next: string, button = "Continue") {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/screening/${next}$`));
  await expectAccessible(page);
}

/** Chooses an answer (a radio's label) and presses Continue, then checks the next page. */
export async function answer(page: Page, label: string, next: string) {
  await page.getByLabel(label, { exact: true }).check();
  await continueTo(page, next);
}

import type { Page } from "@playwright/test";
import { expect, expectAccessible } from "../fixtures";

/** The dashboard's first registration card (the patient's latest screening). */
export const registrationCard = (page: Page) => page.locator("article.registration-card").first();

/** The registration card's step card with this title. */
export const stepCard = (page: Page, title: string) =>
  registrationCard(page)
    .locator("li.step-card")
    .filter({ has: page.getByRole("heading", { name: title }) });

/** Opens the dashboard and checks it is the dashboard and accessible. */
export async function openDashboard(page: Page) {
  await page.goto("landing");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expectAccessible(page);
}

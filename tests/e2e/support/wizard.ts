import type { Page } from "@playwright/test";
import { expect, expectAccessible, sessionPoster } from "../fixtures";

/** Presses a wizard button (Continue by default), then checks the page it leads to and its accessibility. */
export async function continueTo(page: Page, next: string, button = "Continue") {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/screening/${next}$`));
  await expectAccessible(page);
}

/** The Complete page of a patient who stays with a non-member center: it says so, and Return to Dashboard leads there. */
export async function staysNonMemberToDashboard(page: Page) {
  await expect(
    page.getByText(
      "We are glad you are satisfied with your current transplant center and do not wish to transfer your care. You may return to the dashboard.",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Return to Dashboard" }).click();
  await expect(page).toHaveURL(/\/landing$/);
}

/** Chooses an answer (a radio's label) and presses Continue, then checks the next page. */
export async function answer(page: Page, label: string, next: string) {
  await page.getByLabel(label, { exact: true }).check();
  await continueTo(page, next);
}

/**
 * Answers the screening's first four pages with the plain posts a browser without JavaScript sends: not registered
 * with a center, a willing donor, and the primary goal given (the summary's Validate step comes next).
 */
export async function postAnswersUpToGoal(page: Page, goal: { primaryGoal: string; primaryGoalOther: string }) {
  const post = await sessionPoster(page.request);
  await post("landing", { intent: "start-screening" });
  await post("screening/patient-situation", { intent: "continue", kidneyStatus: "1", kidneyStatusOther: "" });
  await post("screening/transplant-center-registration", { intent: "continue", transplantCenterSituation: "2" });
  await post("screening/donor-situation", { intent: "continue", donorStatus: "1", donorStatusOther: "" });
  await post("screening/primary-goal", { intent: "continue", ...goal });
}

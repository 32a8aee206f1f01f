import type { Page } from "@playwright/test";
import { createClearedScreening, expect, expectAccessible, sessionPoster, withPatient as test } from "./fixtures";
import { postAnswersUpToGoal } from "./support/wizard";

/**
 * The Screening Results dialog when it is not view-only (DSH-010): from the page the save leads to, 'Show Results'
 * opens 'Screening Questionnaire' with the answers and the outcome message, JavaScript on and off. And the Verify Info
 * step's birth date: no later than today, in the date picker and on the server (SCR-011, ACC-011).
 */

const CLEARED =
  "You are cleared to select a transplant center. Please make sure to only select transplant centers that are close enough that you are willing to transfer to.";
/** Goal Other's own explanation (decision 095), on the Complete page and in the dialog alike. */
const OTHER_GOAL =
  "You described a goal of your own (Other), so we will not refer you to a transplant center now: we refer patients only for the goals our programs serve (finding a transplant center, the Standard Voucher program, a Microsite center or a Kidney for Life center). If one of these goals fits you, choose My Situation has Changed on your dashboard and choose it.";

/** Opens the dialog from the terminal page and checks its title, one answer and the message. */
async function showResults(page: Page, answerText: string, message: string) {
  await page.getByRole("button", { name: "Show Results" }).click();
  const dialog = page.getByRole("dialog", { name: "Screening Questionnaire" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Response Summary" })).toBeVisible();
  await expect(dialog.getByText(answerText)).toBeVisible();
  await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  await expectAccessible(page);
  return dialog;
}

/** Answers the wizard up to Verify Info with the plain posts a browser without JavaScript sends. */
async function answerUpToVerifyInfo(page: Page, goal: { primaryGoal: string; primaryGoalOther: string }) {
  await postAnswersUpToGoal(page, goal);
  await page.goto("screening/patient-validation");
  await expect(page.getByRole("heading", { level: 1, name: "Validate Your Information" })).toBeVisible();
}

test.describe("Requirement DSH-010: Screening Results dialog after the save", () => {
  test("cleared: the answers and 'You are cleared to select a transplant center', Close keeps the page", async ({ page, patient }) => {
    await createClearedScreening(page.request, patient);
    await page.goto("screening/complete");
    await expect(page.getByText(CLEARED)).toBeVisible();
    const dialog = await showResults(page, "I am on dialysis and need a kidney transplant.", CLEARED);
    await expect(dialog.getByRole("button", { name: "Return to Dashboard" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/screening\/complete$/);
    await expect(page.getByRole("button", { name: "Continue" })).toHaveAttribute("href", /\/select-center\/\d+$/);
  });

  test("goal Other: its own explanation and Return to Dashboard", async ({ page, patient }) => {
    await answerUpToVerifyInfo(page, { primaryGoal: "6", primaryGoalOther: "Learning what a transplant involves" });
    await page.getByRole("button", { name: "Confirm & Validate Information" }).click();
    await expect(page).toHaveURL(/\/screening\/complete$/);
    // The Complete page and the dialog give the same explanation (decision 095).
    await expect(page.getByText(OTHER_GOAL, { exact: true })).toBeVisible();
    const dialog = await showResults(page, "Learning what a transplant involves.", OTHER_GOAL);
    await dialog.getByRole("button", { name: "Return to Dashboard" }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
  });

  test("no donor: the Not Eligible page's dialog gives the eligibility explanation", async ({ page, patient: _signedIn }) => {
    const post = await sessionPoster(page.request);
    await post("landing", { intent: "start-screening" });
    await post("screening/patient-situation", { intent: "continue", kidneyStatus: "1", kidneyStatusOther: "" });
    await post("screening/transplant-center-registration", { intent: "continue", transplantCenterSituation: "2" });
    await post("screening/donor-situation", { intent: "continue", donorStatus: "3", donorStatusOther: "" });
    await page.goto("screening/not-eligible");
    await showResults(
      page,
      "I am not interested in finding a living donor.",
      "We can only refer patients who are willing to transfer to the selected center AND who either have a willing living donor or are seeking a center with Microsites.",
    );
  });
});

test.describe("Requirement ACC-011: Verify Info, the birth date", () => {
  test("the date picker stops at today and a future date is refused with the answers kept", async ({ page, patient: _signedIn }) => {
    await answerUpToVerifyInfo(page, { primaryGoal: "2", primaryGoalOther: "" });
    const birthDate = page.getByLabel("Birth Date");
    const today = new Date().toISOString().slice(0, 10);
    await expect(birthDate).toHaveAttribute("max", today);
    await expect(birthDate).toHaveAttribute("min", "1920-01-01");
    const future = `${new Date().getUTCFullYear() + 1}-01-15`;
    await birthDate.fill(future);
    await page.getByLabel("Preferred Name").fill("Rosie");
    await page.getByRole("button", { name: "Confirm & Validate Information" }).click();

    await expect(page).toHaveTitle(/^Error: /);
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("link", { name: "Valid birth date is required" })).toBeVisible();
    await expect(birthDate).toHaveAttribute("aria-invalid", "true");
    await expect(birthDate).toHaveValue(future);
    await expect(page.getByLabel("Preferred Name")).toHaveValue("Rosie");
    await expect(page).toHaveURL(/\/screening\/patient-validation$/);
    await expectAccessible(page);

    await birthDate.fill("1961-04-12");
    await page.getByRole("button", { name: "Confirm & Validate Information" }).click();
    await expect(page).toHaveURL(/\/screening\/complete$/);
    await expect(page.getByText(CLEARED)).toBeVisible();
  });
});

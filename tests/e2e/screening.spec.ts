import type { Page } from "@playwright/test";
import { demoCenters } from "../../registry/data/demo-centers";
import { expect, expectAccessible, MAIN_JOURNEY, withPatient as test, type Patient } from "./fixtures";
import { answer, continueTo, staysNonMemberToDashboard } from "./support/wizard";

/**
 * The screening questionnaire (SCR-001, SCR-002, SCR-003, SCR-004, SCR-005, SCR-007, SCR-009, SCR-010, SCR-011, SCR-013,
 * SCR-017) and the dashboard's registration card (DSH-004), with
 * JavaScript on and off: each patient walks from the first question to the terminal page and back to the dashboard.
 */

// The demo centers are invented and marked member or not (CEN-012); the dropdown does not say which is which.
const centers = demoCenters();
const memberCenter = centers.find((c) => c.isMemberCenter)!.centerName;
const nonMemberCenter = centers.find((c) => !c.isMemberCenter)!.centerName;

async function heading(page: Page, text: string) {
  await expect(page.getByRole("heading", { level: 1, name: text })).toBeVisible();
}

async function start(page: Page, patient: Patient) {
  await page.goto("landing");
  await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
  await page.getByRole("button", { name: "Start Screening" }).click();
  await expect(page).toHaveURL(/\/screening\/patient-situation$/);
  await heading(page, "What best describes your situation?");
  await expect(page.getByText("Screening Questionnaire", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Progress: Step 1 of 8")).toBeVisible();
  await expect(
    page.getByText("Please read VERY carefully your answers will affect which transplant centers you will be able to select."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Dashboard" })).toBeVisible();
  await expectAccessible(page);
}

async function validateAndComplete(page: Page) {
  await heading(page, "Validate Your Information");
  await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Contact Information" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Response Summary" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm & Validate Information" }).click();
  await expect(page).toHaveURL(/\/screening\/complete$/);
  // With JavaScript the status message closes by itself after a moment; without it, it stays.
  await expect(page.getByText("Information updated successfully!")).toBeVisible();
  await expectAccessible(page);
}

async function dashboard(page: Page) {
  await page.goto("landing");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Registration", exact: true })).toBeVisible();
  await expectAccessible(page);
}

test.describe("screening questionnaire", () => {
  test("(a) on dialysis, willing donor, not registered, find a center: cleared", { tag: MAIN_JOURNEY }, async ({ page, patient }) => {
    await start(page, patient);
    await answer(page, "I am on dialysis and need a kidney transplant", "transplant-center-registration");
    await heading(page, "Are you currently registered with a transplant center?");
    await answer(page, "No, I have not selected a transplant center", "donor-situation");
    await expect(page.getByText("Please read VERY carefully")).toHaveCount(0);
    await answer(page, "I already have a willing donor", "primary-goal");
    await expect(page.getByText("Find the best match through the Standard Voucher program")).toBeVisible();
    await expect(page.getByText("Find a Microsite center")).toHaveCount(0);
    await answer(page, "Find a transplant center", "patient-validation");
    await validateAndComplete(page);
    await heading(page, "You have completed the questionnaire");
    await expect(
      page.getByText(
        "You are cleared to select a transplant center. Please make sure to only select transplant centers that are close enough that you are willing to transfer to.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Return to Dashboard" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Continue" })).toHaveAttribute("href", /\/select-center\/\d+$/);
    await expect(page.getByText("Progress: Step 8 of 8")).toBeVisible();

    await dashboard(page);
    await expect(page.getByText("Pending Transplant Center Selection")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pending", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Show Results" }).click();
    const dialog = page.getByRole("dialog", { name: "Screening Results" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("I am on dialysis and need a kidney transplant.")).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("(b) registered with a member center: sent to that center", async ({ page, patient }) => {
    await start(page, patient);
    await answer(page, "I am on dialysis and need a kidney transplant", "transplant-center-registration");
    await answer(page, "Yes, I am currently in the care of a transplant center", "transplant-center-selection");
    await heading(page, "Which transplant center are you registered with?");
    await page.getByLabel("Which transplant center are you registered with?").selectOption({ label: memberCenter });
    await continueTo(page, "donor-situation");
    await answer(page, "I already have a willing donor", "primary-goal");
    await answer(page, "Find the best match through the Standard Voucher program", "patient-validation");
    await validateAndComplete(page);
    // Staying with a member center: the (c) text for a member center (docs/decisions/096, reading 13).
    await heading(page, "You have completed the questionnaire");
    await expect(
      page.getByText("You will be referred to your transplant center after your lab tests. Please check your email for lab instructions."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Return to Dashboard" }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(`Thank you for telling us that you are in the care of ${memberCenter}.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sent to Center" })).toBeVisible();
    await expectAccessible(page);
  });

  test("(c) registered with a non-member center, not transferring: stays", async ({ page, patient }) => {
    await start(page, patient);
    await answer(page, "I will need a transplant in the next two years but am not on dialysis", "transplant-center-registration");
    await answer(page, "Yes, I am currently in the care of a transplant center", "transplant-center-selection");
    await page.getByLabel("Which transplant center are you registered with?").selectOption({ label: nonMemberCenter });
    await continueTo(page, "transplant-center-transfer");
    await heading(page, "Would you like to select a member center and transfer your care?");
    // Requirement SCR-008: the advantages of a member center, and no answer chosen in advance.
    for (const advantage of [
      "Transplant Expertise",
      "Better Match",
      "Reduced Immunosuppression",
      "Shorter Wait Time",
      "Voucher Program",
      "Microsite Program",
    ]) {
      await expect(page.getByText(advantage, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("80% of registry patients are transplanted within 90 days.")).toBeVisible();
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
    await answer(page, "No, I would like to stay with my current center", "complete");
    await heading(page, "You have completed the questionnaire");
    await staysNonMemberToDashboard(page);
    await expect(page.getByRole("heading", { name: "In Need of a Kidney Transplant" })).toBeVisible();
    await expectAccessible(page);
  });

  // SCR-012 (the Not Eligible page), DSH-008 (the not-cleared view), DSH-009 (My Situation has Changed).
  test("(d) no donor and not interested: not eligible; 'My Situation has Changed' re-runs the same screening", async ({ page, patient }) => {
    await start(page, patient);
    await answer(page, "I am on dialysis and need a kidney transplant", "transplant-center-registration");
    await answer(page, "No, I have not selected a transplant center", "donor-situation");
    await answer(page, "I do not have a donor and am not interested in finding one", "not-eligible");
    await expect(
      page.getByText(
        "The registry can only refer patients who have a willing living donor or who are looking for a transplant center with microsites.",
      ),
    ).toBeVisible();
    await expect(page.getByText("A shorter wait: a kidney from a deceased donor can take 3 to 10 years")).toBeVisible();
    await expect(page.getByText("Better survival: 93% at one year and 83% at five years")).toBeVisible();
    await page.getByRole("button", { name: "Return to Dashboard" }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(
      page.getByText(
        "We are unable to continue because we are only authorised to refer patients who have a willing living donor or who are seeking a center with microsites. You can update your preferences later.",
      ),
    ).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "View My Answers" }).click();
    const dialog = page.getByRole("dialog", { name: "Screening Results" });
    await expect(dialog.getByText("I am not interested in finding a living donor.")).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Close" }).click();

    // 'My Situation has Changed' resets the form (nothing chosen) and keeps the screening (issue 12, item 2).
    await page.getByRole("button", { name: "My Situation has Changed" }).click();
    await expect(page).toHaveURL(/\/screening\/patient-situation$/);
    await expect(page.getByRole("group", { name: "What best describes your situation?" }).getByRole("radio", { checked: true })).toHaveCount(0);
    await answer(page, "I am on dialysis and need a kidney transplant", "transplant-center-registration");
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
    await answer(page, "No, I have not selected a transplant center", "donor-situation");
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
    await answer(page, "I do not have a donor yet but want to find one", "primary-goal");
    await answer(page, "Find a Microsite center", "patient-validation");
    await validateAndComplete(page);
    await expect(page.getByText("You are cleared to select a transplant center.", { exact: false })).toBeVisible();
    await dashboard(page);
    await expect(page.locator("article.registration-card")).toHaveCount(1);
    await expect(page.getByText("We are unable to continue because")).toHaveCount(0);
  });

  test("(e) transplanted, sibling, 6-antigen match: immune-tolerance candidate", async ({ page, patient }) => {
    await start(page, patient);
    await answer(page, "I have received a kidney transplant", "post-transplant");
    await heading(page, "Did your kidney transplant come from a biological relative?");
    await page.getByLabel("Sibling", { exact: true }).check();
    await page.getByRole("group", { name: "Was it a 6 antigen match?" }).getByLabel("Yes", { exact: true }).check();
    await continueTo(page, "patient-validation");
    await validateAndComplete(page);
    await heading(page, "Thank you");
    await expect(page.getByText("Your application has been submitted for review. If selected, we will contact you via email.")).toBeVisible();
    await dashboard(page);
    await expect(page.getByRole("heading", { name: "ImmunoFree program" })).toBeVisible();
    await expect(page.getByText("Select Transplant Center")).toHaveCount(0);
  });

  test("(f) goal Other: not cleared, with the goal's own explanation (decision 095)", async ({ page, patient }) => {
    await start(page, patient);
    await answer(page, "I will need a transplant in the next two years but am not on dialysis", "transplant-center-registration");
    await answer(page, "No, I have not selected a transplant center", "donor-situation");
    await answer(page, "I already have a willing donor", "primary-goal");
    await page.getByLabel("Other", { exact: true }).check();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Please describe your answer to continue");
    await page.getByLabel("Your goal").fill("I am still learning about transplants");
    await continueTo(page, "patient-validation");
    await validateAndComplete(page);
    await heading(page, "You have completed the questionnaire");
    await expect(
      page.getByText("You described a goal of your own (Other), so we will not refer you to a transplant center now", { exact: false }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Return to Dashboard" }).click();
    await expect(page.getByText("We are unable to continue because you described a goal of your own (Other)", { exact: false })).toBeVisible();
    await expect(page.getByText("you are already registered with a transplant center", { exact: false })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("a step not reached redirects, Previous goes back, and Continue with nothing chosen shows the error summary", async ({ page, patient }) => {
    await page.goto("screening/primary-goal");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await expect(page).toHaveURL(/\/screening\/patient-situation$/);
    await page.goto("screening/no-such-page");
    await expect(page).toHaveURL(/\/screening\/patient-situation$/);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveTitle(/^Error: /);
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toContainText("Please choose an answer to continue");
    await expectAccessible(page);
    await answer(page, "I am on dialysis and need a kidney transplant", "transplant-center-registration");
    await page.goto("screening/complete");
    await expect(page).toHaveURL(/\/screening\/transplant-center-registration$/);
    await continueTo(page, "patient-situation", "Previous");
    await expect(page.getByLabel("I am on dialysis and need a kidney transplant", { exact: true })).toBeChecked();
  });
});

import type { Page } from "@playwright/test";
import { demoCenters } from "../../registry/data/demo-centers";
import {
  createClearedScreening,
  createPatient,
  expect,
  expectAccessible,
  latestLinkPath,
  latestMessage,
  needsStaffCommands,
  newPatient,
  registryCommand,
  sqlQuery,
  test as plain,
  withPatient as test,
} from "./fixtures";
import { answer, continueTo, staysNonMemberToDashboard } from "./support/wizard";
import { registrationCard, stepCard } from "./support/dashboard";

/**
 * Issue 12: what the patient, the center and the registry see must agree. Each test walks one of the journeys that
 * used to contradict itself or lose data, with JavaScript on and off.
 */

const centers = demoCenters();
const memberCenter = centers.find((c) => c.isMemberCenter)!.centerName;
const nonMemberCenter = centers.find((c) => !c.isMemberCenter)!.centerName;
// Member centers near the fixtures' postal code 10118 (the select-center page lists member centers within 300 miles).
const NEAR = "Ironbound Kidney Center";
const SECOND = "Elm Shore Renal Institute";
const centerId = (name: string) => centers.find((c) => c.centerName === name)!.centerId;

/** The patient's only screening id (read in the e2e database). */
async function screeningOf(email: string): Promise<number> {
  const rows = await sqlQuery<{ id: number }>(
    "select s.id from screenings s join medical_records m on m.id = s.medical_record_id where m.email = $1",
    [email.toLowerCase()],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

/** The whole questionnaire as a patient staying with a member center, with a willing donor, up to Complete. */
async function memberCenterWithDonorCompleted(page: Page) {
  await registeredWithMemberCenter(page);
  await answer(page, "I already have a willing donor", "primary-goal");
  await answer(page, "Find the best match through the Standard Voucher program", "patient-validation");
  await page.getByRole("button", { name: "Confirm & Validate Information" }).click();
  await expect(page).toHaveURL(/\/screening\/complete$/);
}

/** Answers the questionnaire's first questions as a patient registered with a member center and staying there. */
async function registeredWithMemberCenter(page: Page) {
  await startScreening(page);
  await answer(page, "I am on dialysis and need a kidney transplant", "transplant-center-registration");
  await answer(page, "Yes, I am currently in the care of a transplant center", "transplant-center-selection");
  await page.getByLabel("Which transplant center are you registered with?").selectOption({ label: memberCenter });
  await continueTo(page, "donor-situation");
}

async function startScreening(page: Page) {
  await page.goto("landing");
  await page.getByRole("button", { name: "Start Screening" }).click();
  await expect(page).toHaveURL(/\/screening\/patient-situation$/);
}

/** The CSRF token of the signed-in session (the hidden field every form carries). */
async function csrf(page: Page): Promise<string> {
  const html = await (await page.request.get("landing")).text();
  return /name="_csrf" value="([^"]*)"/.exec(html)![1]!.replace(/&amp;/g, "&");
}

async function screeningRow(id: number) {
  const [row] = await sqlQuery<{ status: number; preferred_center_id: number | null; updated_at: Date }>(
    "select status, preferred_center_id, updated_at from screenings where id = $1",
    [id],
  );
  return row!;
}

test.describe("journey integrity (issue 12)", () => {
  test("1. a finished registration cannot be reopened and saved again from the wizard (SCR-016)", async ({ page, patient }) => {
    needsStaffCommands();
    await memberCenterWithDonorCompleted(page);
    await expectAccessible(page);
    // The saved pass has no way back.
    await expect(page.getByRole("button", { name: "Previous" })).toHaveCount(0);

    const id = await screeningOf(patient.email);
    const saved = await screeningRow(id);
    expect(saved.status).toBe(30);

    // /screening and the earlier steps' addresses show the finished Complete page.
    await page.goto("screening");
    await expect(page).toHaveURL(/\/screening\/complete$/);
    await page.goto("screening/patient-validation");
    await expect(page).toHaveURL(/\/screening\/complete$/);
    await page.goto("screening/patient-situation");
    await expect(page).toHaveURL(/\/screening\/complete$/);
    await expect(page.getByRole("button", { name: "Previous" })).toHaveCount(0);

    // A page kept by the browser (back button) posting 'Confirm & Validate Information' or Previous saves nothing.
    const token = await csrf(page);
    for (const [where, fields] of [
      ["screening/patient-validation", { intent: "continue" }],
      ["screening/complete", { intent: "previous" }],
      ["screening/transplant-center-registration", { intent: "continue", transplantCenterSituation: "2" }],
    ] as const) {
      const posted = await page.request.post(where, { form: { _csrf: token, ...fields }, maxRedirects: 0 });
      expect(posted.status(), where).toBe(302);
      expect(posted.headers()["location"], where).toMatch(/\/screening\/complete$/);
    }
    expect(await screeningRow(id)).toEqual(saved);

    await page.goto("landing");
    await expect(page.getByText(`Thank you for telling us that you are in the care of ${memberCenter}.`)).toBeVisible();
    await expect(page.getByText("Pending Transplant Center Selection")).toHaveCount(0);
  });

  test("3. a patient staying with a member center is referred after the lab tests: page, dashboard and email agree", async ({ page, patient }) => {
    needsStaffCommands();
    await memberCenterWithDonorCompleted(page);
    await expect(
      page.getByText("You will be referred to your transplant center after your lab tests. Please check your email for lab instructions."),
    ).toBeVisible();
    const id = await screeningOf(patient.email);

    // Registry staff approve the lab order placed with the referral: the patient is emailed the instructions.
    await registryCommand(["approve-labs", "--screening", String(id)]);
    const mail = await latestMessage(page.request, patient.email, "email");
    expect(mail.subject).toBe("Your lab order is ready");

    await page.goto("landing");
    await expect(registrationCard(page).getByText(`Thank you for telling us that you are in the care of ${memberCenter}.`)).toBeVisible();
    await expect(
      registrationCard(page).getByText("A simple blood test is needed before we can refer you. Please check your email for instructions."),
    ).toBeVisible();
    const labs = stepCard(page, "Lab Tests");
    await expect(labs.getByText("Pending Lab Test Results")).toBeVisible();
    await expect(labs.getByRole("button", { name: "Download Labs" })).toHaveAttribute("href", new RegExp(`/lab-tests/${id}$`));
    await expect(stepCard(page, "Sent to Center").getByText("Pending Lab Test Completions")).toBeVisible();
    const referred = registrationCard(page).getByRole("table", { name: "Transplant centers you were referred to" });
    await expect(referred.locator("tbody tr")).toHaveCount(1);
    await expect(referred.locator("tbody tr").first()).toContainText(memberCenter);
    await expect(referred.locator("tbody tr").first()).toContainText("Pending Center");
    await expectAccessible(page);
  });

  test("3. the same patient with no donor is Not Eligible on the page and on the dashboard", async ({ page, patient }) => {
    needsStaffCommands();
    await registeredWithMemberCenter(page);
    await answer(page, "I do not have a donor and am not interested in finding one", "not-eligible");
    await expect(page.getByRole("button", { name: "Previous" })).toHaveCount(0);
    await page.getByRole("button", { name: "Return to Dashboard" }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(
      page.getByText("We are unable to continue because we are only authorised to refer patients who have a willing living donor", { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sent to Center" })).toHaveCount(0);
    const id = await screeningOf(patient.email);
    expect((await screeningRow(id)).status).toBe(99);
    expect(await sqlQuery("select id from lab_orders where screening_id = $1", [id])).toEqual([]);
    await expectAccessible(page);
  });

  test("4. a lab order placed at Sent to Center by a change of center can be downloaded once approved", async ({ page, patient }) => {
    needsStaffCommands();
    const id = await createClearedScreening(page.request, patient);
    // A registration sent to its member center with no referral and no lab order (as saved before decision 035).
    await sqlQuery("update screenings set status = 40, preferred_center_id = $2, is_center_confirmed = true where id = $1", [id, centerId(NEAR)]);
    await page.goto("landing");
    await stepCard(page, "Select Transplant Center").getByRole("button", { name: "Change Center" }).click();
    const reason = page.getByRole("dialog", { name: "Additional Center Registration" });
    await reason.getByLabel("Reason").selectOption({ label: "I'm looking for something closer to home" });
    await reason.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(new RegExp(`/select-center/${id}$`));
    await page.getByRole("button", { name: `Select ${SECOND}` }).click();
    await page.getByRole("dialog", { name: "Select Center Confirmation" }).getByRole("button", { name: "I Understand, Continue" }).click();
    await expect(page.getByText(`Your selection of ${SECOND} has been saved.`)).toBeVisible();
    await expect(stepCard(page, "Lab Tests").getByText("Lab Order Requested")).toBeVisible();

    await registryCommand(["approve-labs", "--screening", String(id)]);
    expect((await latestMessage(page.request, patient.email, "email")).subject).toBe("Your lab order is ready");
    await page.goto("landing");
    const labs = stepCard(page, "Lab Tests");
    await expect(labs.getByText("Pending Lab Test Results")).toBeVisible();
    await labs.getByRole("button", { name: "Download Labs" }).click();
    await expect(page).toHaveURL(new RegExp(`/lab-tests/${id}$`));
    await expect(page.getByText("Your lab orders are ready.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Click here to download your lab orders (PDF)" })).toBeVisible();
    await expectAccessible(page);
  });

  test("7. after selecting a center, the answers still say the patient was not registered with one", async ({ page, patient }) => {
    const id = await createClearedScreening(page.request, patient);
    await page.goto(`select-center/${id}`);
    await page.getByRole("button", { name: `Select ${NEAR}` }).click();
    await page.getByRole("dialog", { name: "Select Center Confirmation" }).getByRole("button", { name: "I Understand, Continue" }).click();
    await expect(page.getByText(`Your selection of ${NEAR} has been saved.`)).toBeVisible();

    await page.getByRole("button", { name: "Show Results" }).click();
    const dialog = page.getByRole("dialog", { name: "Screening Results" });
    await expect(dialog).toBeVisible();
    const registered = dialog.locator("div.answer-summary__item").filter({ hasText: "Are you currently registered with a transplant center?" });
    await expect(registered.locator("dd")).toHaveText("No.");
    await expect(dialog.getByText("Which transplant center are you registered with?")).toHaveCount(0);
    await expect(dialog.getByText(NEAR)).toHaveCount(0);
    await expectAccessible(page);
  });

  test("8. Transfer Yes, then Previous from Donor Status keeps the current center", async ({ page, patient }) => {
    await startScreening(page);
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await answer(page, "I am on dialysis and need a kidney transplant", "transplant-center-registration");
    await answer(page, "Yes, I am currently in the care of a transplant center", "transplant-center-selection");
    const select = page.getByLabel("Which transplant center are you registered with?");
    await select.selectOption({ label: nonMemberCenter });
    await continueTo(page, "transplant-center-transfer");
    await answer(page, "Yes, I would like to select a member center and transfer my care", "donor-situation");
    await continueTo(page, "transplant-center-transfer", "Previous");
    await expectAccessible(page);
    await continueTo(page, "transplant-center-selection", "Previous");
    await expect(page.getByLabel("Which transplant center are you registered with?")).toHaveValue(
      String(centers.find((c) => c.centerName === nonMemberCenter)!.centerId),
    );
    await continueTo(page, "transplant-center-transfer");
    await answer(page, "No, I would like to stay with my current center", "complete");
    // The Complete page has a 'Show Results' of its own (decision 050): wait for the dashboard's.
    await staysNonMemberToDashboard(page);
    await page.getByRole("button", { name: "Show Results" }).click();
    await expect(page.getByRole("dialog", { name: "Screening Results" }).getByText(`${nonMemberCenter}.`)).toBeVisible();
  });

  test("9. a patient staying with a non-member center is told no labs follow, and how to transfer", async ({ page, patient }) => {
    await startScreening(page);
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await answer(page, "I am on dialysis and need a kidney transplant", "transplant-center-registration");
    await answer(page, "Yes, I am currently in the care of a transplant center", "transplant-center-selection");
    await page.getByLabel("Which transplant center are you registered with?").selectOption({ label: nonMemberCenter });
    await continueTo(page, "transplant-center-transfer");
    await answer(page, "No, I would like to stay with my current center", "complete");
    await page.getByRole("button", { name: "Return to Dashboard" }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(
      registrationCard(page).getByText(
        `You are staying with ${nonMemberCenter}, which is not a member center of the registry: no lab tests or referral are needed. If you would like to transfer your care to a member center, choose Change Center.`,
      ),
    ).toBeVisible();
    await expect(page.getByText("Pending Lab Test Start")).toHaveCount(0);
    await expect(page.getByText("Pending Lab Test Completions")).toHaveCount(0);
    await expectAccessible(page);
    await stepCard(page, "Select Transplant Center").getByRole("button", { name: "Change Center" }).click();
    await expect(page).toHaveURL(/\/select-center\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Select a Transplant Center" })).toBeVisible();
  });

  test("9. a patient outside the ImmunoFree program cannot fill the medical history", async ({ page, patient }) => {
    await page.goto("medical-history");
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "The medical history is for participants of the ImmunoFree program." })).toBeVisible();
    await page.goto("medical-history/weight");
    await expect(page).toHaveURL(/\/landing$/);
    await expectAccessible(page);
  });
});

plain.describe("password reset address (issue 12, item 12)", () => {
  plain("12. /reset-password?h= serves the Enter New Password screen", async ({ page, request }) => {
    plain.slow();
    const patient = await createPatient(request, newPatient("Reina"));
    await page.goto("register?forgot=1");
    await page.getByRole("dialog", { name: "Forgot Password" }).getByLabel("Email").fill(patient.email);
    await page.getByRole("dialog", { name: "Forgot Password" }).getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("dialog", { name: "Forgot Password" })).toContainText("You should receive an email with a password reset link...");
    const link = await latestLinkPath(page.request, patient.email);
    const token = new URLSearchParams(link.split("?")[1]).get("h")!;
    expect(token).toBeTruthy();

    await page.goto(`reset-password?h=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(/\/reset-password\?h=/);
    const reset = page.getByRole("dialog", { name: "Enter New Password" });
    await expect(reset).toBeVisible();
    await expect(page).toHaveTitle(/Enter New Password/);
    await expectAccessible(page);
    const fresh = "another long passphrase for reina 7";
    await reset.getByLabel("Email").fill(patient.email);
    await reset.getByLabel("Password", { exact: true }).fill(fresh);
    await reset.getByLabel("Confirm password").fill(fresh);
    await reset.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("dialog", { name: "Enter New Password" })).toContainText("Your password has been reset.");
    expect(page.url()).not.toContain("h=");

    await page.getByRole("dialog").getByRole("button", { name: "Login" }).click();
    const login = page.getByRole("dialog", { name: "Already Registered?" });
    await login.getByLabel("Email").fill(patient.email);
    await login.getByLabel("Password").fill(fresh);
    await login.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/landing$/);
  });
});

import type { Browser, Page } from "@playwright/test";
import {
  createClearedScreening,
  createPatient,
  expect,
  expectAccessible,
  latestMessage,
  newPatient,
  registryCommand,
  sqlQuery,
  STAFF_COMMANDS_NEED,
  staffCommandsAvailable,
  test as plain,
  withPatient as test,
} from "./fixtures";
import { updateLabsAs } from "./support/labs";
import { personWithRole } from "./support/staff";

/**
 * Issue 12, items 5 and 9 (docs/decisions/041-043): after the patient's part, a transplant center approves and
 * completes the referral and the ImmunoFree program's staff record the pre-workup labs and the completion, through
 * the staff commands; the patient's dashboard and emails follow, with JavaScript on and off. An invited participant's
 * dashboard shows the program before any screening.
 */

// A member center near the fixtures' postal code 10118 (the select-center page lists member centers within 300 miles).
const NEAR = "Ironbound Kidney Center";

const card = (page: Page) => page.locator("article.registration-card").first();

/** The patient's referral ids, from the staff's own list (list-referrals: ids, dates and statuses, no names). */
async function referralOf(screeningId: number): Promise<number> {
  const report = await registryCommand(["list-referrals"]);
  const row = report
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s{2,}/))
    .find((cells) => cells[1] === String(screeningId));
  expect(row, report).toBeTruthy();
  return Number(row![0]);
}

/** A lab person records the results on /update-labs (the registration is then Sent to Center; docs/decisions/133). */
async function labResultsRecorded(browser: Browser, screeningId: number) {
  await registryCommand(["approve-labs", "--screening", String(screeningId)]);
  const [order] = await sqlQuery<{ requisition: string }>("select requisition from lab_orders where screening_id = $1 and superseded_at is null", [
    screeningId,
  ]);
  const lab = await personWithRole(browser, { role: "lab", lab: "Registry laboratory" }, "Lars Lab");
  await updateLabsAs(lab.page, order!.requisition, "Process Lab Results");
}

function referralRow(page: Page) {
  return card(page).getByRole("table", { name: "Transplant centers you were referred to" }).locator("tbody tr").first();
}

test.describe("center staff steps", () => {
  test("a center approves, then completes the referral: the dashboard and the emails follow", async ({ page, patient, browser }) => {
    test.skip(!staffCommandsAvailable, STAFF_COMMANDS_NEED);
    // Seven registry commands, each a process of its own.
    test.slow();
    const id = await createClearedScreening(page.request, patient);
    const screeningMail = await latestMessage(page.request, patient.email, "email");
    expect(screeningMail.subject).toBe("We received your screening questionnaire");
    expect(screeningMail.text).toContain("Your next step is to select a transplant center from your dashboard.");

    await page.goto(`select-center/${id}`);
    await page.getByRole("button", { name: `Select ${NEAR}` }).click();
    await page.getByRole("dialog", { name: "Select Center Confirmation" }).getByRole("button", { name: "I Understand, Continue" }).click();
    await expect(page.getByText(`Your selection of ${NEAR} has been saved.`)).toBeVisible();
    const selectionMail = await latestMessage(page.request, patient.email, "email");
    expect(selectionMail.subject).toBe("Your transplant center selection");
    expect(selectionMail.text).toContain(`Thank you for selecting ${NEAR}. Your referral to the center is pending.`);
    const referralId = await referralOf(id);

    // The center approves the referral (CENTER_STAFF_KEY's call, here the staff command).
    const approved = await registryCommand(["referral-status", "--referral", String(referralId), "--status", "approved"]);
    expect(approved).toContain(`referral ${referralId} (screening ${id}`);
    const approvedMail = await latestMessage(page.request, patient.email, "email");
    expect(approvedMail.subject).toBe("Your transplant center approved your referral");
    expect(approvedMail.text).toContain(`${NEAR} has approved your referral.`);
    expect(approvedMail.text).toMatch(/Go to your dashboard: http:\/\/127\.0\.0\.1:\d+\/landing/);

    await page.goto("landing");
    await expect(
      card(page)
        .getByRole("note")
        .filter({ hasText: `${NEAR} has approved your referral and will contact you` }),
    ).toBeVisible();
    // The lab tests are still pending: the header says so first.
    await expect(card(page).getByText("Pending Completion of Lab Tests")).toBeVisible();
    await expect(referralRow(page)).toContainText("Center Approved");
    await expectAccessible(page);

    // Completed by Center waits for the lab results.
    await expect(registryCommand(["referral-status", "--referral", String(referralId), "--status", "completed"])).rejects.toThrow(
      /not changed: The registration has not been sent to the center yet/,
    );
    await labResultsRecorded(browser, id);
    await registryCommand(["referral-status", "--referral", String(referralId), "--status", "completed"]);
    const completedMail = await latestMessage(page.request, patient.email, "email");
    expect(completedMail.subject).toBe("Your transplant center completed your referral");

    await page.goto("landing");
    await expect(card(page).getByText("Referral Completed by Center")).toBeVisible();
    await expect(
      card(page)
        .getByRole("note")
        .filter({ hasText: `${NEAR} has completed your referral.` }),
    ).toBeVisible();
    await expect(referralRow(page)).toContainText("Completed by Center");
    await expectAccessible(page);
    await expect(registryCommand(["referral-status", "--referral", String(referralId), "--status", "approved"])).rejects.toThrow(
      /This referral is closed and cannot change/,
    );
  });
});

plain.describe("program staff steps", () => {
  plain("an invited participant sees the program on the dashboard; program staff record the pre-workup labs and the completion", async ({ page }) => {
    plain.skip(!staffCommandsAvailable, STAFF_COMMANDS_NEED);
    plain.slow();
    const p = newPatient("Inv");
    const created = await registryCommand(["create-invite", "--first-name", p.firstName, "--last-name", p.lastName, "--email", p.email]);
    const token = decodeURIComponent(/\/register\?token=([^\s&]+)/.exec(created)![1]!);
    await createPatient(page.request, p, { verified: true, inviteToken: token });

    // Before any screening, the dashboard names the program (issue 12 item 9) and one next step, the screening's
    // (issue 36 item 2, docs/decisions/128): the medical history comes after it.
    await page.goto("landing");
    const program = page.getByRole("region", { name: "ImmunoFree program" });
    await expect(program.getByText("You are registered for the ImmunoFree immune-tolerance program.")).toBeVisible();
    await expect(program.locator('li[aria-current="step"]')).toContainText("Medical History (current step)");
    await expect(
      program.getByText("Your first step is the screening questionnaire below. The medical history questionnaire comes after it."),
    ).toBeVisible();
    await expect(program.getByRole("button", { name: "Medical History" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Start Screening" })).toBeVisible();
    await expectAccessible(page);

    const [record] = await sqlQuery<{ id: number }>("select id from medical_records where email = $1", [p.email.toLowerCase()]);
    const recordId = String(record!.id);
    // Pre-workup labs only after the consent is signed.
    await expect(registryCommand(["program-stage", "--record", recordId, "--stage", "preworkup-labs"])).rejects.toThrow(
      /The program stage can only move to the next stage/,
    );
    // The participant's own steps (medical history, e-signature) are walked in immune-tolerance.spec.ts.
    await sqlQuery("update if_registrations set current_status = 3 where medical_record_id = $1", [record!.id]);

    await registryCommand(["program-stage", "--record", recordId, "--stage", "preworkup-labs"]);
    expect((await latestMessage(page.request, p.email, "email")).subject).toBe("Your ImmunoFree pre-workup lab tests are recorded");
    await page.goto("landing");
    await expect(program.locator('li[aria-current="step"]')).toContainText("Completed (current step)");
    await expect(program.getByRole("listitem").filter({ hasText: "Pre-workup Labs" })).toContainText("(completed)");
    await expect(
      program.getByText("Your pre-workup lab tests are recorded. The program's coordinator will contact you about the next steps."),
    ).toBeVisible();

    await registryCommand(["program-stage", "--record", recordId, "--stage", "completed"]);
    const done = await latestMessage(page.request, p.email, "email");
    expect(done.subject).toBe("Your ImmunoFree registration is complete");
    await page.goto("landing");
    await expect(program.getByText("You have completed every step of the program's registration. Thank you.")).toBeVisible();
    await expect(program.locator('li[aria-current="step"]')).toHaveCount(0);
    await expectAccessible(page);
  });
});

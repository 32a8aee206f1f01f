import type { Browser, Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import {
  createClearedScreening,
  createPatient,
  expect,
  expectAccessible,
  latestMessage,
  newPatient,
  sqlQuery,
  needsStaffCommands,
  test,
} from "./fixtures";
import { personWithRole } from "./support/staff";

/**
 * The transplant center's area of the staff console (docs/decisions/133): a center's person sees the referral once
 * the patient chooses their center, approves it or declines it with a reason, and the patient's dashboard and email
 * follow as after the staff commands (staff-steps.spec.ts); another center's person never sees it (404). JavaScript
 * on and off (projects js and nojs).
 */
needsStaffCommands();

// A member center near the fixtures' postal code 10118 (staff-steps.spec.ts).
const NEAR = "Ironbound Kidney Center";

const card = (page: Page) => page.locator("article.registration-card").first();

/** A patient of their own name (the list shows names), with a cleared screening, who chooses NEAR. Answers the referral's id. */
async function patientReferredToNear(page: Page) {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  const patient = await createPatient(page.request, newPatient(`Cen${letters}`), { verified: true });
  const id = await createClearedScreening(page.request, patient);
  await page.goto(`select-center/${id}`);
  await page.getByRole("button", { name: `Select ${NEAR}` }).click();
  await page.getByRole("dialog", { name: "Select Center Confirmation" }).getByRole("button", { name: "I Understand, Continue" }).click();
  await expect(page.getByText(`Your selection of ${NEAR} has been saved.`)).toBeVisible();
  const [referral] = await sqlQuery<{ id: number }>("select id from center_referrals where screening_id = $1 order by id desc limit 1", [id]);
  return { patient, screeningId: id, referralId: referral!.id, name: `${patient.firstName} ${patient.lastName}` };
}

async function centerPerson(browser: Browser, center = NEAR) {
  return personWithRole(browser, { role: "center", center }, "Cora Center");
}

test("a center's person sees the referral to their center and approves it; the patient's dashboard and email follow; another center's person gets 404", async ({
  page,
  browser,
}) => {
  test.slow();
  const { person: _near, page: staff } = await centerPerson(browser);
  const [other] = await sqlQuery<{ center_name: string }>(
    "select center_name from transplant_centers where center_name <> $1 order by center_id limit 1",
    [NEAR],
  );
  const { page: otherStaff } = await centerPerson(browser, other!.center_name);
  const referred = await patientReferredToNear(page);

  // The console's home links to the center's area.
  await staff.goto("staff");
  await staff.getByRole("link", { name: "Referrals to your center" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Referrals to your center" })).toBeVisible();
  const row = staff.getByRole("table", { name: `Referrals to ${NEAR}, newest first` }).getByRole("row", { name: new RegExp(referred.name) });
  await expect(row).toContainText("Pending Center");
  await expectAccessible(staff);

  // The status filter is a GET form.
  await staff.getByLabel("Status").selectOption({ label: "Center Approved" });
  await staff.getByRole("button", { name: "Show" }).click();
  await expect(staff).toHaveURL(/\/staff\/center\?status=2$/);
  await expect(staff.getByRole("link", { name: referred.name })).toHaveCount(0);
  await staff.getByLabel("Status").selectOption({ label: "Pending Center" });
  await staff.getByRole("button", { name: "Show" }).click();
  await staff.getByRole("link", { name: referred.name }).click();

  await expect(staff).toHaveURL(new RegExp(`/staff/center/referrals/${referred.referralId}$`));
  await expect(staff.getByRole("heading", { level: 1, name: `Referral of ${referred.name}` })).toBeVisible();
  await expect(staff.getByText(referred.patient.email)).toBeVisible();
  await expect(staff.getByText("1961-04-12")).toBeVisible();
  await expect(staff.getByText("Ordered, waiting for approval").or(staff.getByText(/Approved, requisition/))).toBeVisible();
  await expect(staff.getByText("Not signed.")).toBeVisible();
  await expectAccessible(staff);

  // Another center's person: neither in their list nor by its address.
  await otherStaff.goto("staff/center");
  await expect(otherStaff.getByRole("link", { name: referred.name })).toHaveCount(0);
  const refused = await otherStaff.goto(`staff/center/referrals/${referred.referralId}`);
  expect(refused?.status()).toBe(404);
  const audited = await sqlQuery<{ n: string }>(
    "select count(*) as n from audit_log where action = 'staff.refused' and actor_role = 'center' and detail->>'referralId' = $1",
    [String(referred.referralId)],
  );
  expect(Number(audited[0]!.n)).toBeGreaterThanOrEqual(1);

  await staff.getByRole("button", { name: "Approve the referral" }).click();
  await expect(staff.getByText("The referral is approved. The patient is told.")).toBeVisible();
  await expect(staff.getByText("Center Approved")).toBeVisible();
  await expectAccessible(staff);

  const approvedMail = await latestMessage(page.request, referred.patient.email, "email");
  expect(approvedMail.subject).toBe("Your transplant center approved your referral");
  expect(approvedMail.text).toContain(`${NEAR} has approved your referral.`);
  await page.goto("landing");
  await expect(
    card(page)
      .getByRole("note")
      .filter({ hasText: `${NEAR} has approved your referral and will contact you` }),
  ).toBeVisible();
  await expectAccessible(page);
});

test("a center declines a referral with a reason: the patient's email and dashboard say so truly, without the reason", async ({ page, browser }) => {
  test.slow();
  const { page: staff } = await centerPerson(browser);
  const referred = await patientReferredToNear(page);
  await staff.goto(`staff/center/referrals/${referred.referralId}`);
  await expect(staff.getByRole("heading", { level: 1, name: `Referral of ${referred.name}` })).toBeVisible();
  await expect(staff.getByText("Not signed.")).toBeVisible();

  // The patient's signed consent (stored here as the e-signature stores it) downloads through a staff call.
  const pdf = Buffer.from("%PDF-1.4\n% signed consent of the e2e journey\n%%EOF\n");
  await sqlQuery(
    `insert into consent_signatures (medical_record_id, document_version, language, document_html, document_hash, typed_name, signed_at,
       client_address, user_agent, pdf)
     select medical_record_id, 'e2e', 'en', '<p>consent</p>', repeat('0', 64), $2, now(), '127.0.0.1', 'e2e', $3 from screenings where id = $1`,
    [referred.screeningId, referred.name, pdf],
  );
  await staff.reload();
  await expect(staff.getByText(/^Signed \d{4}-\d{2}-\d{2}\./)).toBeVisible();
  const downloading = staff.waitForEvent("download");
  await staff.getByRole("link", { name: "Download the signed consent (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`consent-referral-${referred.referralId}.pdf`);
  expect(await readFile((await download.path())!)).toEqual(pdf);

  // No reason: the error summary and the field's message.
  await staff.getByRole("button", { name: "Decline the referral" }).click();
  await expect(staff.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  await expect(staff.getByText("Give the reason.").first()).toBeVisible();
  await expectAccessible(staff);

  const reason = "We do not evaluate living-donor pairs from this region";
  await staff.getByRole("region", { name: "Decline" }).getByLabel("Reason").fill(reason);
  await staff.getByRole("button", { name: "Decline the referral" }).click();
  await expect(staff.getByText("The referral is declined. The patient is told.")).toBeVisible();
  await expect(staff.getByText("Declined by Center")).toBeVisible();
  await expect(staff.getByText(reason)).toBeVisible();
  await expect(staff.getByText("This referral is closed and cannot change.")).toBeVisible();
  await expectAccessible(staff);

  const mail = await latestMessage(page.request, referred.patient.email, "email");
  expect(mail.subject).toBe("The transplant center declined your referral");
  expect(mail.text).toContain(`${NEAR} has declined your referral.`);
  expect(mail.text).toContain("You can choose another transplant center with Change Center on your dashboard.");
  expect(mail.text).not.toContain(reason);

  await page.goto("landing");
  await expect(card(page).getByText("Referral Declined by Center")).toBeVisible();
  await expect(
    card(page)
      .getByRole("note")
      .filter({ hasText: `${NEAR} has declined your referral. For the reasons, please contact the center directly.` }),
  ).toBeVisible();
  await expect(page.getByText(reason)).toHaveCount(0);
  await expectAccessible(page);
});

import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { answersByPage } from "../../app/features/medical-history/test-answers";
import { createCandidate, expect, expectAccessible, formPoster, needsStaffCommands, registryCommand, sqlQuery, test } from "./fixtures";

/**
 * Decision 095, JavaScript on and off: the ImmunoFree consent a patient reads and signs says who
 * arranges the pre-workup lab tests (the program's team; the portal never orders them), on the e-sign page and in the
 * signed PDF the registry keeps.
 */

const execFileAsync = promisify(execFile);

const LABS =
  "You have pre-workup laboratory tests (blood and urine) at a laboratory near you. The program's team arranges these tests and contacts you about them; this portal does not order them, and your dashboard shows when the team has recorded them.";
const COSTS = "The pre-workup laboratory tests arranged by the program's team are provided at no cost to you. You will not be paid for taking part.";
const FALSE_PROMISE = "ordered through this portal";

test("the signed ImmunoFree consent says the program's team arranges the pre-workup lab tests, on the page and in the PDF", async ({ page }) => {
  needsStaffCommands();
  test.setTimeout(180_000);
  const { patient, csrf } = await createCandidate(page.request);
  const post = formPoster(page.request, csrf);
  for (const [slug, fields] of answersByPage) await post(`medical-history/${slug}`, { intent: "next", ...fields });
  await post("medical-history/review", { intent: "submit" });

  // The e-sign page: the consent as the patient reads it.
  await page.goto("e-sign");
  await expect(page).toHaveURL(/\/e-sign$/);
  const consent = page.getByRole("region", { name: "Consent document" });
  await expect(consent.getByText(LABS, { exact: true })).toBeVisible();
  await expect(consent.getByText(COSTS, { exact: true })).toBeVisible();
  await expect(consent).not.toContainText(FALSE_PROMISE);
  await expectAccessible(page);

  const fullName = `${patient.firstName} ${patient.lastName}`;
  await page.getByLabel("Type your full name to sign").fill(fullName);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByText("Thank you. Your consent form is signed.")).toBeVisible();

  // The signed PDF the registry keeps (exported by staff) says the same.
  const [row] = await sqlQuery<{ id: number }>("select id from medical_records where lower(email) = lower($1)", [patient.email]);
  const dir = await mkdtemp(path.join(tmpdir(), "consent-"));
  try {
    const file = path.join(dir, "consent.pdf");
    await registryCommand(["export-consent", String(row!.id), file]);
    const { stdout } = await execFileAsync("pdftotext", ["-layout", file, "-"]);
    const printed = stdout.replace(/\s+/g, " ");
    expect(printed).toContain(LABS);
    expect(printed).toContain(COSTS);
    expect(printed).not.toContain(FALSE_PROMISE);
    expect(printed).toContain(`Signed by ${fullName}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { createSignedParticipant, expect, expectAccessible, latestMessage, needsStaffCommands, sqlQuery, test } from "./fixtures";
import { personWithRole } from "./support/staff";

/**
 * Issue 34 part 3 (docs/decisions/133), JavaScript on and off: an invited participant walks to the E-Sign stage; the
 * program's person finds them by stage, reads their history, downloads the signed consent, and moves them to Pre-workup
 * Labs and Completed with notes, and the participant's dashboard and emails follow; an administrator then finds those
 * readings and moves in the audit by record and by person, and downloads the CSV of the search.
 */
needsStaffCommands();

/** The file a link downloads, as text. */
async function download(page: Page, name: string | RegExp): Promise<{ text: string; fileName: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return { text: await readFile((await file.path())!, "latin1"), fileName: file.suggestedFilename() };
}

test("the program moves a participant with notes; an administrator finds it in the audit and its CSV", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { patient, fullName, recordId } = await createSignedParticipant(page);

  // The program's person: the console's home links to the area; the participant is listed at E-Sign.
  const { person: programPerson, page: staff } = await personWithRole(browser, { role: "program" }, "Priya Program");
  await staff.getByRole("link", { name: "Immune-tolerance program" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Program participants" })).toBeVisible();
  const eSign = staff.getByRole("table", { name: "Participants at the stage E-Sign" });
  // Other journeys' candidates share the name: this participant's row is the one with the record's number.
  const row = eSign.getByRole("row").filter({ has: staff.getByRole("cell", { name: String(recordId), exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(fullName);
  await expectAccessible(staff);

  await row.getByRole("link", { name: fullName }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Participant: ${fullName}` })).toBeVisible();
  await expect(staff.getByRole("table", { name: "The participant's medical history answers" })).toBeVisible();
  await expect(staff.getByText("No notes yet.")).toBeVisible();
  await expectAccessible(staff);
  const consent = await download(staff, "Download the signed consent (PDF)");
  expect(consent.fileName).toBe(`consent-${recordId}.pdf`);
  expect(consent.text.startsWith("%PDF-")).toBe(true);

  // A move needs a note; then Pre-workup Labs.
  await staff.getByRole("button", { name: "Move to Pre-workup Labs" }).click();
  await expect(staff.getByRole("link", { name: "Write a note" })).toBeVisible();
  await expectAccessible(staff);
  await staff.getByLabel("Note", { exact: true }).fill("Pre-workup labs drawn at the local lab; results filed.");
  await staff.getByRole("button", { name: "Move to Pre-workup Labs" }).click();
  await expect(staff.getByText("The participant was moved to the next stage.")).toBeVisible();
  await expect(staff.getByRole("table", { name: "Notes of the stage moves, newest first" })).toContainText(
    "Pre-workup labs drawn at the local lab; results filed.",
  );
  expect((await latestMessage(page.request, patient.email, "email")).subject).toBe("Your ImmunoFree pre-workup lab tests are recorded");
  await page.goto("landing");
  const program = page.getByRole("region", { name: "ImmunoFree program" });
  await expect(
    program.getByText("Your pre-workup lab tests are recorded. The program's coordinator will contact you about the next steps."),
  ).toBeVisible();

  await staff.getByLabel("Note", { exact: true }).fill("Registration complete; handed to the clinical team.");
  await staff.getByRole("button", { name: "Move to Completed" }).click();
  await expect(staff.getByText("The participant was moved to the next stage.")).toBeVisible();
  await expect(staff.getByRole("button", { name: /Move to/ })).toHaveCount(0);
  const notes = staff.getByRole("table", { name: "Notes of the stage moves, newest first" });
  await expect(notes.getByRole("row")).toHaveCount(3);
  await expect(notes.getByRole("row").nth(1)).toContainText("Pre-workup Labs to Completed");
  await expectAccessible(staff);
  expect((await latestMessage(page.request, patient.email, "email")).subject).toBe("Your ImmunoFree registration is complete");
  await page.goto("landing");
  await expect(program.getByText("You have completed every step of the program's registration. Thank you.")).toBeVisible();
  await staff.goto("staff/program");
  await expect(staff.getByRole("table", { name: "Participants at the stage Completed" })).toContainText(fullName);

  // The notes' text never reaches the audit.
  const audited = await sqlQuery<{ detail: string }>("select detail::text as detail from audit_log where medical_record_id = $1", [recordId]);
  expect(audited.map((r) => r.detail).join()).not.toContain("local lab");

  // An administrator: the audit by record, then by the program's person, then the CSV of that search.
  const { page: admin } = await personWithRole(browser, { role: "administrator" }, "Audrey Auditor");
  await admin.getByRole("link", { name: "Audit" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByLabel("Patient record number").fill("12x");
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin.getByRole("link", { name: "Enter a record number in digits, like 1042" })).toBeVisible();
  await expectAccessible(admin);

  await admin.getByLabel("Patient record number").fill(String(recordId));
  await admin.getByRole("button", { name: "Search" }).click();
  const rows = admin.getByRole("table", { name: "Audit rows, newest first" });
  await expect(rows.getByRole("row").filter({ hasText: "program.stage" })).toHaveCount(2);
  await expect(rows.getByRole("row").filter({ hasText: "program.consent.read" })).toContainText(`${programPerson.name} <${programPerson.email}>`);
  await expectAccessible(admin);

  await admin.getByLabel("Patient record number").fill("");
  await admin.getByLabel("Staff person").selectOption({ label: `${programPerson.name} (${programPerson.email})` });
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(/staffId=\d+/);
  await expect(rows.getByRole("row").filter({ hasText: "program.participants" }).first()).toContainText(programPerson.email);
  await expect(rows.getByRole("row").filter({ hasText: "staff.refused" })).toHaveCount(0);

  const csv = await download(admin, "Download these results as CSV");
  expect(csv.fileName).toBe("audit.csv");
  const lines = csv.text.split("\r\n");
  expect(lines[0]).toBe(
    '"time (UTC)","actor kind","actor id","staff name","staff email","operator","role","organisation","action","record","address","user agent","request id"',
  );
  const stage = lines.find((l) => l.includes('"program.stage"'));
  expect(stage).toContain(`"${programPerson.name}","${programPerson.email}","","program","program","program.stage","${recordId}"`);
  expect(lines.slice(1).every((l) => l === "" || l.includes(`"${programPerson.email}"`))).toBe(true);
});

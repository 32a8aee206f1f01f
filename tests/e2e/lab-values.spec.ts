import type { Page } from "@playwright/test";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  createClearedScreening,
  expect,
  expectAccessible,
  registryCommand,
  scriptsRun,
  STAFF_COMMANDS_NEED,
  staffCommandsAvailable,
  withPatient as test,
} from "./fixtures";
import { download, labStaffKey, selectCenter } from "./support/labs";

/**
 * Issue 12 items 6 and 9: lab staff record the values the lab reported (record-lab-values, docs/decisions/044), process
 * the results on /update-labs with the key the browser remembers for their session (docs/decisions/045), and the
 * patient downloads results that show the values. JavaScript on and off.
 */

const CENTER = "Ironbound Kidney Center";
const VALUES_CSV = [
  "name,value,unit,reference range,flag",
  "Creatinine,1.9,mg/dL,0.6-1.2,H",
  "Potassium,4.1,mmol/L,3.5-5.1,N",
  "Blood type (ABO/Rh),O Rh+,,,",
].join("\n");

const requisitionField = (page: Page) => page.getByLabel("Enter the requisition # as provided by the lab provider:");
const rememberedNote = (page: Page) => page.getByText("This browser remembers your lab staff key", { exact: false });

async function signOut(page: Page, firstName: string) {
  await page.goto("landing");
  await page.getByText(`Welcome, ${firstName}`).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/register\?logout=true$/);
}

test.describe("lab values and the remembered lab staff key", () => {
  test.describe.configure({ timeout: 180_000 });

  test("staff record values, process results with the remembered key; the patient's results PDF shows the values", async ({ page, patient }) => {
    test.skip(!staffCommandsAvailable, STAFF_COMMANDS_NEED);
    const id = await createClearedScreening(page.request, patient);
    await page.goto(`select-center/${id}`);
    await selectCenter(page, CENTER);
    const approved = await registryCommand(["approve-labs", "--screening", String(id)]);
    const requisition = /requisition ([3-9A-Z]{8})/.exec(approved)?.[1];
    expect(requisition, approved).toBeTruthy();

    // Registry staff record the lab's values from a CSV file.
    const dir = await mkdtemp(path.join(os.tmpdir(), "lab-values-"));
    const csv = path.join(dir, "values.csv");
    await writeFile(csv, VALUES_CSV);
    expect(await registryCommand(["record-lab-values", requisition!, csv])).toBe(`recorded 3 values for requisition ${requisition}.\n`);

    // Lab staff: the key typed once...
    const key = await labStaffKey();
    await page.goto("update-labs");
    await expect(rememberedNote(page)).toHaveCount(0);
    await requisitionField(page).fill(requisition!);
    await page.getByLabel("Lab staff key").fill(key);
    await page.getByRole("button", { name: "Update Requisition" }).click();
    await expect(page.getByText("Successfully updated lab requisition")).toBeVisible();
    await expect(rememberedNote(page)).toBeVisible();
    await expect(page.getByLabel("Lab staff key (optional)")).toHaveValue("");
    await expectAccessible(page);
    // ...is never in the page, the address or a readable cookie.
    expect(await page.content()).not.toContain(key);
    expect(page.url()).not.toContain(key);
    for (const cookie of await page.context().cookies()) expect(decodeURIComponent(cookie.value)).not.toContain(key);

    // ...and not typed again for the next requisition.
    await requisitionField(page).fill(requisition!);
    await page.getByRole("button", { name: "Process Lab Results" }).click();
    await expect(page.getByText("Successfully updated lab results")).toBeVisible();

    // A refused requisition keeps the key remembered, and does not ask to type it again.
    await requisitionField(page).fill(requisition!.startsWith("C") ? "DDDDDDDD" : "CCCCCCCC");
    await page.getByRole("button", { name: "Update Requisition" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("No lab order has this requisition #");
    await expect(rememberedNote(page)).toBeVisible();
    await expect(page.getByLabel("Lab staff key (optional)")).not.toHaveAccessibleDescription(/type it again/);
    await expectAccessible(page);

    // The patient's results show the values.
    await page.goto(`lab-results/${id}`);
    await expect(page.getByText("Your lab results are ready.")).toBeVisible();
    const results = await download(page, page.getByRole("link", { name: "Click here to download your lab results (PDF)" }));
    expect(results.name).toBe("lab-results.pdf");
    for (const expected of [
      "Test Result Unit Reference range Flag",
      "Creatinine 1.9 mg/dL 0.6-1.2 High",
      "Potassium 4.1 mmol/L 3.5-5.1 Normal",
      "O Rh+",
    ]) {
      expect(results.text, expected).toContain(expected);
    }

    // 'Forget the key': the next post needs it again.
    await page.goto("update-labs");
    await page.getByRole("button", { name: "Forget the key" }).click();
    await expect(page.getByText("This browser no longer remembers the lab staff key.")).toBeVisible();
    await expect(rememberedNote(page)).toHaveCount(0);
    await requisitionField(page).fill(requisition!);
    await page.getByRole("button", { name: "Update Requisition" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Enter the lab staff key");
    await expectAccessible(page);

    // A wrong key typed over a remembered one is refused and forgets it.
    await page.getByLabel("Lab staff key").fill(key);
    await page.getByRole("button", { name: "Update Requisition" }).click();
    await expect(rememberedNote(page)).toBeVisible();
    await requisitionField(page).fill(requisition!);
    await page.getByLabel("Lab staff key (optional)").fill("not-the-lab-staff-key");
    await page.getByRole("button", { name: "Update Requisition" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("The lab staff key is not valid");
    await expect(rememberedNote(page)).toHaveCount(0);

    // Remembered again, then a sign-out on this browser forgets it.
    await requisitionField(page).fill(requisition!);
    await page.getByLabel("Lab staff key").fill(key);
    await page.getByRole("button", { name: "Update Requisition" }).click();
    await expect(rememberedNote(page)).toBeVisible();
    await signOut(page, patient.firstName);
    await page.goto("update-labs");
    await expect(page.getByRole("heading", { level: 1, name: "Update Labs" })).toBeVisible();
    await expect(rememberedNote(page)).toHaveCount(0);
    if (scriptsRun()) await expect(page.getByRole("button", { name: "Update Requisition" })).toBeDisabled();
  });
});

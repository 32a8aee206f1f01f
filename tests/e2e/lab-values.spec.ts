import type { Page } from "@playwright/test";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createClearedScreening, expect, expectAccessible, needsStaffCommands, registryCommand, scriptsRun, withPatient as test } from "./fixtures";
import { download, selectCenter } from "./support/labs";
import { personWithRole } from "./support/staff";

/**
 * Issue 12 items 6 and 9: staff record the values the lab reported (record-lab-values, docs/decisions/044), a lab
 * person signed in to the staff console processes the results on /update-labs (docs/decisions/133), and the patient
 * downloads results that show the values. JavaScript on and off.
 */

const CENTER = "Ironbound Kidney Center";
const VALUES_CSV = [
  "name,value,unit,reference range,flag",
  "Creatinine,1.9,mg/dL,0.6-1.2,H",
  "Potassium,4.1,mmol/L,3.5-5.1,N",
  "Blood type (ABO/Rh),O Rh+,,,",
].join("\n");

const requisitionField = (page: Page) => page.getByLabel("Enter the requisition # as provided by the lab provider:");

test.describe("lab values and /update-labs for a lab person", () => {
  test.describe.configure({ timeout: 180_000 });

  test("staff record values, a lab person processes the results; the patient's results PDF shows the values", async ({ page, patient, browser }) => {
    needsStaffCommands();
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

    // A lab person: /update-labs without signing in leads to the staff sign-in; signed in, no key to type.
    await page.goto("update-labs");
    await expect(page).toHaveURL(/\/staff\/sign-in$/);
    const lab = await personWithRole(browser, { role: "lab", lab: "Registry laboratory" }, "Val Values");
    await lab.page.goto("update-labs");
    await expect(lab.page).toHaveURL(/\/staff\/lab\/update-labs$/);
    if (scriptsRun()) await expect(lab.page.getByRole("button", { name: "Update Requisition" })).toBeDisabled();
    await expect(lab.page.getByLabel("Lab staff key")).toHaveCount(0);
    await expectAccessible(lab.page);
    await requisitionField(lab.page).fill(requisition!);
    await lab.page.getByRole("button", { name: "Update Requisition" }).click();
    await expect(lab.page.getByText("Successfully updated lab requisition")).toBeVisible();
    await requisitionField(lab.page).fill(requisition!);
    await lab.page.getByRole("button", { name: "Process Lab Results" }).click();
    await expect(lab.page.getByText("Successfully updated lab results")).toBeVisible();

    // An unknown requisition: the toast and the field's message; the requisition stays typed.
    const unknown = requisition!.startsWith("C") ? "DDDDDDDD" : "CCCCCCCC";
    await requisitionField(lab.page).fill(unknown);
    await lab.page.getByRole("button", { name: "Update Requisition" }).click();
    await expect(lab.page.getByText("Unable to update lab requisition")).toBeVisible();
    await expect(lab.page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("No lab order has this requisition #");
    await expect(requisitionField(lab.page)).toHaveValue(unknown);
    await expectAccessible(lab.page);

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
  });
});

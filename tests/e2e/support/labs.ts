import type { Locator, Page } from "@playwright/test";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, expectAccessible, scriptsRun } from "../fixtures";

/** Helpers of the lab journeys (centers-labs.spec.ts, lab-values.spec.ts, staff-lab.spec.ts, staff-steps.spec.ts). */

const execFileAsync = promisify(execFile);

/**
 * /update-labs as the lab person of `labPage` (signed in to the staff console, docs/decisions/133): the old address
 * leads to the screen under the console; the requisition, then 'Update Requisition' or 'Process Lab Results'.
 */
export async function updateLabsAs(labPage: Page, requisition: string, button: "Update Requisition" | "Process Lab Results"): Promise<void> {
  await labPage.goto("update-labs");
  await expect(labPage).toHaveURL(/\/staff\/lab\/update-labs$/);
  await expect(labPage.getByRole("heading", { level: 1, name: "Update Labs" })).toBeVisible();
  await labPage.getByLabel("Enter the requisition # as provided by the lab provider:").fill(requisition);
  await labPage.getByRole("button", { name: button }).click();
  await expect(
    labPage.getByText(button === "Update Requisition" ? "Successfully updated lab requisition" : "Successfully updated lab results"),
  ).toBeVisible();
}

/** The text of a downloaded PDF (poppler's pdftotext). */
async function pdfText(bytes: Buffer): Promise<string> {
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const dir = await mkdtemp(path.join(os.tmpdir(), "centers-labs-"));
  const file = path.join(dir, "download.pdf");
  await writeFile(file, bytes);
  const { stdout } = await execFileAsync("pdftotext", ["-layout", file, "-"]);
  return stdout.replace(/\s+/g, " ");
}

/**
 * Downloads the file behind a link as the patient does: with JavaScript through the browser's download (its
 * suggested name), without it through the page's own cookies (Content-Disposition's name). Answers name and text.
 */
export async function download(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  if (scriptsRun()) {
    const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const saved = await file.path();
    return { name: file.suggestedFilename(), text: await pdfText(await readFile(saved)) };
  }
  const href = await link.getAttribute("href");
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  const name = /filename="([^"]+)"/.exec(answer.headers()["content-disposition"] ?? "")?.[1] ?? "";
  return { name, text: await pdfText(await answer.body()) };
}

/** Selects a center on /select-center/{id}: Select, the confirmation dialog, then the button of the labs text. */
export async function selectCenter(page: Page, name: string) {
  await page.getByRole("button", { name: `Select ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Select Center Confirmation" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`A simple blood test is needed before we can refer you to ${name}.`)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "I Understand, Continue" }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByText(`Your selection of ${name} has been saved.`)).toBeVisible();
}

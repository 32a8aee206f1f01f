import type { Locator, Page } from "@playwright/test";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, expectAccessible, scriptsRun } from "../fixtures";
import { dataDir } from "./e2e-env";

/** Helpers of the lab journeys (centers-labs.spec.ts, lab-values.spec.ts, update-labs-key.spec.ts). */

const execFileAsync = promisify(execFile);

/** The lab staff key of the e2e portal (demo mode keeps it in DATA_DIR/secrets.json, LAB-006). */
export async function labStaffKey(): Promise<string> {
  const secrets = JSON.parse(await readFile(path.join(dataDir, "secrets.json"), "utf8")) as { labStaffKey?: string };
  expect(secrets.labStaffKey, "the demo lab staff key").toBeTruthy();
  return secrets.labStaffKey!;
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

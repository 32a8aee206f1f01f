import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import en from "../../app/locales/en/index";
import es from "../../app/locales/es/index";
import { pdfText } from "../../registry/testing/pdf-text";
import { createClearedScreening, createPatient, expect, expectAccessible, newPatient, test } from "./fixtures";

/**
 * The patient's own record (ACC-043, ACC-044) and closing the account (ACC-045, ACC-046), in English and Spanish: a
 * patient with a screening downloads both files from /profile, closes the account and is then told it was closed.
 */

async function downloaded(page: Page, name: string): Promise<{ fileName: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return { fileName: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

for (const lang of ["en", "es"] as const) {
  const t = lang === "es" ? es : en;
  test(`${lang}: download my information, then close the account`, async ({ page }) => {
    test.slow();
    const patient = await createPatient(page.request, newPatient(lang === "es" ? "Lucia" : "Rosa"), { spanish: lang === "es" });
    await createClearedScreening(page.request, patient);

    await page.goto("profile");
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { name: t.myRecord.title })).toBeVisible();

    const json = await downloaded(page, t.myRecord.downloadJson);
    expect(json.fileName).toBe("my-record.json");
    const record = JSON.parse(json.bytes.toString("utf8"));
    expect(record).toMatchObject({ kind: "nkr-patient-record", language: lang, medicalRecord: { email: patient.email } });
    expect(record.screenings).toHaveLength(1);
    const kidney = record.screenings[0].answers.find((a: { field: string }) => a.field === "kidneyStatus");
    expect(kidney.answer).toBe(lang === "es" ? "En diálisis ahora" : "On dialysis now");
    expect(record.accessLog[0]).toMatchObject({ action: "record.download", actor: "patient" });

    const pdf = await downloaded(page, t.myRecord.downloadPdf);
    expect(pdf.fileName).toBe("my-record.pdf");
    const text = pdfText(pdf.bytes)?.replace(/\s+/g, " ");
    if (text !== undefined && text !== null) {
      expect(text).toContain(lang === "es" ? "Mi expediente del registro de trasplante de riñón" : "My kidney transplant registry record");
      expect(text).toContain(patient.email);
      expect(text).toContain(lang === "es" ? "Descargó el expediente" : "Downloaded the record");
    }

    await page.getByRole("link", { name: t.myRecord.closeLink }).click();
    await expect(page.getByRole("heading", { level: 1, name: t.myRecord.closeTitle })).toBeVisible();
    await expect(page.getByText(t.myRecord.closeKept)).toBeVisible();
    await expectAccessible(page);

    // A wrong password: the error summary and the message by the field; nothing changes.
    const password = page.getByLabel(t.myRecord.closePassword);
    await password.fill("not my password at all");
    await page.getByRole("button", { name: t.myRecord.closeSubmit }).click();
    await expect(page).toHaveTitle(new RegExp(`^${t.errorSummary.titlePrefix}`));
    await expect(page.getByRole("link", { name: t.validation.currentPasswordWrong })).toBeVisible();
    await expect(page.getByLabel(t.myRecord.closePassword)).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    await page.getByLabel(t.myRecord.closePassword).fill(patient.password);
    await page.getByRole("button", { name: t.myRecord.closeSubmit }).click();
    await expect(page.getByText(t.myRecord.closed)).toBeVisible();
    // Signed out: a private page leads to /register.
    await page.goto("profile");
    await expect(page).toHaveURL(/\/register/);

    // Signing in again: told the account was closed, not "wrong password".
    await page.goto(`language?lng=${lang}&to=${encodeURIComponent("/register?login=1")}`);
    const dialog = page.getByRole("dialog", { name: t.login.heading });
    await dialog.getByLabel(t.login.email).fill(patient.email);
    await dialog.getByLabel(t.login.password, { exact: true }).fill(patient.password);
    await dialog.getByRole("button", { name: t.login.submit }).click();
    await expect(page.getByText(t.login.accountClosed).first()).toBeVisible();
    await expect(page.getByText(t.login.failed)).toHaveCount(0);
    await expectAccessible(page);
  });
}

import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { answersByPage } from "../../app/features/medical-history/test-answers";
import { patientDate } from "../../registry/contract/patient-dates";
import { pdfReadingText } from "../../registry/testing/pdf-text";
import { createCandidate, expect, expectAccessible, formPoster, needsStaffCommands, test as base, withPatient as test } from "./fixtures";
import { postAnswersUpToGoal } from "./support/wizard";

/**
 * Check your answers (SCR-022, SCR-023, MHX-008; decision 110), printable answers (SCR-024, MHX-009; decision 111) and
 * the answers as a PDF (SCR-025, MHX-010; decision 113), with JavaScript on and off, in English and Spanish.
 */

/** The screening answered up to its summary (not registered, a willing donor, goal 'Find a transplant center'). */
async function answerUpToSummary(page: Page) {
  await postAnswersUpToGoal(page, { primaryGoal: "2", primaryGoalOther: "" });
}

/** The summary answer of a question (its <dd>, not the Change link). */
function summaryAnswer(page: Page, question: string) {
  return page.locator(".answer-summary__item").filter({ hasText: question }).locator("dd").first();
}

/** Print media: what is on paper and what is not (computed display, so visibility from the print stylesheet). */
async function expectPrintedAlone(page: Page, name: string, printedFor: string) {
  await page.emulateMedia({ media: "print" });
  for (const selector of [".skip-link", ".site-header", ".site-footer"]) {
    await expect(page.locator(selector).first()).toHaveCSS("display", "none");
  }
  // No button, nor a link drawn as one, takes any room on paper.
  const buttons = page.locator("main button, main [role=button]");
  expect(await buttons.count()).toBeGreaterThan(0);
  expect(await buttons.evaluateAll((els) => els.filter((el) => el.getClientRects().length > 0).length)).toBe(0);
  const heading = page.locator(".print-heading");
  await expect(heading).toBeVisible();
  await expect(heading).toContainText(`${printedFor} ${name}`);
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await page.emulateMedia({ media: "screen" });
  await expect(heading).toBeHidden();
}

/**
 * 'Download as PDF' (SCR-025, MHX-010): the link is a plain link to an attachment never cached, and the PDF's text (its
 * tagged structure in reading order) holds the patient's name, the day and every question and answer the page shows.
 */
async function expectPdfOfShownAnswers(
  page: Page,
  link: Locator,
  expected: { fileName: string; lang: "en" | "es"; name: string; shown: ReadonlyArray<readonly [string, string]> },
) {
  const href = await link.getAttribute("href");
  const headers = (await page.request.get(href!)).headers();
  expect(headers["content-disposition"]).toBe(`attachment; filename="${expected.fileName}"`);
  expect(headers["cache-control"]).toBe("no-store");
  const days = [patientDate(new Date(), expected.lang)];
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  days.push(patientDate(new Date(), expected.lang));
  expect(file.suggestedFilename()).toBe(expected.fileName);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = pdfReadingText(bytes);
  if (text === null) return; // poppler-utils not installed
  expect(text).toContain(`${expected.lang === "es" ? "Paciente" : "Patient"} ${expected.name}`);
  expect(days.some((day) => text.includes(`${expected.lang === "es" ? "Fecha" : "Date"} ${day}`))).toBe(true);
  expect(expected.shown.length).toBeGreaterThan(3);
  for (const [question, answer] of expected.shown) expect(text).toContain(`${question} ${answer}`);
}

/** The questions and answers a page shows, as text: the rows of the summary or the review table. */
async function shownAnswers(rows: Locator): Promise<Array<[string, string]>> {
  return rows.evaluateAll((els) =>
    els.map((el) => {
      const [question, answer] = Array.from(el.querySelectorAll("dt, th, dd, td"), (cell) => (cell as HTMLElement).innerText.trim());
      return [question ?? "", answer ?? ""] as [string, string];
    }),
  );
}

test.describe("Check your answers and printable answers", () => {
  test("English: a change that asks a new question goes through it and back to the summary (SCR-022, SCR-023)", async ({
    page,
    patient: _signedIn,
  }) => {
    await answerUpToSummary(page);
    await page.goto("screening/patient-validation");
    await expect(summaryAnswer(page, "What best describes your donor situation?")).toHaveText("I already have a willing donor.");
    await expectAccessible(page);

    // 'Change', and for screen readers the question it changes.
    const change = page.getByRole("link", { name: "Change What best describes your situation?" });
    await expect(change).toHaveText("Change What best describes your situation?");
    await expect(change.locator(".visually-hidden")).toHaveText(" What best describes your situation?");
    await change.click();
    await expect(page).toHaveURL(/\/screening\/patient-situation\?returnTo=%2Fscreening%2Fpatient-validation$/);
    await expect(page.getByLabel("I am on dialysis and need a kidney transplant", { exact: true })).toBeChecked();

    // A transplant now: the post-transplant question is new, so it comes first, then the summary.
    await page.getByLabel("I have received a kidney transplant", { exact: true }).check();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(/\/screening\/post-transplant\?returnTo=%2Fscreening%2Fpatient-validation$/);
    await expectAccessible(page);
    await page.getByLabel("Not a biological relative", { exact: true }).check();
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    await expect(page).toHaveURL(/\/screening\/patient-validation$/);
    await expect(summaryAnswer(page, "What best describes your situation?")).toHaveText("I have received a kidney transplant.");
    await expect(summaryAnswer(page, "Did your kidney transplant come from a biological relative?")).toHaveText("Not a biological relative.");
    // The donor answer belongs to pages this pass no longer walks: not shown, not saved.
    await expect(page.getByText("I already have a willing donor.")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("Spanish: a goal changed to Other comes straight back to the summary; 'Ver mis respuestas' prints alone and downloads as a PDF (SCR-023, SCR-024, SCR-025)", async ({
    page,
    patient,
  }) => {
    await answerUpToSummary(page);
    await page.goto(`language?lng=es&to=${encodeURIComponent("/screening/patient-validation")}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByRole("link", { name: "Cambiar ¿Qué describe mejor su objetivo principal?" }).click();
    await expect(page).toHaveURL(/\/screening\/primary-goal\?returnTo=/);
    await page.getByLabel("Otro", { exact: true }).check();
    await page.getByLabel("Su objetivo", { exact: true }).fill("Aprender sobre el trasplante");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expect(page).toHaveURL(/\/screening\/patient-validation$/);
    await expect(summaryAnswer(page, "¿Qué describe mejor su objetivo principal?")).toHaveText("Otro. Aprender sobre el trasplante.");
    await expectAccessible(page);

    await page.getByRole("button", { name: "Confirmar y validar la información" }).click();
    await expect(page).toHaveURL(/\/screening\/complete$/);
    await page.goto(`language?lng=es&to=${encodeURIComponent("/landing")}`);
    await page.getByRole("button", { name: "Ver mis respuestas" }).click();
    const dialog = page.getByRole("dialog", { name: "Resultados de la evaluación" });
    await expect(dialog.getByText("Aprender sobre el trasplante.")).toBeVisible();
    await expectAccessible(page);

    await expectPrintedAlone(page, `${patient.firstName} ${patient.lastName}`, "Paciente:");
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".print-heading")).toContainText("Impreso el");
    await expect(dialog.getByText("Aprender sobre el trasplante.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Panel" })).toBeHidden();
    await expect(dialog.locator("h2").first()).toHaveCSS("color", "rgb(0, 0, 0)");
    // Not on paper: the link to the PDF.
    await expect(dialog.getByRole("link", { name: "Descargar en PDF" })).toBeHidden();
    await page.emulateMedia({ media: "screen" });

    // SCR-025: the same answers as a PDF, in Spanish.
    await expectPdfOfShownAnswers(page, dialog.getByRole("link", { name: "Descargar en PDF" }), {
      fileName: "screening-answers.pdf",
      lang: "es",
      name: `${patient.firstName} ${patient.lastName}`,
      shown: await shownAnswers(dialog.locator(".answer-summary__item")),
    });
  });
});

base.describe("Medical history review", () => {
  base(
    "English: Change an answer, back on the review; the review prints alone and downloads as a PDF (MHX-008, MHX-009, MHX-010)",
    async ({ page }) => {
      needsStaffCommands();
      const { patient, csrf } = await createCandidate(page.request);
      const post = formPoster(page.request, csrf);
      for (const [slug, fields] of answersByPage) await post(`medical-history/${slug}`, { intent: "next", ...fields });
      await page.goto("medical-history/review");
      const allergies = page.getByRole("row", { name: /Allergies/ });
      await expect(allergies.getByRole("cell").first()).toHaveText("No");
      await expectAccessible(page);

      await allergies.getByRole("link", { name: "Change Allergies" }).click();
      await expect(page).toHaveURL(/\/medical-history\/allergies\?returnTo=%2Fmedical-history%2Freview$/);
      await page.getByLabel("Yes", { exact: true }).check();
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await expect(page).toHaveURL(/\/medical-history\/review$/);
      await expect(
        page
          .getByRole("row", { name: /Allergies/ })
          .getByRole("cell")
          .first(),
      ).toHaveText("Yes");
      await expectAccessible(page);

      await expectPrintedAlone(page, `${patient.firstName} ${patient.lastName}`, "Patient:");

      // MHX-010: the review's answers as a PDF, in English.
      await expectPdfOfShownAnswers(page, page.getByRole("link", { name: "Download as PDF" }), {
        fileName: "medical-history-answers.pdf",
        lang: "en",
        name: `${patient.firstName} ${patient.lastName}`,
        shown: await shownAnswers(page.locator(".medical-history__review-table tbody tr")),
      });
    },
  );
});

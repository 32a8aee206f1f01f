import en, { type Messages } from "../../app/locales/en/index";
import es from "../../app/locales/es/index";
import { answersByPage } from "../../app/features/medical-history/test-answers";
import { createCandidate, expect, expectAccessible, formPoster, needsStaffCommands, test } from "./fixtures";

/**
 * One birth date per person (docs/decisions/129), with JavaScript on and off, in English and in
 * Spanish: the medical history's birth date question starts from the birth date the patient registered with, says
 * so, and refuses another one with a message naming the way to correct it (the profile), what was typed kept; the
 * review then shows the registered one.
 */

const TEXTS: Record<"en" | "es", Messages> = { en, es };

for (const lang of ["en", "es"] as const) {
  test(`the medical history refuses a birth date other than the registered one, in ${lang === "en" ? "English" : "Spanish"}`, async ({ page }) => {
    needsStaffCommands();
    test.setTimeout(120_000);
    const L = TEXTS[lang];
    const { patient, csrf } = await createCandidate(page.request);
    const post = formPoster(page.request, csrf);
    // The three questions before the birth date (a kidney transplant, its date, the medicines).
    for (const [slug, fields] of answersByPage.slice(0, 3)) await post(`medical-history/${slug}`, { intent: "next", ...fields });

    await page.goto(`language?lng=${lang}&to=${encodeURIComponent("/medical-history/birth-date")}`);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1, name: L.medical.questions.birthDate.question })).toBeVisible();
    const birthDate = page.getByLabel(L.medical.review.birthDate);
    await expect(birthDate).toHaveValue(patient.birthDate);
    await expect(page.getByText(L.medical.questions.birthDate.hint)).toBeVisible();

    // Another birth date (registered 1961-04-12): refused, with the reason, and what was typed kept.
    await birthDate.fill("2015-06-01");
    await page.getByRole("button", { name: L.medical.next, exact: true }).click();
    await expect(page).toHaveURL(/\/medical-history\/birth-date$/);
    const summary = page.getByRole("alert").filter({ hasText: L.errorSummary.title });
    await expect(summary.getByRole("link", { name: L.medical.errors.birthDateNotRegistered })).toBeVisible();
    await expect(birthDate).toHaveValue("2015-06-01");
    await expect(birthDate).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    // The registered one goes on.
    await birthDate.fill(patient.birthDate);
    await page.getByRole("button", { name: L.medical.next, exact: true }).click();
    await expect(page).toHaveURL(/\/medical-history\/height$/);
  });
}

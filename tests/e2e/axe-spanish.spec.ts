import type { Page } from "@playwright/test";
import { createCandidate, expect, expectAccessible, formPoster, needsStaffCommands, registryCommand, test } from "./fixtures";
import { answersByPage } from "../../app/features/medical-history/test-answers";

/**
 * Issue 10: axe stays clean in Spanish too, JavaScript on and off. One Spanish-speaking patient (the language switch,
 * which wins over the patient's preferred language, PLT-005) visits every page of the portal; each page says
 * `<html lang="es">` and passes the same WCAG 2.2 AA axe check as the English journeys.
 */

/** The page in Spanish and clean for axe. */
async function checkSpanish(page: Page, what: string) {
  await expect(page.locator("html"), what).toHaveAttribute("lang", "es");
  await expectAccessible(page);
}

/** Opens a page, checks that it was not sent elsewhere, and checks it. */
async function visit(page: Page, path: string, what = path) {
  await page.goto(path);
  const where = path.split("?")[0]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(page, what).toHaveURL(new RegExp(`/${where}(\\?|$)`));
  await checkSpanish(page, what);
}

test.describe("Requirement PLT-005: axe in Spanish", () => {
  test.describe.configure({ timeout: 480_000 });

  test("every page of the portal, in Spanish, passes axe", async ({ page }) => {
    needsStaffCommands();

    // Signed out: registration (and its errors), the sign-in dialog, a reset link.
    await page.goto(`language?lng=es&to=${encodeURIComponent("/register")}`);
    await checkSpanish(page, "register");
    await page.getByRole("button", { name: "Registrarse", exact: true }).last().click();
    await expect(page).toHaveTitle(/^Error: /);
    await checkSpanish(page, "register with errors");
    await visit(page, "register?login=1", "sign-in dialog");
    await expect(page.getByRole("dialog")).toBeVisible();
    await visit(page, "reset-password?h=not-a-real-token", "reset password");

    // A candidate of the immune-tolerance program (signed in through the page's own cookies).
    const { patient, csrf } = await createCandidate(page.request);
    const post = formPoster(page.request, csrf);
    await visit(page, "landing", "dashboard");
    await visit(page, "confirm", "confirm");
    await visit(page, "profile", "profile");
    // The one 404 page: a lab page for an id that is not one (any unknown path leads to /register, PLT-002).
    const missing = await page.goto("lab-tests/no-es-un-numero");
    expect(missing?.status()).toBe(404);
    await checkSpanish(page, "404");

    // The medical history: a question, one with an error, the review; then the e-sign page.
    await visit(page, "medical-history/kidney-transplant", "medical history question");
    await page.getByRole("button", { name: "Siguiente", exact: true }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await checkSpanish(page, "medical history question with an error");
    for (const [slug, fields] of answersByPage) await post(`medical-history/${slug}`, { intent: "next", ...fields });
    await visit(page, "medical-history/review", "medical history review");
    await post("medical-history/review", { intent: "submit" });
    await visit(page, "e-sign", "e-sign");

    // The screening questionnaire, a new screening cleared to select a center: each step, one with an error, the
    // Complete page and its Screening Results dialog.
    await post("landing", { intent: "start-screening" });
    await visit(page, "screening/patient-situation", "screening: patient situation");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await checkSpanish(page, "screening: patient situation with an error");
    await post("screening/patient-situation", { intent: "continue", kidneyStatus: "1", kidneyStatusOther: "" });
    await visit(page, "screening/transplant-center-registration", "screening: registration");
    await post("screening/transplant-center-registration", { intent: "continue", transplantCenterSituation: "2" });
    await visit(page, "screening/donor-situation", "screening: donor situation");
    await post("screening/donor-situation", { intent: "continue", donorStatus: "1", donorStatusOther: "" });
    await visit(page, "screening/primary-goal", "screening: primary goal");
    await post("screening/primary-goal", { intent: "continue", primaryGoal: "2", primaryGoalOther: "" });
    await visit(page, "screening/patient-validation", "screening: verify info");
    await page.getByLabel("Fecha de nacimiento").fill(`${new Date().getUTCFullYear() + 1}-01-15`);
    await page.getByRole("button", { name: "Confirmar y validar la información" }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await checkSpanish(page, "screening: verify info with an error");
    await page.getByLabel("Fecha de nacimiento").fill(patient.birthDate);
    await page.getByRole("button", { name: "Confirmar y validar la información" }).click();
    await expect(page).toHaveURL(/\/screening\/complete$/);
    await checkSpanish(page, "screening: complete");
    const id = Number(/\/select-center\/(\d+)$/.exec((await page.getByRole("button", { name: "Continuar" }).getAttribute("href")) ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    await visit(page, "screening/complete?results=1", "screening results dialog (not view-only)");
    await expect(page.getByRole("dialog", { name: "Cuestionario de evaluación" })).toBeVisible();
    await visit(page, `landing?results=${id}`, "screening results dialog (view-only)");
    await expect(page.getByRole("dialog", { name: "Resultados de la evaluación" })).toBeVisible();

    // Center selection with its confirmation dialog, then the lab pages and the lab staff page.
    await visit(page, `select-center/${id}`, "select center");
    await page
      .getByRole("button", { name: /^Elegir / })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await checkSpanish(page, "select center confirmation");
    await page.getByRole("dialog").getByRole("button", { name: "Entiendo, continuar" }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await checkSpanish(page, "dashboard with a center");
    await visit(page, `lab-tests/${id}`, "lab tests, awaiting approval");
    await registryCommand(["approve-labs", "--screening", String(id)]);
    await visit(page, `lab-tests/${id}`, "lab tests, ready");
    await visit(page, `lab-results/${id}`, "lab results");
    await visit(page, `landing?change=${id}`, "change center dialog");
    // /update-labs is a lab person's now (docs/decisions/133): signed out, the staff sign-in it leads to.
    await visit(page, "staff/sign-in", "staff sign-in");
  });
});

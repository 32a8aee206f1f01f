import type { Page } from "@playwright/test";
import { QUESTIONS } from "../../app/features/medical-history/questions";
import { complete } from "../../app/features/medical-history/test-answers";
import {
  createCandidate,
  createClearedScreening,
  expect,
  formPoster,
  hydrated,
  needsStaffCommands,
  selectFirstCenter,
  sessionPoster,
  test,
  withPatient,
} from "./fixtures";
import { expectNoSidewaysScroll } from "./support/reflow";

/**
 * Reflow (WCAG 1.4.10, issue 10): at 320 CSS px no page of the portal scrolls sideways; wide content (the centers
 * table) becomes stacked cards or stays inside its own scroll box. /select-center is checked at 1280 px too, where
 * the table is wider than the window and its scroll box must hold everything in it. JavaScript on and off.
 */

/**
 * WCAG 1.4.12 text spacing, as a patient's own style sheet sets it: line height 1.5, paragraphs 2em apart, letters
 * 0.12em and words 0.16em apart. A style sheet adopted by the document, so the page's scripts leave it in place.
 */
async function applyTextSpacing(page: Page) {
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }",
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
}

async function visit(page: Page, path: string, { textSpacing = false } = {}) {
  await page.goto(path);
  // Not the registration page a visitor who is not signed in is sent to.
  await expect(page).not.toHaveURL(/[?&]logout=true/);
  await expect(page.locator("h1, dialog[open] h2").first()).toBeVisible();
  if (textSpacing) await applyTextSpacing(page);
  await expectNoSidewaysScroll(page, textSpacing ? `${path} with WCAG 1.4.12 text spacing` : path);
}

/** The portal in Spanish from now on (the language switch, PLT-005), at `to`. */
async function inSpanish(page: Page, to: string) {
  await page.goto(`language?lng=es&to=${encodeURIComponent(to)}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
}

test.describe("at 320 px, without signing in", () => {
  test.use({ viewport: { width: 320, height: 640 } });
  test("the public pages and their dialogs", async ({ page }) => {
    for (const path of ["register", "register?login=1", "register?forgot=1", "register?hipaa=1", "staff/sign-in", "no-such-page"]) {
      await visit(page, path);
    }
  });
});

test.describe("at 320 px with WCAG 1.4.12 text spacing, without signing in", () => {
  test.use({ viewport: { width: 320, height: 640 } });
  test("the public pages and their dialogs, in English and in Spanish", async ({ page }) => {
    const paths = ["register", "register?login=1", "register?forgot=1", "register?hipaa=1", "staff/sign-in"];
    for (const path of paths) await visit(page, path, { textSpacing: true });
    await inSpanish(page, "/register");
    for (const path of paths) await visit(page, path, { textSpacing: true });
  });
});

withPatient.describe("at 320 px with WCAG 1.4.12 text spacing, signed in", () => {
  withPatient.use({ viewport: { width: 320, height: 640 } });
  withPatient("dashboard, profile, confirm, a screening step, in English and in Spanish", async ({ page, patient }) => {
    const paths = ["landing", "profile", "confirm", "confirm?confirm=email"];
    for (const path of paths) await visit(page, path, { textSpacing: true });
    await expect(page.locator(".account-menu summary")).toContainText(patient.firstName);
    await (
      await sessionPoster(page.request)
    )("landing", { intent: "start-screening" });
    await visit(page, "screening/patient-situation", { textSpacing: true });
    await inSpanish(page, "/landing");
    for (const path of [...paths, "screening/patient-situation"]) await visit(page, path, { textSpacing: true });
  });
});

withPatient.describe("at 320 px in Spanish", () => {
  withPatient.use({ viewport: { width: 320, height: 640 } });

  withPatient("/profile after a password error", async ({ page, patient }) => {
    await inSpanish(page, "/profile");
    await expect(page.locator(".account-menu summary")).toContainText(patient.firstName);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Actualizar contraseña" }) });
    await form.getByRole("button", { name: "Actualizar contraseña" }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.getByRole("alert").filter({ hasText: /\S/ }).first()).toBeVisible();
    // With JavaScript, measured once the Show buttons are there (they come with the scripts).
    await hydrated(page);
    await expectNoSidewaysScroll(page, "/profile in Spanish after a password error");
    // The password boxes keep a usable width beside their Show buttons.
    for (const box of await page.locator(".password-input input").all()) expect((await box.boundingBox())?.width).toBeGreaterThanOrEqual(150);
  });

  test("the medical history's review", async ({ page }) => {
    needsStaffCommands();
    const { csrf } = await createCandidate(page.request);
    const post = formPoster(page.request, csrf);
    for (const q of QUESTIONS) {
      if (q.condition && complete[q.condition] !== "1") continue;
      await post(`medical-history/${q.slug}`, { intent: "next", ...Object.fromEntries(q.fields.map((f) => [f, complete[f] ?? ""])) });
    }
    await inSpanish(page, "/medical-history/review");
    await visit(page, "medical-history/review");
  });
});

withPatient.describe("at 320 px, signed in", () => {
  withPatient.use({ viewport: { width: 320, height: 640 } });
  withPatient.describe.configure({ timeout: 180_000 });

  withPatient("dashboard, profile, confirm and its dialog, the screening steps", async ({ page, patient }) => {
    for (const path of ["landing", "profile", "confirm", "confirm?confirm=email", "confirm?confirm=text"]) await visit(page, path);
    await expect(page.locator(".account-menu summary")).toContainText(patient.firstName);
    const post = await sessionPoster(page.request);
    await post("landing", { intent: "start-screening" });
    const steps: Array<[string, Record<string, string>]> = [
      ["screening/patient-situation", { intent: "continue", kidneyStatus: "1", kidneyStatusOther: "" }],
      ["screening/transplant-center-registration", { intent: "continue", transplantCenterSituation: "2" }],
      ["screening/donor-situation", { intent: "continue", donorStatus: "1", donorStatusOther: "" }],
      ["screening/primary-goal", { intent: "continue", primaryGoal: "2", primaryGoalOther: "" }],
    ];
    for (const [path, answer] of steps) {
      await visit(page, path);
      await post(path, answer);
    }
    await visit(page, "screening/patient-validation");
  });

  withPatient("select center, its dialog, the dashboard with referrals, the lab pages", async ({ page, patient }) => {
    const id = await createClearedScreening(page.request, patient);
    await visit(page, `select-center/${id}`);
    await visit(page, `select-center/${id}?distance=0`);
    await visit(page, "screening/complete");
    const centerId = await selectFirstCenter(page.request, id);
    await visit(page, "landing");
    await expect(page.getByRole("table", { name: "Transplant centers you were referred to" })).toBeVisible();
    await visit(page, `landing?change=${id}`);
    await visit(page, `lab-tests/${id}`);
    await visit(page, `lab-results/${id}`);
    expect(centerId).toMatch(/^\d+$/);
  });

  withPatient("medical history, its review and the e-sign page", async ({ page }) => {
    needsStaffCommands();
    const { csrf } = await createCandidate(page.request);
    const post = formPoster(page.request, csrf);
    await visit(page, "landing");
    for (const q of QUESTIONS) {
      if (q.condition && complete[q.condition] !== "1") continue;
      await visit(page, `medical-history/${q.slug}`);
      await post(`medical-history/${q.slug}`, { intent: "next", ...Object.fromEntries(q.fields.map((f) => [f, complete[f] ?? ""])) });
    }
    await visit(page, "medical-history/review");
    await post("medical-history/review", { intent: "submit" });
    await visit(page, "e-sign");
  });
});

withPatient.describe("/select-center at 1280 px", () => {
  withPatient.use({ viewport: { width: 1280, height: 800 } });
  withPatient("the table scrolls in its own box; the page does not", async ({ page, patient }) => {
    const id = await createClearedScreening(page.request, patient);
    await visit(page, `select-center/${id}?distance=0`);
    const box = page.getByRole("region", { name: "Kidney for Life Centers" });
    // The table is wider than its box (so the box scrolls), and nothing in it reaches past the box.
    const sizes = await box.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(sizes.scrollWidth).toBeGreaterThan(sizes.clientWidth);
  });
});

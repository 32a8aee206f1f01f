import type { Page } from "@playwright/test";
import { QUESTIONS } from "../../app/features/medical-history/questions";
import { complete } from "../../app/features/medical-history/test-answers";
import {
  createCandidate,
  createClearedScreening,
  expect,
  formPoster,
  hiddenValue,
  selectFirstCenter,
  STAFF_COMMANDS_NEED,
  staffCommandsAvailable,
  test,
  withPatient,
} from "./fixtures";

/**
 * Reflow (WCAG 1.4.10, issue 10): at 320 CSS px no page of the portal scrolls sideways; wide content (the centers
 * table) becomes stacked cards or stays inside its own scroll box. /select-center is checked at 1280 px too, where
 * the table is wider than the window and its scroll box must hold everything in it. JavaScript on and off.
 */

/** The page is no wider than the window; the message names what sticks out, to find it. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  await page.waitForLoadState("load");
  const found = await page.evaluate(() => {
    const inner = window.innerWidth;
    const wider = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > inner + 0.5)
      // Inside a scroll box that fits, sticking out of the box is scrolling within it.
      .filter((el) => {
        for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
          if (getComputedStyle(box).overflowX !== "visible" && box.getBoundingClientRect().right <= inner + 0.5) return false;
        }
        return true;
      })
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")} right=${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, inner, wider };
  });
  expect(found.scrollWidth, `${what} at ${found.inner} px scrolls sideways; sticking out: ${found.wider.join(" | ")}`).toBeLessThanOrEqual(
    found.inner,
  );
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("h1, dialog[open] h2").first()).toBeVisible();
  await expectNoSidewaysScroll(page, path);
}

test.describe("at 320 px, without signing in", () => {
  test.use({ viewport: { width: 320, height: 640 } });
  test("the public pages and their dialogs", async ({ page }) => {
    for (const path of ["register", "register?login=1", "register?forgot=1", "register?hipaa=1", "update-labs", "no-such-page"]) {
      await visit(page, path);
    }
  });
});

withPatient.describe("at 320 px, signed in", () => {
  withPatient.use({ viewport: { width: 320, height: 640 } });
  withPatient.describe.configure({ timeout: 180_000 });

  withPatient("dashboard, profile, confirm and its dialog, the screening steps", async ({ page }) => {
    for (const path of ["landing", "profile", "confirm", "confirm?confirm=email", "confirm?confirm=text"]) await visit(page, path);
    const csrf = hiddenValue(await (await page.request.get("landing")).text(), "_csrf");
    const post = formPoster(page.request, csrf);
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
    withPatient.skip(!staffCommandsAvailable, STAFF_COMMANDS_NEED);
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

import type { Page } from "@playwright/test";
import { expect, expectAccessible, newPatient, register, withPatient, test } from "./fixtures";
import { CHECKED_APIS, deleteApis, NEWER_APIS } from "./support/old-browsers";

/**
 * The browser support policy (decision 030): the enhanced layer runs only where the "cut the mustard" check passes;
 * every other browser keeps the server's HTML page. The main journeys also run in such a browser (project "older").
 */

/** Waits until the page's scripts have settled, then tells whether React Router took over the page. */
async function tookOver(page: Page): Promise<boolean> {
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));
}

test.describe("cut the mustard", () => {
  test.skip(({ javaScriptEnabled, olderBrowser }) => !javaScriptEnabled || olderBrowser, "a browser that runs scripts");

  test("a browser with showModal, SubmitEvent.submitter and modules gets the enhanced layer", async ({ page }) => {
    await page.goto("register");
    await expect(page.locator("html")).toHaveClass(/\bjs-enabled\b/);
    expect(await tookOver(page)).toBe(true);
  });

  for (const missing of [
    ["HTMLDialogElement.prototype", "showModal"],
    ["SubmitEvent.prototype", "submitter"],
  ] as const) {
    test(`a browser without ${missing.join(".")} stays on the HTML page, which works`, async ({ page }) => {
      await page.addInitScript(([owner, name]) => {
        const proto = owner === "SubmitEvent.prototype" ? SubmitEvent.prototype : HTMLDialogElement.prototype;
        Reflect.deleteProperty(proto, name);
      }, missing);
      await page.goto("register");
      expect(await tookOver(page)).toBe(false);
      await expect(page.locator("html")).not.toHaveClass(/\bjs-enabled\b/);
      // The sign-in dialog is the server's: a link that opens it, open without showModal.
      await page.getByRole("link", { name: "Already Registered?" }).first().click();
      await expect(page).toHaveURL(/\?login=/);
      const dialog = page.getByRole("dialog", { name: "Already Registered?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Login" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
      await expect(page).toHaveTitle(/^Error: /);
      await expectAccessible(page);
    });
  }
});

/** Page errors (an uncaught exception in the page's scripts), collected from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("what the check tests is all the bundle needs (decision 089)", () => {
  test.skip(({ javaScriptEnabled, olderBrowser }) => !javaScriptEnabled || olderBrowser, "a browser that runs scripts");

  // Before 089 Chrome 85-91 passed the check without Array.prototype.at, which the header used: "Application Error".
  test("the oldest browsers that pass the check (every newer API deleted) get the enhanced layer and register", async ({ page }) => {
    await page.addInitScript(deleteApis, NEWER_APIS);
    const errors = pageErrors(page);
    const patient = newPatient("Ada");
    await page.goto("register");
    expect(await tookOver(page)).toBe(true);
    // The emulation holds: no style rule with :has() is left (such a browser drops them).
    const hasRules = await page.evaluate(() => {
      const count = (rules: CSSRuleList): number =>
        Array.from(rules).reduce(
          (n, r) => n + (r instanceof CSSStyleRule && r.selectorText.includes(":has(") ? 1 : r instanceof CSSGroupingRule ? count(r.cssRules) : 0),
          0,
        );
      return Array.from(document.styleSheets).reduce((n, sheet) => n + count(sheet.cssRules), 0);
    });
    expect(hasRules).toBe(0);
    await register(page, patient);
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await expect(page).toHaveTitle(/^Welcome – /);
    expect(errors).toEqual([]);
  });

  // Before 089 Firefox 98-104 passed the check without TextEncoderStream, which React Router's inline script uses:
  // a blank page.
  for (const api of CHECKED_APIS) {
    test(`a browser without ${api.owner}.${api.name} (${api.lackedBy}) keeps the HTML page and registers`, async ({ page }) => {
      await page.addInitScript(deleteApis, [api]);
      const patient = newPatient("Bea");
      await page.goto("register");
      expect(await tookOver(page)).toBe(false);
      await expect(page.locator("html")).not.toHaveClass(/\bjs-enabled\b/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Register for a kidney transplant");
      await register(page, patient);
      await expect(page).toHaveURL(/\/landing$/);
      await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
      expect(await tookOver(page)).toBe(false);
    });
  }
});

withPatient.describe("a route chunk that fails to load", () => {
  withPatient.skip(({ javaScriptEnabled, olderBrowser }) => !javaScriptEnabled || olderBrowser, "client navigation");

  withPatient("the patient still gets to the page asked for, once, as a full page load", async ({ page, patient }) => {
    await page.goto("landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    expect(await tookOver(page)).toBe(true);
    // The screening step's chunk is not fetched by the dashboard; from now on it cannot be loaded.
    let refused = 0;
    await page.route(/\/assets\/_private\.screening\._page-[^/]*\.js$/, async (route) => {
      refused += 1;
      await route.abort();
    });
    let dashboardLoads = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).pathname.endsWith("/landing")) dashboardLoads += 1;
    });
    await page.getByRole("button", { name: "Start Screening" }).click();
    await expect(page).toHaveURL(/\/screening\/patient-situation$/);
    await expect(page.getByRole("heading", { level: 1, name: "What best describes your situation?" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(refused).toBeGreaterThan(0);
    // Not the dashboard again (React Router's own answer reloads the current page).
    expect(dashboardLoads).toBe(0);
    // The page works as HTML: answering goes on to the next step.
    await page.getByLabel("I am on dialysis and need a kidney transplant", { exact: true }).check();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(/\/screening\/transplant-center-registration$/);
  });
});

import type { Page } from "@playwright/test";
import { expect, expectAccessible, withPatient, test } from "./fixtures";

/**
 * The browser support policy (decision 030): the enhanced layer runs only where the "cut the mustard" check passes;
 * every other browser keeps the server's HTML page. The main journeys also run in such a browser (project "older").
 */

/** Waits until the page's scripts have settled, then tells whether React Router took over the page. */
async function hydrated(page: Page): Promise<boolean> {
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => performance.getEntriesByName("portal:hydrated").length > 0);
}

test.describe("cut the mustard", () => {
  test.skip(({ javaScriptEnabled, olderBrowser }) => !javaScriptEnabled || olderBrowser, "a browser that runs scripts");

  test("a browser with showModal, SubmitEvent.submitter and modules gets the enhanced layer", async ({ page }) => {
    await page.goto("register");
    await expect(page.locator("html")).toHaveClass(/\bjs-enabled\b/);
    expect(await hydrated(page)).toBe(true);
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
      expect(await hydrated(page)).toBe(false);
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

withPatient.describe("a route chunk that fails to load", () => {
  withPatient.skip(({ javaScriptEnabled, olderBrowser }) => !javaScriptEnabled || olderBrowser, "client navigation");

  withPatient("the patient still gets to the page asked for, once, as a full page load", async ({ page, patient }) => {
    await page.goto("landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    expect(await hydrated(page)).toBe(true);
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

import type { Response } from "@playwright/test";
import { createClearedScreening, expect, hydrated, scriptsRun, withPatient } from "./fixtures";

/**
 * Issue 24 item 5: the route-chunk fallback (app/enhance/route-chunk-fallback.tsx) loads the page asked for in full
 * when its JavaScript cannot be loaded. When the page's data had already been answered by then, the flash message that
 * answer carried was spent (the session cookie it set no longer holds it), and the full page load showed none: the
 * patient never read that the center selection was saved. A navigation's data now waits for its route modules
 * (docs/decisions/092), so a chunk that fails leaves the message for the page load.
 */
withPatient.describe("a route chunk that fails after a center selection (JavaScript)", () => {
  withPatient.skip(({ javaScriptEnabled, olderBrowser }) => !javaScriptEnabled || olderBrowser || !scriptsRun(), "client navigation");

  withPatient("the dashboard loads in full and still says the selection was saved", async ({ page, patient }) => {
    const id = await createClearedScreening(page.request, patient);
    await page.goto(`select-center/${id}`);
    await hydrated(page);
    await page.waitForLoadState("networkidle");

    // The dashboard's chunk fails once, on a slow link: it fails after the dashboard's data came back, or after
    // 1.5 s if no data request came (a data request that waits for it).
    let dataAnswered: Promise<Response | null> | null = null;
    let refused = 0;
    await page.route(/\/assets\/_private\.landing-[^/]*\.js$/, async (route) => {
      if (refused > 0) return route.fallback();
      refused += 1;
      dataAnswered ??= page.waitForResponse(/\/landing\.data(\?|$)/, { timeout: 1_500 }).catch(() => null);
      await dataAnswered;
      await route.abort("internetdisconnected");
    });
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documents.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });

    const select = page
      .getByRole("table", { name: "Kidney for Life Centers" })
      .getByRole("button", { name: /^Select / })
      .first();
    const name = (await select.locator("xpath=ancestor::tr").locator("th").innerText()).trim();
    await select.click();
    await page.getByRole("dialog", { name: "Select Center Confirmation" }).getByRole("button", { name: "I Understand, Continue" }).click();

    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    expect(refused).toBe(1);
    // The plain HTML way to the dashboard, once.
    expect(documents.filter((d) => d.endsWith("/landing"))).toEqual(["GET /landing"]);
    // Before: the dashboard without the message.
    await expect(page.getByRole("main").getByRole("status")).toContainText(`Your selection of ${name} has been saved.`);
  });
});

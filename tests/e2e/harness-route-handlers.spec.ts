import { expect, scriptsRun, test } from "./fixtures";

/**
 * The e2e harness itself (tests/e2e/fixtures.ts, the `page` fixture): a route handler still running when its test
 * ends must not fail the next test in the worker, nor, between tests, stop the worker so that the next test never
 * runs. dialog-focus.spec.ts rewrites every style sheet with `route.fetch()`, which throws "Test ended" once the page
 * has closed. Two tests in order in one worker: the first leaves such a handler behind, the second must pass.
 */
test.describe.serial("a route handler that outlives its test", () => {
  test.skip(() => !scriptsRun(), "the harness, not the portal: one project is enough");

  let started = false;

  test("the first test ends while its handler waits to fetch", async ({ page }) => {
    let release = () => {};
    const waiting = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/readyz$/, async (route) => {
      started = true;
      release();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fetch();
    });
    await page.goto("register");
    void page.evaluate(() => fetch("readyz")).catch(() => {});
    await waiting;
  });

  test("the next test runs and passes after the handler has thrown", async ({ page }) => {
    expect(started).toBe(true);
    await page.waitForTimeout(2_500);
  });
});

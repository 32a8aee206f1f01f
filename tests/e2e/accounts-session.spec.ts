import { expect, expectAccessible, withPatient as test } from "./fixtures";

test.describe("idle warning with JavaScript (D6, WCAG 2.2.1)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the warning needs JavaScript");

  test("a warning comes 2 minutes before the idle limit and 'Stay signed in' keeps the session", async ({ page, patient }) => {
    await page.clock.install();
    await page.goto("landing");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The warning's timers start once the page is hydrated (the browser first loads the page's messages): wait for
    // Remix's router, then let the effects run, before moving the clock.
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.waitForTimeout(500);

    await page.clock.fastForward("27:00");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.clock.fastForward("01:00");
    const dialog = page.getByRole("dialog", { name: "Your session is about to end" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("You will be signed out in about 2 minutes unless you choose to stay signed in.");
    await expectAccessible(page);

    await dialog.getByRole("button", { name: "Stay signed in" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.clock.fastForward("20:00");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
});

test.describe("idle limit without JavaScript (D6)", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "checks the page without JavaScript");

  test("no warning is shown; the server's limit alone applies", async ({ page, patient }) => {
    await page.goto("landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("#idle-dialog")).toHaveCount(0);
  });
});

import { dashboardOnTestClock, expect, expectAccessible, idleOnServer, scriptsRun, withPatient as test } from "./fixtures";

/** Issue 10's smaller items: messages that stay (docs/decisions/037) and focus when the session ends. */

test.describe("success messages", () => {
  // Requirement PLT-008.
  test("stay in <main> until closed or the next page (docs/decisions/037)", async ({ page, patient }) => {
    // With JavaScript, a fake clock: time runs as usual, and jumping a minute ahead shows nothing closes on a timer.
    if (scriptsRun()) await page.clock.install();
    await page.goto("landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await page.getByRole("link", { name: "Opt Out" }).click();
    await page.getByRole("dialog", { name: "Confirm Registration Opt Out" }).getByRole("button", { name: "Opt Out" }).click();
    const status = page.getByRole("main").getByRole("status");
    await expect(status).toContainText("You have opted out.");
    if (scriptsRun()) await page.clock.fastForward(60_000);
    await expect(status).toContainText("You have opted out.");
    await expectAccessible(page);
    if (scriptsRun()) {
      await status.getByRole("button", { name: "Dismiss message" }).click();
      await expect(status).toBeEmpty();
      await expect(page.getByRole("main")).toBeFocused();
    } else {
      await expect(status.getByRole("button")).toHaveCount(0);
      await page.goto("profile");
      await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("status")).toBeEmpty();
    }
  });
});

test.describe("the end of the session with JavaScript", () => {
  test.skip(() => !scriptsRun(), "the idle warning needs the JavaScript layer");
  test("focus goes to the message that the session has ended, not to <body>", async ({ page, patient }) => {
    await dashboardOnTestClock(page, patient.firstName);
    // The server's session idle as long as the page's clock says (ACC-051: the tab asks the server first).
    await idleOnServer(page, 28 * 60_000);
    await page.clock.fastForward("28:00");
    const warning = page.getByRole("dialog", { name: "Your session is about to end" });
    await expect(warning.getByRole("button", { name: "Stay signed in" })).toBeFocused();
    await idleOnServer(page, 31 * 60_000);
    await page.clock.fastForward("02:00");
    const ended = page.getByRole("dialog", { name: "Your session has ended. Please sign in again." });
    await expect(ended.getByRole("heading", { name: "Your session has ended. Please sign in again." })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(ended.getByRole("button", { name: "Sign in again" })).toBeFocused();
    await expectAccessible(page);
  });
});

import { dashboardOnTestClock, expect, expectAccessible, idleOnServer, scriptsRun, withPatient as test } from "./fixtures";

/** ACC-051 (docs/decisions/114): an idle tab asks the server before it warns or says the session ended. */

test.describe("an idle tab while the patient uses another (ACC-051)", () => {
  test.skip(() => !scriptsRun(), "the idle warning needs the JavaScript layer");

  test("the idle tab neither warns nor says the session ended while another tab is used; after the real end it does", async ({ page, patient }) => {
    // Tab 1 stays idle on the dashboard, its clock under the test's control; tab 2 is where the patient works.
    await dashboardOnTestClock(page, patient.firstName);
    const other = await page.context().newPage();
    await other.goto("profile");
    await expect(other.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();

    // Tab 1's own count passes the warning and then the end (29.5 minutes) twice over, while tab 2 is used.
    for (let round = 0; round < 2; round++) {
      const asked = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/session-status"));
      await page.clock.fastForward("28:00");
      expect(await (await asked).json()).toMatchObject({ signedIn: true });
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await other.goto(round === 0 ? "landing" : "profile");
      await expect(other.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    }
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText("Your session has ended. Please sign in again.")).toHaveCount(0);

    // Now nobody uses the portal for 31 minutes (the server's real state): the idle tab says the session ended.
    await idleOnServer(page, 31 * 60_000);
    await page.clock.fastForward("28:00");
    const ended = page.getByRole("dialog", { name: "Your session has ended. Please sign in again." });
    await expect(ended).toBeVisible();
    await expectAccessible(page);
    // It had really ended: the other tab's next page is the sign-in page, saying why.
    await other.goto("profile");
    await expect(other).toHaveURL(/\/register\?logout=true$/);
    await expect(other.getByRole("status")).toContainText("Your session has ended after a period without activity. Please sign in again.");
  });

  test("asking is not activity: an idle session's count goes on down", async ({ page, patient }) => {
    await page.goto("landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await idleOnServer(page, 28 * 60_000);
    for (let i = 0; i < 2; i++) {
      // Nor is the browser asking React Router where a page's new links lead (route discovery, which the idle
      // warning's own links set off): before, each such request counted as the patient's activity.
      await page.request.get(`__manifest?paths=${encodeURIComponent("/keep-alive")}`);
      const status = (await (await page.request.get("session-status")).json()) as { signedIn: boolean; msLeft: number };
      expect(status.signedIn).toBe(true);
      expect(status.msLeft).toBeGreaterThan(0);
      expect(status.msLeft).toBeLessThanOrEqual(2 * 60_000);
    }
  });
});

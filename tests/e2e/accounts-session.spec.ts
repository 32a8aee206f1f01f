import {
  ageSession,
  createPatient,
  dashboardOnTestClock,
  expect,
  expectAccessible,
  idleOnServer,
  needsStaffCommands,
  newPatient,
  sqlQuery,
  test as plainTest,
  withPatient as test,
} from "./fixtures";

test.describe("idle warning with JavaScript (PLT-012, WCAG 2.2.1)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the warning needs JavaScript");

  test("a warning comes 2 minutes before the idle limit and 'Stay signed in' keeps the session", async ({ page, patient }) => {
    await dashboardOnTestClock(page, patient.firstName);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.clock.fastForward("27:00");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The server's session idle as long as the page's clock says (ACC-051: the tab asks the server before it warns).
    await idleOnServer(page, 28 * 60_000);
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

test.describe("idle limit without JavaScript (PLT-011)", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "checks the page without JavaScript");

  test("no warning is shown; the server's limit alone applies", async ({ page, patient }) => {
    await page.goto("landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("#idle-dialog")).toHaveCount(0);
  });
});

test.describe("why the patient was signed out (docs/decisions/040)", () => {
  test("past the idle limit a private page leads to /register saying so, once, and not 'Please sign in'", async ({ page, patient }) => {
    await page.goto("landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await ageSession(page, (data, now) => {
      data.lastSeenAt = now - 31 * 60_000;
    });
    await page.goto("profile");
    await expect(page).toHaveURL(/\/register\?logout=true$/);
    await expect(page.getByRole("status")).toContainText("Your session has ended after a period without activity. Please sign in again.");
    await expect(page.getByText("Your session has ended after a period without activity.")).toHaveCount(1);
    await expect(page.getByText("Please sign in to continue.")).toHaveCount(0);
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toHaveCount(0);
    await expectAccessible(page);
    // Shown once: the next page has no message (its markup as served, before any script could hide it; the texts
    // the page may show travel in a script's loader data, decision 073, so scripts are left out).
    const next = await page.request.get("register");
    const markup = (await next.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
    expect(markup).toContain("</h1>");
    expect(markup).not.toContain("Your session has ended after a period without activity.");
  });

  test("past the 12-hour limit the page says the session reached its time limit", async ({ page, patient }) => {
    await page.goto("landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await ageSession(page, (data, now) => {
      data.signedInAt = now - 12 * 60 * 60_000 - 60_000;
    });
    await page.goto("confirm");
    await expect(page).toHaveURL(/\/register\?logout=true$/);
    await expect(page.getByText("Your session has reached its time limit. Please sign in again.")).toHaveCount(1);
    await expect(page.getByText("Please sign in to continue.")).toHaveCount(0);
  });
});

plainTest.describe("signed out pages (docs/decisions/040)", () => {
  plainTest("a visitor opening a private page reads 'Please sign in to continue.' once", async ({ page }) => {
    await page.goto("landing");
    await expect(page).toHaveURL(/\/register\?logout=true$/);
    await expect(page.getByRole("status")).toContainText("Please sign in to continue.");
    await expect(page.getByText("Please sign in to continue.")).toHaveCount(1);
    await expectAccessible(page);
  });

  plainTest("a Spanish-speaking patient who signs out reads the sign-out page in Spanish", async ({ page }) => {
    needsStaffCommands();
    const patient = await createPatient(page.request, newPatient("Lucia"), { verified: true });
    await sqlQuery("update medical_records set preferred_language = 2 where lower(email) = lower($1)", [patient.email]);
    await page.context().clearCookies();
    await page.goto("register?login=1");
    const login = page.getByRole("dialog", { name: "Already Registered?" });
    await login.getByLabel("Email").fill(patient.email);
    await login.getByLabel("Password").fill(patient.password);
    await login.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/landing$/);
    // A page loaded afresh: with JavaScript the sign-in's client navigation keeps the browser's texts (see the report).
    await page.goto("landing");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByText(`Bienvenido/a, ${patient.firstName}`).click();
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/register\?logout=true$/);
    await expect(page.getByRole("status")).toContainText("Ha cerrado la sesión.");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expectAccessible(page);
  });
});

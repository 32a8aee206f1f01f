import { expect, expectAccessible, MAIN_JOURNEY, newPatient, register, scriptsRun, test } from "./fixtures";

test.describe("walking skeleton: register, sign out, sign in", () => {
  // PLT-003 (the header and its menu), ACC-012 (the email in another case), ACC-019 (registered, then signed in).
  test("a new patient registers, lands on the dashboard, signs out and signs in again", { tag: MAIN_JOURNEY }, async ({ page }) => {
    const patient = newPatient("Rosa");
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Register for a kidney transplant");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expectAccessible(page);

    await register(page, patient);
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await expect(page.getByText("Account Verification Required")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Screening Questionnaire" })).toBeVisible();
    await expect(page.getByText("Pending Verification")).toBeVisible();
    await expectAccessible(page);

    await page.getByText(`Welcome, ${patient.firstName}`).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/register\?logout=true$/);
    await expect(page.getByRole("status")).toContainText("You have been signed out.");
    await expectAccessible(page);

    await page.goto("/landing");
    await expect(page).toHaveURL(/\/register\?logout=true$/);

    await page.getByRole("link", { name: "Already Registered?" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Already Registered?" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel("Email").fill(patient.email.toUpperCase());
    await dialog.getByLabel("Password").fill(patient.password);
    await dialog.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
  });

  // Requirement PLT-006, PLT-009.
  test("an empty registration shows every message, keeps nothing secret, and the title says Error", async ({ page }) => {
    await page.goto("/register");
    await page.locator("form[aria-label]").first().getByLabel("First name", { exact: true }).fill("Ana");
    await page.locator("form[aria-label]").first().getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page).toHaveTitle(/^Error: /);
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toBeVisible();
    for (const message of [
      "Last name is required",
      "Preferred name is required",
      "Valid birth date is required",
      "Email is required",
      "Phone number is required",
      "Your password must be at least 12 characters long",
      "Please confirm the password",
      "Address is required",
      "City is required",
      "State is required",
      "Postal code is required",
      "Preferred language is required",
      "Gender is required",
      "You must agree to the HIPAA release to continue",
    ]) {
      await expect(summary.getByRole("link", { name: message })).toBeVisible();
    }
    await expect(summary.getByRole("link", { name: "First name is required" })).toHaveCount(0);
    const form = page.locator("form[aria-label]").first();
    await expect(form.getByLabel("First name", { exact: true })).toHaveValue("Ana");
    await expect(form.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(form.getByLabel("Last name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    // The summary's link moves focus to the field and changes nothing else (issue 10), JavaScript on and off.
    await summary.getByRole("link", { name: "Last name is required" }).click();
    await expect(form.getByLabel("Last name", { exact: true })).toBeFocused();
    await expect(summary).toBeVisible();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(form.getByLabel("First name", { exact: true })).toHaveValue("Ana");
    await expect(form.getByLabel("Last name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Last name is required")).toBeVisible();
    await expectAccessible(page);
  });

  test("a wrong password gets the generic message and the typed email is kept (ACC-021)", async ({ page }) => {
    await page.goto("/register?login=1");
    const dialog = page.getByRole("dialog", { name: "Already Registered?" });
    await dialog.getByLabel("Email").fill("nobody@example.org");
    await dialog.getByLabel("Password").fill("not the password at all");
    await dialog.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("dialog", { name: "Already Registered?" })).toContainText(
      "We are unable to locate an account with those credentials",
    );
    await expect(page.getByRole("dialog").getByLabel("Email")).toHaveValue("nobody@example.org");
    await expectAccessible(page);
  });

  test("the language switch works and is remembered", async ({ page }) => {
    await page.goto("/register");
    // On a page with a form, the switch without the enhanced layer is a button of that form (docs/decisions/054).
    await page.getByRole(scriptsRun() ? "link" : "button", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Regístrese para un trasplante de riñón");
    await expectAccessible(page);
    await page.goto("/register");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });

  // Requirement PLT-001, PLT-002.
  test("unknown paths and private pages lead to /register", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page).toHaveURL(/\/register$/);
    await page.goto("/landing");
    await expect(page).toHaveURL(/\/register\?logout=true$/);
  });
});

test.describe("server guarantees", () => {
  test("a POST without the CSRF token changes nothing", async ({ request }) => {
    const answer = await request.post("/register", { form: { intent: "login", email: "a@b.co", password: "x" }, maxRedirects: 0 });
    expect(answer.status()).toBe(403);
  });

  test("security headers and health checks", async ({ request }) => {
    const page = await request.get("/register");
    const csp = page.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers()["x-content-type-options"]).toBe("nosniff");
    expect(page.headers()["cache-control"]).toBe("no-store");
    expect((await request.get("/healthz")).status()).toBe(200);
    expect(await (await request.get("/readyz")).json()).toEqual({ status: "ready" });
  });

  test("the demo outbox answers a list", async ({ request }) => {
    const answer = await request.get("/dev/outbox.json");
    expect(answer.status()).toBe(200);
    expect(Array.isArray(await answer.json())).toBe(true);
  });
});

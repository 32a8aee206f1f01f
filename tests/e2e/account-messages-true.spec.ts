import type { Page } from "@playwright/test";
import { expect, expectAccessible, fillRegistration, humanPause, newPatient, scriptsRun, test } from "./fixtures";

/**
 * Account messages that are true and readable (ACC-036, ACC-037, ACC-039; docs/decisions/104, 105): no internal field
 * name on a page, a filled honeypot explained, the time sign-in opens again, the HIPAA release without losing the
 * passwords, and a recommended address of another state said plainly.
 */
const form = (page: Page) => page.locator("form[aria-label]").first();
const summary = (page: Page) =>
  page
    .getByRole("alert")
    .filter({ has: page.getByRole("heading", { level: 2 }) })
    .first();
/** A word written like a code name (usState, postalCode). */
const CODE_NAME = /\b[a-z]+[A-Z][A-Za-z]*\b/;

test.describe("account messages that are true", () => {
  for (const lang of ["en", "es"] as const) {
    test(`a form with bad values names no internal field (${lang}, ACC-036)`, async ({ page }) => {
      await page.goto(lang === "es" ? "language?lng=es&to=%2Fregister" : "register");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await form(page)
        .getByLabel(lang === "es" ? "Ciudad" : "City")
        .fill("Albany");
      await form(page)
        .getByRole("button", { name: lang === "es" ? "Registrarse" : "Register", exact: true })
        .click();
      const problems = summary(page);
      await expect(problems).toBeVisible();
      await expect(problems).toContainText(lang === "es" ? "El estado es obligatorio" : "State is required");
      expect(await problems.innerText()).not.toMatch(CODE_NAME);
      expect(await page.locator("main").innerText()).not.toMatch(/usState|postalCode|addressLine1|agreedToHipaa/);
      await expectAccessible(page);
    });
  }

  test("a hidden field an autofill tool filled is explained and emptied (decision 104)", async ({ page }) => {
    const patient = newPatient("Honey");
    const loadedAt = await fillRegistration(page, patient);
    await page.locator("#register-website").evaluate((el) => ((el as HTMLInputElement).value = "https://example.org"));
    await humanPause(page, loadedAt);
    await form(page).getByRole("button", { name: "Register", exact: true }).click();
    const problems = summary(page);
    await expect(problems).toContainText("most likely by your browser's autofill or a password manager");
    await expect(problems).toContainText("the field labelled 'Leave this field empty'");
    await expect(problems).not.toContainText("This is required");
    await expect(page.locator("#register-website")).toHaveValue("");
    await expect(form(page).getByLabel("Email", { exact: true })).toHaveValue(patient.email);
    await expectAccessible(page);
  });

  test("a locked sign-in says when it opens again, and counts down with JavaScript (ACC-037)", async ({ page }) => {
    const email = `locked.${Date.now().toString(36)}.${test.info().project.name}@example.org`;
    await page.goto("register?login=1");
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    for (let i = 0; i < 10; i += 1) {
      const answer = await page.request.post("register?login=1", {
        form: { _csrf: csrf, intent: "login", email, password: `wrong password number ${i}` },
        maxRedirects: 0,
      });
      expect(answer.status(), `attempt ${i}`).toBe(401);
    }
    const dialog = page.getByRole("dialog", { name: "Already Registered?" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill("one more guess");
    await dialog.getByRole("button", { name: "Login" }).click();
    const locked = page.getByRole("dialog", { name: "Already Registered?" });
    await expect(locked).toContainText(/Too many failed sign-in attempts\..* Sign-in opens again at \d\d:\d\d UTC\./);
    const countdown = locked.locator(".sign-in-countdown");
    await expect(countdown).toHaveAttribute("aria-live", "polite");
    if (scriptsRun()) await expect(countdown).toHaveText(/^Sign-in opens again in about 1 min, at \d{1,2}:\d\d.* your time\.$/);
    else await expect(countdown).toHaveText("");
    await expectAccessible(page);
  });

  test("the HIPAA release keeps the passwords and comes back to its link (ACC-039)", async ({ page }) => {
    const patient = newPatient("Hipaa");
    const loadedAt = await fillRegistration(page, patient);
    await form(page).getByLabel("I agree to the HIPAA release").uncheck();
    const opener = form(page).getByRole("button", { name: "Read the HIPAA release" });
    await opener.scrollIntoViewIfNeeded();
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "HIPAA Release" });
    await dialog.getByRole("button", { name: "Yes, I Agree" }).click();
    await expect(page.getByRole("dialog", { name: "HIPAA Release" })).toHaveCount(0);
    await expect(form(page).getByLabel("I agree to the HIPAA release")).toBeChecked();
    // Back at the release's link, not at the top of the page.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    if (!scriptsRun()) {
      await expect(page).toHaveURL(/#register-hipaa$/);
      await expect(page.getByRole("status").filter({ hasText: "We kept the password you typed" })).toBeVisible();
      expect(await page.content()).not.toContain(patient.password);
    } else {
      await expect(form(page).getByLabel("Password", { exact: true })).toHaveValue(patient.password);
    }
    await expectAccessible(page);
    await humanPause(page, loadedAt);
    await form(page).getByRole("button", { name: "Register", exact: true }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
  });

  test("a recommended address in another state is said plainly, and focus opens on the title (decision 104)", async ({ page }) => {
    const patient = { ...newPatient("Zipa"), city: "Los Angeles", state: "California" };
    const loadedAt = await fillRegistration(page, patient);
    await humanPause(page, loadedAt);
    await form(page).getByRole("button", { name: "Register", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Address" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("The ZIP code 10118 is in New York, not in the state you chose");
    await expect(dialog.getByRole("region", { name: "Address you entered" })).toContainText("Los Angeles, California 10118");
    if (scriptsRun()) await expect(dialog.getByRole("heading", { name: "Confirm Address" })).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel & Return to Registration" }).click();
    await expect(form(page).getByLabel("City")).toHaveValue("Los Angeles");
  });
});

import { expect, expectAccessible, scriptsRun, test, withPatient } from "./fixtures";

/**
 * The language switch without JavaScript (issue 10, docs/decisions/054): on /register and /profile it is a submit
 * button of the page's form posting to /language; the page in the other language shows the values again, once,
 * never a password. The round trip itself, JavaScript on and off: tests/e2e/js-layer.spec.ts.
 */

test.describe("without JavaScript", () => {
  test.skip(() => scriptsRun(), "with JavaScript the switch is a link and the enhanced layer keeps the values");

  test("/register: no password and no error come back, and a later visit starts empty", async ({ page }) => {
    await page.goto("register");
    await page.getByLabel("First name", { exact: true }).fill("Carmen");
    await page.getByLabel("Password", { exact: true }).fill("a secret phrase 123");
    await page.getByLabel("Confirm password").fill("a secret phrase 123");
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.locator("#register-firstName")).toHaveValue("Carmen");
    await expect(page.locator("#register-password")).toHaveValue("");
    await expect(page.locator("#register-confirmPassword")).toHaveValue("");
    await expect(page).not.toHaveTitle(/^Error/);
    await expectAccessible(page);
    // Carried once: the next visit is a fresh form.
    await page.goto("register");
    await expect(page.locator("#register-firstName")).toHaveValue("");
  });

  test("with a dialog open over /register, the switch is hidden with the page behind it", async ({ page }) => {
    await page.goto("register?login=1");
    await expect(page.getByRole("dialog", { name: "Already Registered?" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Español" })).toBeHidden();
  });
});

withPatient("/profile without JavaScript: the password form is not carried; pages without a form keep the link", async ({ page, patient }) => {
  withPatient.skip(scriptsRun(), "with JavaScript the switch is a link and the enhanced layer keeps the values");
  await page.goto("profile");
  await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
  await page.getByLabel("Current password").fill(patient.password);
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.locator('input[name="currentPassword"]')).toHaveValue("");
  await expectAccessible(page);
  await page.goto("landing");
  await expect(page.getByRole("link", { name: "English" })).toBeVisible();
});

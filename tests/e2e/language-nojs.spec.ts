import type { Page } from "@playwright/test";
import { expect, expectAccessible, scriptsRun, test, withPatient } from "./fixtures";

/**
 * The language switch keeps what was typed without JavaScript too (issue 10, docs/decisions/054): on /register and
 * /profile the switch is a submit button of the page's form, posting to /language, and the page in the other
 * language shows the values again, once; never a password. (With JavaScript: tests/e2e/js-layer.spec.ts.)
 */

const field = (page: Page, name: string) => page.locator(`main form [name="${name}"]`).first();

test.describe("without JavaScript", () => {
  test.skip(() => scriptsRun(), "with JavaScript the switch is a link and the enhanced layer keeps the values");

  test("on /register, there and back; a later visit starts empty", async ({ page }) => {
    await page.goto("register");
    await field(page, "firstName").fill("Carmen");
    await field(page, "city").fill("Albany");
    await field(page, "usState").selectOption({ label: "New York" });
    const state = await field(page, "usState").inputValue();
    await field(page, "password").fill("a secret phrase 123");
    await field(page, "confirmPassword").fill("a secret phrase 123");
    await field(page, "agreedToHipaa").check();
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(field(page, "firstName")).toHaveValue("Carmen");
    await expect(field(page, "city")).toHaveValue("Albany");
    await expect(field(page, "usState")).toHaveValue(state);
    await expect(field(page, "agreedToHipaa")).toBeChecked();
    // Never a password, and no error: the form is only shown again.
    await expect(field(page, "password")).toHaveValue("");
    await expect(field(page, "confirmPassword")).toHaveValue("");
    await expect(page).not.toHaveTitle(/^Error/);
    await expectAccessible(page);
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(field(page, "firstName")).toHaveValue("Carmen");
    // Carried once: the next visit is a fresh form.
    await page.goto("register");
    await expect(field(page, "firstName")).toHaveValue("");
  });

  test("with a dialog open over /register, the switch is hidden with the page behind it", async ({ page }) => {
    await page.goto("register?login=1");
    await expect(page.getByRole("dialog", { name: "Already Registered?" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Español" })).toBeHidden();
  });
});

withPatient("on /profile, without JavaScript", async ({ page, patient }) => {
  withPatient.skip(scriptsRun(), "with JavaScript the switch is a link and the enhanced layer keeps the values");
  await page.goto("profile");
  await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
  await field(page, "preferredName").fill("Rosie");
  await field(page, "city").fill("Springfield");
  await page.getByLabel("Current password").fill(patient.password);
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(field(page, "preferredName")).toHaveValue("Rosie");
  await expect(field(page, "city")).toHaveValue("Springfield");
  await expect(page.locator('input[name="currentPassword"]')).toHaveValue("");
  await expectAccessible(page);
  // Pages without a form to carry keep the plain link.
  await page.goto("landing");
  await expect(page.getByRole("link", { name: "English" })).toBeVisible();
});

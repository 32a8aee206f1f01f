import { expect, expectAccessible, fillRegistration, newPatient, test } from "./fixtures";

/**
 * Over-long input comes back as a field error with everything typed kept (docs/decisions/026), with JavaScript on and
 * off: never 'Something went wrong'.
 */
test("a 101-character first name on /register is a field error, in the summary and inline, with every other value kept", async ({ page }) => {
  const p = newPatient();
  await fillRegistration(page, p);
  const form = page.locator("form[aria-label]").first();
  const longName = `${"Maria".repeat(20)}X`; // 101 characters
  await form.getByLabel("First name", { exact: true }).fill(longName);
  await form.getByRole("button", { name: "Register", exact: true }).click();

  const message = "This field is too long (at most 100 characters)";
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: message })).toHaveAttribute("href", "#register-firstName");
  const firstName = page.getByLabel("First name", { exact: true });
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#register-firstName-error")).toContainText(message);
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.getByText("Something went wrong")).toHaveCount(0);

  // Everything typed is kept (the first name as typed), except the passwords, which never come back.
  await expect(firstName).toHaveValue(longName);
  const kept = page.locator("form[aria-label]").first();
  await expect(kept.getByLabel("Last name", { exact: true })).toHaveValue(p.lastName);
  await expect(kept.getByLabel("Preferred name", { exact: true })).toHaveValue(p.preferredName);
  await expect(kept.getByLabel("Birth date")).toHaveValue(p.birthDate);
  await expect(kept.getByLabel("Email", { exact: true })).toHaveValue(p.email);
  await expect(kept.getByLabel("Phone number")).toHaveValue(p.phone);
  await expect(kept.getByLabel("Address line 1")).toHaveValue(p.addressLine1);
  await expect(kept.getByLabel("City")).toHaveValue(p.city);
  await expect(kept.getByLabel("State", { exact: true }).locator("option:checked")).toHaveText(p.state);
  await expect(kept.getByLabel("Postal code")).toHaveValue(p.postalCode);
  await expect(kept.getByLabel("Preferred language").locator("option:checked")).toHaveText("English");
  await expect(kept.getByLabel("Gender").locator("option:checked")).toHaveText("Female");
  await expect(kept.getByLabel("I agree to the HIPAA release")).toBeChecked();
  await expect(kept.getByLabel("Password", { exact: true })).toHaveValue("");
  // Only the first name is wrong.
  await expect(summary.getByRole("listitem")).toHaveCount(1);
  await expectAccessible(page);
});

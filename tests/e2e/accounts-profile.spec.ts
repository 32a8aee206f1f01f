import { expect, expectAccessible, scriptsRun, withPatient as test } from "./fixtures";

test.describe("profile (ACC-029, ACC-030, ACC-031)", () => {
  test("the patient updates the profile, confirming a changed address", async ({ page, patient }) => {
    await page.goto("landing");
    await page.getByText(`Welcome, ${patient.firstName}`).click();
    await page.getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 2, name: "Personal Information" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "New Password" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Return to Dashboard" })).toBeVisible();
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Update Account" }) });
    await expect(form.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
    await expect(form.getByLabel("Phone number")).toHaveAttribute("readonly", "");
    await expect(form.getByLabel("Phone number")).toHaveValue(patient.phone);
    await expectAccessible(page);

    await form.getByLabel("First name", { exact: true }).fill("");
    await form.getByLabel("Preferred name").fill("Rosie");
    await form.getByLabel("City").fill("Springfield");
    await form.getByRole("button", { name: "Update Account" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("link", { name: "First name is required" })).toBeVisible();
    await expect(page.getByLabel("Preferred name")).toHaveValue("Rosie");
    await expect(page.getByLabel("City")).toHaveValue("Springfield");
    await expectAccessible(page);

    await page.getByLabel("First name", { exact: true }).fill("Rosalind");
    await page.getByRole("button", { name: "Update Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Address" });
    await expect(dialog.getByRole("region", { name: "Address you entered" })).toContainText("Springfield, New York");
    await expect(dialog.getByRole("button", { name: "Cancel & Return to Profile" })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Confirm Address" }).click();
    await expect(page.getByRole("status")).toContainText("Profile updated successfully");
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Rosalind");
    await expect(page.getByLabel("City")).toHaveValue("Springfield");
    await expect(page.getByText("Welcome, Rosalind")).toBeVisible();
  });

  test("the patient changes the password, stays signed in, and signs in with the new one", async ({ page, patient }) => {
    const next = "another quite long passphrase 77";
    await page.goto("profile");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Update Password" }) });
    await form.getByRole("button", { name: "Update Password" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("link", { name: "Enter your current password" })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Password specify the new password" })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Please confirm the password" })).toBeVisible();
    await page.getByLabel("Current password").fill(patient.password);
    await page.getByLabel("Password", { exact: true }).fill(next);
    await page.getByLabel("Confirm password").fill("something else entirely");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "There is a problem" }).getByRole("link", { name: "This doesn't match the entered password" }),
    ).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Current password")).toHaveValue("");
    await expectAccessible(page);

    // ASVS 2.1.6 (docs/decisions/025): the registry checks the current password; a wrong one is a field error.
    await page.getByLabel("Current password").fill("not the password I use");
    await page.getByLabel("Password", { exact: true }).fill(next);
    await page.getByLabel("Confirm password").fill(next);
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(
      page.getByRole("alert").filter({ hasText: "There is a problem" }).getByRole("link", { name: "The current password is not correct" }),
    ).toBeVisible();
    await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Current password")).toHaveValue("");
    await expectAccessible(page);

    await page.getByLabel("Current password").fill(patient.password);
    await page.getByLabel("Password", { exact: true }).fill(next);
    await page.getByLabel("Confirm password").fill(next);
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByRole("status")).toContainText("Password updated successfully");
    await page.goto("landing");
    await expect(page).toHaveURL(/\/landing$/);

    await page.getByText(`Welcome, ${patient.firstName}`).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/register\?logout=true$/);
    await page.goto("register?login=1");
    const dialog = page.getByRole("dialog", { name: "Already Registered?" });
    await dialog.getByLabel("Email").fill(patient.email);
    await dialog.getByLabel("Password").fill(next);
    await dialog.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/landing$/);
  });
});

test.describe("dashboard before screening (DSH-002)", () => {
  test("a verified patient may start the screening, opts out and back in (DSH-003, DSH-012)", async ({ page, patient }) => {
    await page.goto("landing");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await expect(page.getByText("Ready to Start")).toBeVisible();
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    const start = await page.request.post("landing", { form: { _csrf: csrf, intent: "start-screening" }, maxRedirects: 0 });
    expect(start.status()).toBe(302);
    expect(start.headers()["location"]).toMatch(/\/screening\/patient-situation$/);

    await page.getByRole("link", { name: "Opt Out" }).click();
    const out = page.getByRole("dialog", { name: "Confirm Registration Opt Out" });
    await expect(out).toContainText("you will no longer receive automated emails or text messages");
    if (scriptsRun()) {
      // Escape answers it as Cancel does (docs/decisions/092); the link opens it again.
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await page.getByRole("link", { name: "Opt Out" }).click();
      await expect(out).toBeVisible();
    }
    await expectAccessible(page);
    await out.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("link", { name: "Opt Out" }).click();
    await page.getByRole("dialog", { name: "Confirm Registration Opt Out" }).getByRole("button", { name: "Opt Out" }).click();
    await expect(page.getByRole("status")).toContainText("You have opted out.");
    await expect(page.getByText("If you wish to continue with the registration process, you may opt in.")).toBeVisible();
    await expect(page.getByText("Ready to Start")).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Opt In" }).click();
    const into = page.getByRole("dialog", { name: "Confirm Registration Opt In" });
    await expect(into).toBeVisible();
    await expectAccessible(page);
    await into.getByRole("button", { name: "Opt In" }).click();
    await expect(page.getByRole("status")).toContainText("You have opted back in.");
    await expect(page.getByText("Ready to Start")).toBeVisible();
    await expect(page.getByRole("link", { name: "Opt Out" })).toBeVisible();
  });
});

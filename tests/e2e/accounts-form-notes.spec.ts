import { expect, expectAccessible, scriptsRun, test } from "./fixtures";

/** Issue 12, item 16: what the account forms say about the birth date, cleared secrets and the lab staff key. */
test.describe("account form details", () => {
  test("the birth date cannot be picked after today (UTC, the registry's rule) nor before 1920", async ({ page }) => {
    await page.goto("register");
    const birthDate = page.locator("form[aria-label]").first().getByLabel("Birth date");
    await expect(birthDate).toHaveAttribute("max", new Date().toISOString().slice(0, 10));
    await expect(birthDate).toHaveAttribute("min", "1920-01-01");
  });

  test("the lab staff key's toggle names the key; a refused key is cleared with a note to type it again", async ({ page }) => {
    await page.goto("update-labs");
    const key = page.getByLabel("Lab staff key");
    await expect(key).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);
    if (scriptsRun()) {
      await key.fill("not-the-lab-staff-key");
      await page.getByRole("button", { name: "Show key" }).click();
      await expect(key).toHaveAttribute("type", "text");
      await page.getByRole("button", { name: "Hide key" }).click();
      await expect(key).toHaveAttribute("type", "password");
    } else {
      await expect(page.getByRole("button", { name: "Show key" })).toHaveCount(0);
    }
    await expect(key).not.toHaveAccessibleDescription(/type it again/);

    await page.getByLabel("Enter the requisition # as provided by the lab provider:").fill("NOPE1234");
    await key.fill("not-the-lab-staff-key");
    await page.getByRole("button", { name: "Update Requisition" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    // NOPE1234: O, 1 and 2 are not in the requisition alphabet, and the message says which characters are.
    await expect(summary).toContainText(
      "The requisition # is 8 characters, as printed on the lab order. It uses only the digits 3, 4, 6, 7 and 9 and the capital letters except B, I, L, O, S and Z",
    );
    await expect(page.getByLabel("Lab staff key")).toHaveValue("");
    await expect(page.getByLabel("Lab staff key")).toHaveAccessibleDescription(/For your security this was not kept\. Please type it again\./);
    await expectAccessible(page);
  });

  test("a sign-in that comes back clears the password and says to type it again", async ({ page }) => {
    await page.goto("register?login=1");
    const login = page.getByRole("dialog", { name: "Already Registered?" });
    await expect(login.getByLabel("Password")).not.toHaveAccessibleDescription(/type it again/);
    await login.getByLabel("Email").fill("nobody.here@example.org");
    await login.getByLabel("Password").fill("not the password at all 1");
    await login.getByRole("button", { name: "Login" }).click();
    const again = page.getByRole("dialog", { name: "Already Registered?" });
    await expect(again).toContainText("We are unable to locate an account with those credentials");
    await expect(again.getByLabel("Password")).toHaveValue("");
    await expect(again.getByLabel("Password")).toHaveAccessibleDescription(/For your security this was not kept\. Please type it again\./);
    await expect(again.getByLabel("Email")).toHaveValue("nobody.here@example.org");
    await expectAccessible(page);
  });
});

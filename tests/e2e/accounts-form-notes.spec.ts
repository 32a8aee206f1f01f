import { expect, expectAccessible, test } from "./fixtures";

/** Issue 12, item 16: what the account forms say about the birth date and cleared secrets; /update-labs without a key. */
test.describe("account form details", () => {
  test("the birth date cannot be picked after today (UTC, the registry's rule) nor before 1920", async ({ page }) => {
    await page.goto("register");
    const birthDate = page.locator("form[aria-label]").first().getByLabel("Birth date");
    await expect(birthDate).toHaveAttribute("max", new Date().toISOString().slice(0, 10));
    await expect(birthDate).toHaveAttribute("min", "1920-01-01");
  });

  test("/update-labs has no shared key: signed out, it leads to the staff sign-in (docs/decisions/133)", async ({ page }) => {
    await page.goto("update-labs");
    await expect(page).toHaveURL(/\/staff\/sign-in$/);
    await expect(page.getByText("Please sign in to the staff console.")).toBeVisible();
    await expect(page.getByLabel("Lab staff key")).toHaveCount(0);
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

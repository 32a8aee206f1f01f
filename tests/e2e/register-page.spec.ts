import { expect, fillRegistration, humanPause, newPatient, scriptsRun, test } from "./fixtures";

/** The registration page itself: what it says, its defaults, and its controls while a registration is sent. */
test.describe("the registration page", () => {
  test("says who should register (ACC-001) and starts with the United States as the country (ACC-009)", async ({ page }) => {
    await page.goto("register");
    await expect(page.getByText("Complete this form if you:")).toBeVisible();
    for (const audience of [
      "Want to learn about starting a living donor search",
      "Have a compatible willing donor and want a high-performing transplant center",
      "Have a willing donor who is not a medical match and want the best match through the registry's Voucher Program",
      "Want a center offering Microsites to find a donor",
    ]) {
      await expect(page.getByRole("listitem").filter({ hasText: audience })).toBeVisible();
    }
    const form = page.locator("form[aria-label]").first();
    await expect(form.getByLabel("Country")).toHaveValue("1");
    await expect(form.getByLabel("Country").locator("option:checked")).toHaveText("United States");
  });

  test("each password field has a show/hide control (ACC-003), with JavaScript", async ({ page }) => {
    await page.goto("register");
    const form = page.locator("form[aria-label]").first();
    const fields = [form.getByLabel("Password", { exact: true }), form.getByLabel("Confirm password")];
    if (!scriptsRun()) {
      // Without JavaScript the fields stay plain password inputs: there is nothing to toggle.
      await expect(form.getByRole("button", { name: "Show password" })).toHaveCount(0);
      for (const field of fields) await expect(field).toHaveAttribute("type", "password");
      return;
    }
    await expect(form.getByRole("button", { name: "Show password" })).toHaveCount(2);
    for (const [i, field] of fields.entries()) {
      await field.fill("correct horse battery staple");
      await expect(field).toHaveAttribute("type", "password");
      await form.getByRole("button", { name: "Show password" }).nth(i).click();
      await expect(field).toHaveAttribute("type", "text");
      await expect(field).toHaveValue("correct horse battery staple");
      await form.getByRole("button", { name: "Hide password" }).click();
      await expect(field).toHaveAttribute("type", "password");
    }
  });

  test("the Register button reads 'Validating...' and cannot be pressed again while the registration is sent (ACC-006)", async ({ page }) => {
    test.skip(!scriptsRun(), "without JavaScript the browser itself sends the form once and shows its own progress");
    const patient = newPatient("Vale");
    const loadedAt = await fillRegistration(page, patient);
    await humanPause(page, loadedAt);
    // The registration is held at the network until the button has been looked at, so nothing here depends on timing.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    await page.route(/\/register(\.data)?(\?|$)/, async (route) => {
      if (route.request().method() === "POST") {
        posts += 1;
        await held;
      }
      await route.continue();
    });
    const form = page.locator("form[aria-label]").first();
    await form.getByRole("button", { name: "Register", exact: true }).click();
    const validating = form.getByRole("button", { name: "Validating..." });
    await expect(validating).toBeVisible();
    await expect(validating).toBeDisabled();
    await validating.click({ force: true });
    await expect.poll(() => posts).toBe(1);
    release();
    await expect(page).toHaveURL(/\/landing$/);
    expect(posts).toBe(1);
  });
});

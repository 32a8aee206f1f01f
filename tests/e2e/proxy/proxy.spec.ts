import { expect, expectAccessible, newPatient, register, test } from "../fixtures";

/** The portal built for BASE_PATH=/portal/, behind Debian's nginx running deploy/nginx/portal.conf. */
test.describe("behind nginx under /portal/", () => {
  // Requirement PLT-002.
  test("register, sign out and sign in again, every link and redirect staying under /portal/", async ({ page }) => {
    const patient = newPatient("Lucia");
    await register(page, patient);
    await expect(page).toHaveURL(/\/portal\/landing$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expectAccessible(page);

    await page.getByText(`Welcome, ${patient.firstName}`).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/portal\/register\?logout=true$/);

    await page.getByRole("link", { name: "Already Registered?" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Already Registered?" });
    await dialog.getByLabel("Email").fill(patient.email);
    await dialog.getByLabel("Password").fill(patient.password);
    await dialog.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/portal\/landing$/);

    await page.getByRole("link", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/portal\/landing$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });

  test("assets, health checks and the bare sub-path", async ({ request }) => {
    const html = await (await request.get("register")).text();
    const css = html.match(/href="(\/portal\/assets\/[^"]+\.css)"/)?.[1];
    expect(css).toBeTruthy();
    const asset = await request.get(css!);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toContain("immutable");
    expect((await request.get("healthz")).status()).toBe(200);
    const bare = await request.get("/portal", { maxRedirects: 0 });
    expect(bare.status()).toBe(301);
    expect(bare.headers()["location"]).toMatch(/\/portal\/$/);
  });
});

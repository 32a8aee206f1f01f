import type { Page } from "@playwright/test";
import { createClearedScreening, expect, expectAccessible, needsStaffCommands, withPatient as test } from "./fixtures";

/**
 * Spanish pages say everything in Spanish (issue 10): the referral status on the dashboard, the US state names,
 * the select-center title without the English product prefix, the organisation's own name in the footer.
 */
const NEAR = "Ironbound Kidney Center";

async function toSpanish(page: Page, to: string) {
  await page.goto(`language?lng=es&to=${encodeURIComponent(to)}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
}

test.describe("Spanish pages", () => {
  test.describe.configure({ timeout: 120_000 });
  test("a referral's status, the state names, titles and the footer are in Spanish", async ({ page, patient }) => {
    needsStaffCommands();
    const id = await createClearedScreening(page.request, patient);

    await toSpanish(page, `/select-center/${id}`);
    await expect(page).toHaveTitle(/^Elegir centro – /);
    await expect(page.getByRole("columnheader", { name: /Protección del receptor \(Recipient Shield\)/ }).first()).toBeVisible();
    await expect(page.getByRole("columnheader", { name: /^Recipient Shield$/ })).toHaveCount(0);
    await expectAccessible(page);

    // Select a center: a Pending Center referral, shown in Spanish on the dashboard.
    await page.getByRole("button", { name: `Elegir ${NEAR}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Entiendo, continuar" }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole("heading", { level: 1, name: "Panel" })).toBeVisible();
    const referrals = page.getByRole("table", { name: "Centros de trasplante a los que fue derivado" });
    await expect(referrals.locator("tbody tr").first()).toContainText("Pendiente del centro");
    await expect(referrals).not.toContainText("Pending Center");
    await expectAccessible(page);

    // The footer keeps the organisation's name, as the emails do. Requirement PLT-004.
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("© 2019–");
    await expect(footer).toContainText("National Kidney Registry. Todos los derechos reservados.");
    await expect(footer).not.toContainText("Registro Nacional de Riñón");

    // The profile's state select: the state names in Spanish.
    await page.goto("profile");
    const state = page.getByLabel("Estado", { exact: true });
    await expect(state.locator("option:checked")).toHaveText("Nueva York");
    await expect(state.locator("option", { hasText: "Carolina del Norte" })).toHaveCount(1);
    const names = (await state.locator("option").allTextContents()).slice(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "es")));
    await expectAccessible(page);
  });
});

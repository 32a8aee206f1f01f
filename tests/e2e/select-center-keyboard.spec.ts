import type { Locator, Page } from "@playwright/test";
import { createClearedScreening, expect, expectAccessible, hydrated, scriptsRun, withPatient as test } from "./fixtures";

/**
 * /select-center for a keyboard user and for a patient looking for a Microsite center (issues 10 and 12), with
 * JavaScript on and off: the whole way from the dashboard to a selected center with Tab, Enter and Space only, the
 * first Select a few Tab presses from the top (it took 33), and the Microsite section that is not silently left out.
 */

/** Presses Tab until `target` has focus; answers how many presses it took. */
async function tabTo(page: Page, target: Locator, max: number): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`no focus on ${target.toString()} after ${max} Tab presses`);
}

test.describe("the keyboard way to a transplant center", () => {
  test("from the dashboard through Select Center and the confirmation to the selected center", async ({ page, patient }) => {
    await createClearedScreening(page.request, patient);
    await page.goto("landing");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await hydrated(page);

    // The registration card's Select Center button, then Enter.
    await tabTo(page, page.getByRole("button", { name: "Select Center", exact: true }), 40);
    await page.keyboard.press("Enter");
    const heading = page.getByRole("heading", { level: 1, name: "Select a Transplant Center" });
    await expect(heading).toBeVisible();
    // With JavaScript focus moves to the new page's heading; without, the page loads with focus at its top.
    if (scriptsRun()) await expect(heading).toBeFocused();
    await expectAccessible(page);

    // A few Tab presses to the link past the column headings, Enter, then Tab reaches the first center's Select.
    const skip = page.getByRole("link", { name: "Go to the list of centers (skip the column headings)" });
    const toSkip = await tabTo(page, skip, 12);
    await page.keyboard.press("Enter");
    const firstRow = page.locator("#first-center").locator("xpath=..");
    const select = firstRow.getByRole("button", { name: /^Select / });
    const toSelect = await tabTo(page, select, 1);
    expect(toSkip + toSelect).toBeLessThanOrEqual(10);
    const name = (await firstRow.locator("th").innerText()).trim();
    await expect(select).toHaveAccessibleName(`Select ${name}`);

    // Enter on Select opens the confirmation; Tab to its button; Space presses it.
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Select Center Confirmation" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`A simple blood test is needed before we can refer you to ${name}.`)).toBeVisible();
    const confirm = dialog.getByRole("button", { name: "I Understand, Continue" });
    await tabTo(page, confirm, 6);
    // Shift+Tab and back again stays on the dialog's controls.
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("dialog[open]"))).toBe(true);
    await tabTo(page, confirm, 3);
    await page.keyboard.press("Space");

    // The selected state on the dashboard.
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(`Your selection of ${name} has been saved.`)).toBeVisible();
    await expect(page.locator("article.registration-card").first().getByText(`Thank you for selecting ${name}.`)).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("the Microsite section when none is near (issue 12)", () => {
  test("says none is within 300 miles, how far the nearest is, and widens the search", async ({ page, patient }) => {
    // Looking for a donor, and for a microsite transfer (CEN-003: the first section is the Microsite Centers of Excellence).
    const id = await createClearedScreening(page.request, patient, { donorStatus: "2", primaryGoal: "3" });
    await page.goto(`select-center/${id}`);
    await expect(page.getByLabel("Distance from your postal code")).toHaveValue("300");
    const section = page.getByRole("region", { name: "Microsite Centers of Excellence" });
    await expect(section.getByText("No Microsite Center of Excellence is within 300 miles of your postal code.", { exact: false })).toBeVisible();
    await expect(section).toContainText(/The nearest one is 3\d\d\.\d miles away\./);
    await expect(page.getByRole("table", { name: "Microsite Centers of Excellence" })).toHaveCount(0);
    await expect(page.getByRole("table", { name: "Other NKR Member Centers" })).toBeVisible();
    await expectAccessible(page);

    await section.getByRole("link", { name: "Show centers within 1,000 miles" }).click();
    await expect(page).toHaveURL(/distance=1000/);
    const table = page.getByRole("table", { name: "Microsite Centers of Excellence" });
    await expect(table).toBeVisible();
    await expect(table.locator("tbody tr").first()).toBeVisible();
    await expect(page.getByLabel("Distance from your postal code")).toHaveValue("1000");
    await expect(page.getByRole("region", { name: "Microsite Centers of Excellence" }).getByText(/No Microsite Center/)).toHaveCount(0);
  });

  test("in Spanish", async ({ page, patient }) => {
    const id = await createClearedScreening(page.request, patient, { donorStatus: "2", primaryGoal: "3" });
    await page.goto(`language?lng=es&to=${encodeURIComponent(`/select-center/${id}`)}`);
    await expect(
      page.getByText("No hay ningún Centro de excelencia de Micrositios a menos de 300 millas de su código postal.", { exact: false }),
    ).toBeVisible();
    // Miles in Spanish numbers, as the table writes them: "1000", "3NN,N" (not "1.000" beside "3NN.N").
    await expect(page.getByText(/El más cercano está a 3\d\d,\d millas\./)).toBeVisible();
    await expect(page.getByRole("link", { name: "Mostrar centros a menos de 1000 millas" })).toBeVisible();
  });
});

import type { Page } from "@playwright/test";
import { createClearedScreening, createPatient, expect, expectAccessible, formPoster, hiddenValue, newPatient, test, withPatient } from "./fixtures";

/**
 * What the select-center page and the screening's last step say is the patient's real state, with JavaScript on and
 * off: distances that cannot be measured (CEN-005), the confirmation reached again by Back after the selection was
 * saved (CEN-006), an opted-out patient (CEN-008), miles in the page's language, and the header's name after a
 * change on Verify Info (SCR-011).
 */

// The demo centers are invented (CEN-012); the patient's postal code 10118 is in New York City.
const NEAR = "Ironbound Kidney Center";

async function toSpanish(page: Page, to: string) {
  await page.goto(`language?lng=es&to=${encodeURIComponent(to)}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
}

/** The texts of the Distance column of a section's table. */
async function distances(page: Page, table: string): Promise<string[]> {
  await page.waitForLoadState("load");
  const t = page.getByRole("table", { name: table });
  const index = await t.locator("thead th").evaluateAll((ths) => ths.findIndex((th) => /Distan/.test(th.textContent ?? "")));
  expect(index).toBeGreaterThan(0);
  return t
    .locator("tbody tr")
    .evaluateAll((rows, i) => rows.map((r) => (r.children[i] as HTMLElement).innerText.replace(/^.*:\s*/s, "").trim()), index);
}

test.describe("select-center says the patient's real state", () => {
  test.describe.configure({ timeout: 180_000 });

  // Requirement CEN-005.
  test("a postal code outside the US: the page says why no distance is shown and that every center is listed", async ({ page }) => {
    const patient = await createPatient(page.request, newPatient("Odile"), {
      verified: true,
      fields: { country: "0", usState: "", province: "Ontario", city: "Ottawa", addressLine1: "24 Sussex Drive", postalCode: "K1A 0B1" },
    });
    const id = await createClearedScreening(page.request, patient);

    await page.goto(`select-center/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Select a Transplant Center" })).toBeVisible();
    await expect(
      page.getByText(
        "Distances cannot be shown: we do not know where postal code K1A 0B1 is (distances are measured from US ZIP codes). All member centers are listed, at any distance.",
      ),
    ).toBeVisible();
    // A filter that cannot apply is not offered.
    await expect(page.getByLabel("Distance from your postal code")).toHaveCount(0);
    const listed = [...(await distances(page, "Kidney for Life Centers")), ...(await distances(page, "Other NKR Member Centers"))];
    expect(listed.length).toBeGreaterThan(4);
    expect(new Set(listed)).toEqual(new Set(["--"]));
    await expectAccessible(page);

    await toSpanish(page, `/select-center/${id}`);
    await expect(
      page.getByText(
        "No se pueden mostrar las distancias: no sabemos dónde está el código postal K1A 0B1 (las distancias se miden desde códigos postales de EE. UU.). Se muestran todos los centros miembros, a cualquier distancia.",
      ),
    ).toBeVisible();
    await expectAccessible(page);
  });

  // Requirement CEN-001, CEN-005: one way of writing miles, in the page's language.
  test("in Spanish, every distance is written with Spanish numbers: the filter, the table", async ({ page }) => {
    const patient = await createPatient(page.request, newPatient("Amparo"), { verified: true });
    const id = await createClearedScreening(page.request, patient);
    await page.goto(`select-center/${id}?distance=1000`);
    await expect(page.getByLabel("Distance from your postal code").locator("option")).toHaveText([
      "100 miles",
      "300 miles",
      "1,000 miles",
      "Any Distance",
    ]);
    const english = await distances(page, "Kidney for Life Centers");
    expect(english.length).toBeGreaterThan(1);
    for (const d of english) expect(d).toMatch(/^\d{1,3}(,\d{3})*\.\d$/);

    await toSpanish(page, `/select-center/${id}?distance=1000`);
    const filter = page.getByLabel("Distancia desde su código postal");
    await expect(filter.locator("option")).toHaveText(["100 millas", "300 millas", "1000 millas", "Cualquier distancia"]);
    await expect(filter).toHaveValue("1000");
    const spanish = await distances(page, "Centros Kidney for Life");
    expect(spanish.length).toBe(english.length);
    for (const d of spanish) expect(d).toMatch(/^(\d{1,4}|\d{1,3}(\.\d{3})+),\d$/);
    expect(spanish).toEqual(english.map((d) => d.replace(/,/g, "").replace(".", ",")));
    await expectAccessible(page);
  });
});

withPatient.describe("after a center is chosen, and for an opted-out patient", () => {
  withPatient.describe.configure({ timeout: 180_000 });

  // Requirement CEN-006, CEN-009.
  withPatient(
    "Back to the confirmation after the selection was saved says the center is selected, not 'Please Give Additional Time'",
    async ({ page, patient }) => {
      const id = await createClearedScreening(page.request, patient);
      await page.goto(`select-center/${id}`);
      await page.getByRole("button", { name: `Select ${NEAR}` }).click();
      const dialog = page.getByRole("dialog", { name: "Select Center Confirmation" });
      await expect(dialog).toBeVisible();
      const confirmation = page.url();
      expect(confirmation).toMatch(/[?&]select=\d+/);
      // The confirmation is never kept by the browser: Back asks the portal again for the state it is in now.
      expect((await page.request.get(confirmation, { maxRedirects: 0 })).headers()["cache-control"]).toBe("no-store");
      await dialog.getByRole("button", { name: "I Understand, Continue" }).click();
      await expect(page).toHaveURL(/\/landing$/);
      await expect(page.getByText(`Your selection of ${NEAR} has been saved.`)).toBeVisible();

      await page.goBack();
      await expect(page).toHaveURL(/\/landing$/);
      await expect(page.getByRole("status")).toContainText(`${NEAR} is already your selected transplant center. Your next step is shown below.`);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByText("Please Give Additional Time")).toHaveCount(0);
      await expectAccessible(page);
      const after = await page.request.get(confirmation, { maxRedirects: 0 });
      expect([after.status(), after.headers()["location"], after.headers()["cache-control"]]).toEqual([302, "/landing", "no-store"]);

      // The same dialog posted again (a form kept by the browser) says the same, and changes nothing.
      const html = await (await page.request.get("landing")).text();
      const centerId = new URL(confirmation).searchParams.get("select")!;
      await formPoster(page.request, hiddenValue(html, "_csrf"))(`select-center/${id}?distance=300`, { intent: "select", centerId });
      await page.goto("landing");
      await expect(page.getByRole("status")).toContainText(`${NEAR} is already your selected transplant center.`);
      await expect(page.getByText("Please Give Additional Time")).toHaveCount(0);
    },
  );

  // Requirement CEN-008.
  withPatient("an opted-out patient cannot open the confirmation: the page says why, as the selection would", async ({ page, patient }) => {
    const id = await createClearedScreening(page.request, patient);
    await page.goto(`select-center/${id}`);
    const select = await page.getByRole("button", { name: `Select ${NEAR}` }).getAttribute("href");
    expect(select).toMatch(/select=\d+/);
    const html = await (await page.request.get("landing")).text();
    await formPoster(page.request, hiddenValue(html, "_csrf"))("landing", { intent: "opt-out" });

    const refused = "You have opted out of the registration process. Opt in on your dashboard to select a transplant center.";
    await page.goto(`select-center/${id}${select!.slice(select!.indexOf("?"))}`);
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole("alert").filter({ hasText: refused })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Select Center Confirmation" })).toHaveCount(0);
    await expectAccessible(page);
    await page.goto(`select-center/${id}`);
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole("alert").filter({ hasText: refused })).toBeVisible();

    await toSpanish(page, `/select-center/${id}`);
    await expect(page).toHaveURL(/\/landing$/);
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "Usted se dio de baja del proceso de registro. Vuelva a darse de alta en su panel para elegir un centro de trasplante." }),
    ).toBeVisible();
  });

  // Requirement SCR-011.
  withPatient("a first name changed on Verify Info is the header's at once", async ({ page, patient }) => {
    const html = await (await page.request.get("landing")).text();
    const post = formPoster(page.request, hiddenValue(html, "_csrf"));
    await post("landing", { intent: "start-screening" });
    await post("screening/patient-situation", { intent: "continue", kidneyStatus: "1", kidneyStatusOther: "" });
    await post("screening/transplant-center-registration", { intent: "continue", transplantCenterSituation: "2" });
    await post("screening/donor-situation", { intent: "continue", donorStatus: "1", donorStatusOther: "" });
    await post("screening/primary-goal", { intent: "continue", primaryGoal: "2", primaryGoalOther: "" });

    await page.goto("screening/patient-validation");
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toBeVisible();
    await page.getByLabel("First name", { exact: true }).fill("Marisol");
    await page.getByRole("button", { name: "Confirm & Validate Information" }).click();
    await expect(page).toHaveURL(/\/screening\/complete$/);
    await expect(page.getByText("Welcome, Marisol")).toBeVisible();
    await expect(page.getByText(`Welcome, ${patient.firstName}`)).toHaveCount(0);
    await page.goto("landing");
    await expect(page.getByText("Welcome, Marisol")).toBeVisible();
    await expectAccessible(page);
  });
});

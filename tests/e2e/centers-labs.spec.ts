import type { Browser, Locator, Page } from "@playwright/test";
import {
  createClearedScreening,
  expect,
  expectAccessible,
  MAIN_JOURNEY,
  needsStaffCommands,
  registryCommand,
  sqlQuery,
  withPatient as test,
} from "./fixtures";
import { download, selectCenter } from "./support/labs";
import { personWithRole } from "./support/staff";
import { openDashboard, registrationCard, stepCard } from "./support/dashboard";

/**
 * Center selection (CEN-001, CEN-003, CEN-004, CEN-006), the change of center (CEN-009), the lab pages and downloads
 * (LAB-003, LAB-004, LAB-005) and /update-labs (LAB-006), with JavaScript on and off. Registry staff approve lab orders
 * with a registry command (the e2e portal runs with LAB_APPROVAL_DELAY=never); time passing is a backdated row.
 */

// The demo centers are invented (CEN-012); the patient's postal code 10118 is in New York City.
const NEAR = "Ironbound Kidney Center";
const SECOND = "Elm Shore Renal Institute";

/** The cells of one column of a section's table (0 = center name, 1 = Select). */
async function column(table: Locator, index: number): Promise<string[]> {
  // A one-off read (no retry): the page it reads must be the whole new page, not the old one or a part of the new.
  await table.page().waitForLoadState("load");
  return table.locator("tbody tr").evaluateAll((rows, i) => rows.map((r) => (r.children[i] as HTMLElement).innerText.trim()), index);
}

async function referrals(page: Page): Promise<string[][]> {
  const table = registrationCard(page).getByRole("table", { name: "Transplant centers you were referred to" });
  await page.waitForLoadState("load");
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => (c as HTMLElement).innerText.trim())));
}

test.describe("center selection and labs", () => {
  // Two long journeys, each walking many pages with axe (a wide table on the select-center page).
  test.describe.configure({ timeout: 240_000 });
  // Requirement CEN-001, CEN-004, CEN-006, CEN-008, LAB-001, LAB-003, LAB-004, LAB-005.
  test(
    "a cleared patient filters, sorts, selects a center, gets the lab order and its results",
    { tag: MAIN_JOURNEY },
    async ({ page, patient, browser }) => {
      needsStaffCommands();
      const id = await createClearedScreening(page.request, patient);

      // The select-center page (CEN-001): 300 miles by default, both sections, the postal code.
      await page.goto(`select-center/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: "Select a Transplant Center" })).toBeVisible();
      await expect(page).toHaveTitle("Select Center – Kidney Transplant Registration");
      await expect(page.getByText("Results based on postal code 10118")).toBeVisible();
      await expect(page.getByLabel("Distance from your postal code")).toHaveValue("300");
      const kfl = page.getByRole("table", { name: "Kidney for Life Centers" });
      const others = page.getByRole("table", { name: "Other NKR Member Centers" });
      await expect(kfl).toBeVisible();
      await expect(others).toBeVisible();
      await expect(kfl.locator("th[aria-sort]")).toHaveAttribute("aria-sort", "ascending");
      await expect(kfl.locator("th[aria-sort]")).toContainText("Distance (mi)");
      await expectAccessible(page);
      const within300 = await kfl.locator("tbody tr").count();

      // The distance filter: a GET form.
      await page.getByLabel("Distance from your postal code").selectOption({ label: "100 miles" });
      await page.getByRole("button", { name: "Show Centers" }).click();
      await page.waitForURL(/distance=100/, { waitUntil: "load" });
      // With JavaScript the URL changes before the new rows render: wait until the table shows the filtered list.
      await expect.poll(async () => (await column(kfl, 3)).map(Number).every((d) => d <= 100)).toBe(true);
      const distances = (await column(kfl, 3)).map(Number);
      expect(distances.length).toBeGreaterThan(1);
      expect(distances.length).toBeLessThan(within300);
      expect(distances.every((d) => d <= 100)).toBe(true);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      await expect(kfl.getByRole("rowheader", { name: NEAR })).toBeVisible();

      // Sorting by two columns (CEN-004): Center Name ascending, then NKR Transplants Last 12 Months descending, flipped, cleared.
      await kfl.getByRole("link", { name: "Center Name" }).click();
      await expect(kfl.locator("th[aria-sort]")).toContainText("Center Name");
      await expect(kfl.locator("th[aria-sort]")).toHaveAttribute("aria-sort", "ascending");
      const names = await column(kfl, 0);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
      await expect(page).toHaveURL(/distance=100/);
      await kfl.getByRole("link", { name: "NKR Transplants Last 12 Months" }).click();
      await expect(kfl.locator("th[aria-sort]")).toContainText("NKR Transplants Last 12 Months");
      await expect(kfl.locator("th[aria-sort]")).toHaveAttribute("aria-sort", "descending");
      const counts = (await column(kfl, 6)).map(Number);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      await expectAccessible(page);
      await kfl.getByRole("link", { name: "NKR Transplants Last 12 Months" }).click();
      await expect(kfl.locator("th[aria-sort]")).toHaveAttribute("aria-sort", "ascending");
      await kfl.getByRole("link", { name: "NKR Transplants Last 12 Months" }).click();
      await expect(kfl.locator("th[aria-sort]")).toHaveCount(0);

      // Column information in a <details>, with the prior-year date range.
      await kfl.getByText("Info about Living Donor Transplants Prior Year").click();
      // The dates as the specification writes them, MM/DD/YYYY (CEN-002; docs/decisions/129).
      await expect(kfl.getByText(/^All living donor transplants at the center from \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
      await kfl.getByText("Info about Patient Microsites").click();
      await expect(kfl.getByText("Each microsite patient receives 250 business cards.", { exact: false })).toBeVisible();

      // Select, then 'Choose Another Center' closes the dialog; Select again and confirm.
      await kfl.getByRole("button", { name: `Select ${NEAR}` }).click();
      const dialog = page.getByRole("dialog", { name: "Select Center Confirmation" });
      await expect(dialog.getByRole("button", { name: "I Understand, Continue" })).toBeVisible();
      await dialog.getByRole("button", { name: "Choose Another Center" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await selectCenter(page, NEAR);

      // The dashboard: thank-you, the lab order waiting for approval, the referral.
      await openDashboard(page);
      await expect(registrationCard(page).getByText(`Thank you for selecting ${NEAR}.`)).toBeVisible();
      await expect(registrationCard(page).getByText("Pending Completion of Lab Tests")).toBeVisible();
      await expect(stepCard(page, "Lab Tests").getByText("Lab Order Requested")).toBeVisible();
      expect(await referrals(page)).toEqual([[NEAR, expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/), "Pending Center"]]);
      await page.goto(`lab-tests/${id}`);
      await expect(page.getByText("Your lab orders have been requested and are awaiting approval.", { exact: false })).toBeVisible();
      await expectAccessible(page);

      // Registry staff approve the order (LAB-002); 'Download Labs' appears.
      await registryCommand(["approve-labs", "--screening", String(id)]);
      await openDashboard(page);
      await stepCard(page, "Lab Tests").getByRole("button", { name: "Download Labs" }).click();
      await expect(page).toHaveURL(new RegExp(`/lab-tests/${id}$`));
      await expect(page.getByRole("heading", { level: 1, name: "Lab Tests" })).toBeVisible();
      await expect(page.getByText("Your lab orders are ready.")).toBeVisible();
      await expectAccessible(page);
      const order = await download(page, page.getByRole("link", { name: "Click here to download your lab orders (PDF)" }));
      expect(order.name).toBe("lab-tests.pdf");
      expect(order.text).toContain(`${patient.firstName} ${patient.lastName}`);
      const requisition = /Requisition number:? ?([3-9A-Z]{8})\b/.exec(order.text)?.[1];
      expect(requisition, `a requisition number in: ${order.text}`).toBeTruthy();
      await openDashboard(page);
      await expect(stepCard(page, "Lab Tests").getByText("Lab tests downloaded")).toBeVisible();

      // A lab person on /update-labs (LAB-006; docs/decisions/133).
      await updateLabs(browser, requisition!);

      // The results: 'Download Results', the Lab Results page, the PDF; the card shows Sent to Center.
      await openDashboard(page);
      await expect(stepCard(page, "Sent to Center").getByText("Complete")).toBeVisible();
      await expect(stepCard(page, "Lab Tests").getByText("Complete")).toBeVisible();
      await stepCard(page, "Lab Tests").getByRole("button", { name: "Download Results" }).click();
      await expect(page).toHaveURL(new RegExp(`/lab-results/${id}$`));
      await expect(page).toHaveTitle(/^Lab Results/);
      await expect(page.getByRole("heading", { level: 1, name: "Your Lab Tests" })).toBeVisible();
      await expect(page.getByText("Your lab results are ready.")).toBeVisible();
      await expectAccessible(page);
      const results = await download(page, page.getByRole("link", { name: "Click here to download your lab results (PDF)" }));
      expect(results.name).toBe("lab-results.pdf");
      expect(results.text).toContain(`${patient.firstName} ${patient.lastName}`);
      expect(results.text).toContain(requisition!);
    },
  );

  test("changing center: the 3-day wait, then a reason, a second referral and the first cancelled", async ({ page, patient }) => {
    needsStaffCommands();
    const id = await createClearedScreening(page.request, patient);

    // Bad addresses say so and change nothing.
    await page.goto("select-center/not-a-number");
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText("We could not find that registration. Please choose it from your dashboard.")).toBeVisible();
    await page.goto(`lab-tests/${id}x`);
    await expect(page.getByText("We could not find lab orders for this registration.")).toBeVisible();
    await expectAccessible(page);
    await page.goto(`select-center/${id}?distance=7&sort=nonsense&dir=up`);
    await expect(page.getByLabel("Distance from your postal code")).toHaveValue("300");

    // First selection from the dashboard's Select Center button.
    await openDashboard(page);
    await stepCard(page, "Select Transplant Center").getByRole("button", { name: "Select Center" }).click();
    await expect(page).toHaveURL(new RegExp(`/select-center/${id}$`));
    await selectCenter(page, NEAR);

    // Within 3 days: 'Please Give Additional Time'.
    await openDashboard(page);
    await stepCard(page, "Select Transplant Center").getByRole("button", { name: "Change Center" }).click();
    const wait = page.getByRole("dialog", { name: "Please Give Additional Time" });
    await expect(wait).toBeVisible();
    await expect(
      wait.getByText(`Please wait at least three (3) days for ${NEAR} to contact you before you select a new transplant center.`),
    ).toBeVisible();
    await expectAccessible(page);
    await wait.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The page itself refuses too.
    await page.goto(`select-center/${id}`);
    await expect(page.getByRole("dialog", { name: "Please Give Additional Time" })).toBeVisible();

    // Four days later (the referral backdated): the Additional Center Registration with its reason.
    await sqlQuery("update center_referrals set date_referred = date_referred - interval '4 days' where screening_id = $1", [id]);
    await openDashboard(page);
    await stepCard(page, "Select Transplant Center").getByRole("button", { name: "Change Center" }).click();
    const reason = page.getByRole("dialog", { name: "Additional Center Registration" });
    await expect(reason).toBeVisible();
    await expect(reason.getByLabel("Additional Information")).toHaveAttribute("rows", "4");
    await expectAccessible(page);
    await reason.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(reason.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("This is required");
    await expect(reason.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await reason.getByLabel("Reason").selectOption({ label: "Other" });
    await reason.getByRole("button", { name: "Continue" }).click();
    await expect(reason.getByLabel("Additional Information")).toHaveAttribute("aria-invalid", "true");
    await expect(reason.getByLabel("Reason")).toHaveValue("4");
    await reason.getByLabel("Additional Information").fill("We are moving to another city.");
    await reason.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(new RegExp(`/select-center/${id}$`));
    await expectAccessible(page);

    // The current center cannot be selected again; the second one can.
    await expect(page.getByRole("button", { name: `Select ${NEAR}` })).toBeDisabled();
    await selectCenter(page, SECOND);
    await openDashboard(page);
    await expect(registrationCard(page).getByText(`Thank you for selecting ${SECOND}.`)).toBeVisible();
    const rows = await referrals(page);
    expect(rows.map((r) => [r[0], r[2]])).toEqual([
      [SECOND, "Pending Center"],
      [NEAR, "Cancelled by Patient"],
    ]);
  });
});

/**
 * /update-labs as a lab person of the order's lab (docs/decisions/133): signed in to the staff console in a browser
 * of their own; the empty and unknown inputs, then the requisition and the results.
 */
async function updateLabs(browser: Browser, requisition: string) {
  const { page } = await personWithRole(browser, { role: "lab", lab: "Registry laboratory" }, "Lena Lab");
  await page.goto("update-labs");
  await expect(page).toHaveURL(/\/staff\/lab\/update-labs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Update Labs" })).toBeVisible();
  const field = page.getByLabel("Enter the requisition # as provided by the lab provider:");
  await expect(field).toHaveAttribute("placeholder", "####");
  await expectAccessible(page);
  const update = page.getByRole("button", { name: "Update Requisition" });
  const process = page.getByRole("button", { name: "Process Lab Results" });
  // The lab person's browser is a browser of this project's kind without its older-browser emulation: it runs the
  // scripts whenever the project enables JavaScript (the "older" project's included).
  if (test.info().project.use.javaScriptEnabled !== false) {
    await expect(update).toBeDisabled();
    await expect(process).toBeDisabled();
  } else {
    await update.click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Enter the requisition #");
    await expectAccessible(page);
  }

  await field.fill(requisition.toLowerCase());
  await update.click();
  await expect(page.getByText("Successfully updated lab requisition")).toBeVisible();
  await expect(field).toHaveValue("");

  await field.fill(requisition);
  await process.click();
  await expect(page.getByText("Successfully updated lab results")).toBeVisible();
  await expectAccessible(page);
}

import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import {
  createClearedScreening,
  expect,
  expectAccessible,
  latestMessage,
  registryCommand,
  selectFirstCenter,
  sqlQuery,
  needsStaffCommands,
  withPatient as test,
} from "./fixtures";
import { personWithRole } from "./support/staff";
import { updateLabsAs } from "./support/labs";

/**
 * Issue 34, the lab's area (docs/decisions/133): a patient chooses a center and the lab order is placed; a person of
 * the lab approves it on /staff/lab; the patient's dashboard and email say the order is ready; the lab person records
 * the values and the results, and the registration is Sent to Center. A person of another lab never sees the order
 * (404, audited). JavaScript on and off (projects js and nojs).
 */
needsStaffCommands();
test.describe.configure({ timeout: 240_000 });

const card = (page: Page) => page.locator("article.registration-card").first();
const stepCard = (page: Page, title: string) =>
  card(page)
    .locator("li.step-card")
    .filter({ has: page.getByRole("heading", { name: title }) });

async function dashboard(page: Page) {
  await page.goto("landing");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

test("a lab person approves the order, records values and results; another lab's person cannot see it", async ({ page, patient, browser }) => {
  const id = await createClearedScreening(page.request, patient);
  await selectFirstCenter(page.request, id);
  const [order] = await sqlQuery<{ id: number }>("select id from lab_orders where screening_id = $1 and superseded_at is null", [id]);
  expect(order, "the order placed with the center choice").toBeTruthy();
  await dashboard(page);
  await expect(stepCard(page, "Lab Tests").getByText("Lab Order Requested")).toBeVisible();

  const lab = await personWithRole(browser, { role: "lab", lab: "Registry laboratory" }, "Lou Lab");
  await lab.page.goto("staff");
  await lab.page.getByRole("link", { name: "Lab orders" }).click();
  await expect(lab.page.getByRole("heading", { level: 1, name: "Lab orders" })).toBeVisible();
  await expect(lab.page.getByRole("link", { name: "Waiting for approval" })).toHaveAttribute("aria-current", "page");
  await expectAccessible(lab.page);
  // Oldest first, at most 100: the order is listed when the suite's database has no more waiting before it.
  const [waiting] = await sqlQuery<{ before: number }>(
    "select count(*)::int as before from lab_orders where approved_at is null and superseded_at is null and id < $1",
    [order!.id],
  );
  if (waiting!.before < 100) {
    const row = lab.page.getByRole("row").filter({ has: lab.page.getByRole("rowheader", { name: String(order!.id), exact: true }) });
    await expect(row).toContainText(`${patient.lastName}, ${patient.firstName}`);
    await row.getByRole("link", { name: `Open lab order ${order!.id}` }).click();
  } else {
    await lab.page.goto(`staff/lab/orders/${order!.id}`);
  }
  await expect(lab.page.getByRole("heading", { level: 1, name: `Lab order ${order!.id}` })).toBeVisible();
  await expect(lab.page.getByRole("row", { name: /Patient/ })).toContainText(`${patient.firstName} ${patient.lastName}`);
  await expectAccessible(lab.page);

  // Declining needs a reason.
  await lab.page.getByRole("button", { name: "Decline the lab order" }).click();
  await expect(lab.page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Enter the reason for declining");
  await expectAccessible(lab.page);

  await lab.page.getByRole("button", { name: "Approve the lab order" }).click();
  await expect(lab.page.getByText("The lab order is approved. The patient was told it is ready.")).toBeVisible();
  await expect(lab.page.getByRole("row", { name: /State/ })).toContainText("Approved");
  const requisition = (
    await lab.page
      .getByRole("row", { name: /Requisition number/ })
      .locator("td")
      .innerText()
  ).trim();
  expect(requisition).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{8}$/);
  await expectAccessible(lab.page);

  // The patient: the dashboard and the email say the lab order is ready.
  await dashboard(page);
  await expect(stepCard(page, "Lab Tests").getByRole("button", { name: "Download Labs" })).toBeVisible();
  const ready = await latestMessage(page.request, patient.email, "email");
  expect(ready.subject).toBe("Your lab order is ready");

  // A person of another lab: the list does not have it, its page is a 404, and the refusal is audited.
  const otherLab = `Second laboratory ${randomUUID().slice(0, 8)}`;
  expect(await registryCommand(["add-lab", "--name", otherLab])).toContain(`: ${otherLab}`);
  const other = await personWithRole(browser, { role: "lab", lab: otherLab }, "Olive Otherlab");
  await other.page.goto("staff/lab?state=approved");
  await expect(other.page.getByText("No approved lab order is waiting for results.")).toBeVisible();
  await expectAccessible(other.page);
  const refused = await other.page.goto(`staff/lab/orders/${order!.id}`);
  expect(refused?.status()).toBe(404);
  const [audited] = await sqlQuery<{ refusals: number }>(
    `select count(*)::int as refusals from audit_log a join staff_people p on p.id = a.actor_id
      where a.actor_kind = 'staff' and a.action = 'staff.refused' and p.email = $1 and a.detail->>'labOrderId' = $2`,
    [other.person.email, String(order!.id)],
  );
  expect(audited!.refusals).toBe(1);
  // Nor on /update-labs: its requisition is unknown there.
  await other.page.goto("update-labs");
  await other.page.getByLabel("Enter the requisition # as provided by the lab provider:").fill(requisition);
  await other.page.getByRole("button", { name: "Update Requisition" }).click();
  await expect(other.page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("No lab order has this requisition #");

  // The lab received it, then the values and the results.
  await updateLabsAs(lab.page, requisition, "Update Requisition");
  await lab.page.goto(`staff/lab/orders/${order!.id}`);
  const first = lab.page.getByRole("group", { name: "Value 1" });
  await first.getByLabel("Test").fill("Creatinine");
  await first.getByLabel("Result").fill("1.1");
  await first.getByLabel("Unit").fill("mg/dL");
  await lab.page.getByRole("button", { name: "Save the values" }).click();
  await expect(lab.page.getByText("The values are saved.")).toBeVisible();
  await expect(lab.page.getByRole("group", { name: "Value 1" }).getByLabel("Test")).toHaveValue("Creatinine");
  await lab.page.getByRole("button", { name: "Record the results" }).click();
  await expect(lab.page.getByText("The results are recorded and the registration was sent to the transplant center.")).toBeVisible();
  await expectAccessible(lab.page);
  await lab.page.goto("staff/lab?state=results");
  await expect(lab.page.getByRole("link", { name: `Open lab order ${order!.id}` })).toBeVisible();

  // The patient: results, Sent to Center, the email.
  await dashboard(page);
  await expect(stepCard(page, "Sent to Center").getByText("Complete")).toBeVisible();
  await expect(stepCard(page, "Lab Tests").getByRole("button", { name: "Download Results" })).toBeVisible();
  const results = await latestMessage(page.request, patient.email, "email");
  expect(results.subject).toBe("Your lab results were received");
});

test("a declined order: the patient is told without the reason and may request labs again", async ({ page, patient, browser }) => {
  const id = await createClearedScreening(page.request, patient);
  await selectFirstCenter(page.request, id);
  const [order] = await sqlQuery<{ id: number }>("select id from lab_orders where screening_id = $1 and superseded_at is null", [id]);
  const lab = await personWithRole(browser, { role: "lab", lab: "Registry laboratory" }, "Dee Decline");
  await lab.page.goto(`staff/lab/orders/${order!.id}`);
  await lab.page.getByLabel("Reason").fill("The order duplicates one we hold");
  await lab.page.getByRole("button", { name: "Decline the lab order" }).click();
  await expect(lab.page.getByText("The lab order is declined. The patient was told.")).toBeVisible();
  await expect(lab.page.getByRole("row", { name: /Reason for declining/ })).toContainText("The order duplicates one we hold");
  await expectAccessible(lab.page);

  const mail = await latestMessage(page.request, patient.email, "email");
  expect(mail.subject).toBe("Your lab order was not approved");
  expect(mail.text).not.toContain("duplicates");
  await dashboard(page);
  await expect(stepCard(page, "Lab Tests").getByText("Pending Lab Test Start")).toBeVisible();
});

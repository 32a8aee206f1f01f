import type { APIRequestContext, Page } from "@playwright/test";
import {
  createSignedParticipant,
  createClearedScreening,
  createPatient,
  expect,
  expectAccessible,
  formPoster,
  hiddenValue,
  newPatient,
  sqlQuery,
  needsStaffCommands,
  test,
} from "./fixtures";
import { expectNoSidewaysScroll } from "./support/reflow";
import { createAdminLink, personWithRole, projectUse, setUpFromLink, staffEmail, type RoleToInvite } from "./support/staff";
import { portalText } from "./support/texts";

/**
 * Issue 34's "axe 0 on every staff page (light and dark) and the reflow check at 320 px", for the role areas
 * (docs/decisions/133): every center, lab and program page in Spanish, in each state a person meets it (the list, one
 * record, each step's form, its error, the record after each step), checked with axe in the light and the dark scheme
 * and for sideways scrolling at 320 px; and the console's own pages (sign-in, set-up, people, audit) the same way.
 * JavaScript on and off (projects js and nojs).
 */
needsStaffCommands();
test.describe.configure({ timeout: 240_000 });

const NEAR = "Ironbound Kidney Center";
const es = (key: string, vars?: Record<string, string>) => portalText("es", key, vars);

/** A person of the role, their pages in Spanish (the language switch's cookie) at 320 px. */
async function spanishStaff(browser: import("@playwright/test").Browser, role: RoleToInvite): Promise<Page> {
  const { page } = await personWithRole(browser, role, "Sam Staff");
  const base = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: "lng", value: "es", url: base }]);
  await page.setViewportSize({ width: 320, height: 720 });
  return page;
}

/** The page as it is now: Spanish, axe 0 in light and in dark, no sideways scrolling at 320 px. */
async function checkPage(page: Page, what: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
    await expectNoSidewaysScroll(page, `${what} (${colorScheme})`);
  }
}

/** A patient of their own, screened, who chose NEAR (a referral and a lab order waiting). Answers the screening id. */
async function referredPatient(request: APIRequestContext, firstName: string): Promise<{ screeningId: number; name: string }> {
  const patient = await createPatient(request, newPatient(firstName), { verified: true });
  const screeningId = await createClearedScreening(request, patient);
  const [center] = await sqlQuery<{ center_id: number }>("select center_id from transplant_centers where center_name = $1", [NEAR]);
  const html = await (await request.get(`select-center/${screeningId}`)).text();
  await formPoster(request, hiddenValue(html, "_csrf"))(`select-center/${screeningId}?distance=300`, {
    intent: "select",
    centerId: String(center!.center_id),
  });
  return { screeningId, name: `${patient.firstName} ${patient.lastName}` };
}

const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

test("the center's pages in Spanish: the list, a referral, each step's form and error, light and dark, at 320 px", async ({ page, browser }) => {
  const staff = await spanishStaff(browser, { role: "center", center: NEAR });
  const referred = await referredPatient(page.request, `Pag${letters()}`);
  const [referral] = await sqlQuery<{ id: number }>("select id from center_referrals where screening_id = $1 order by id desc limit 1", [
    referred.screeningId,
  ]);
  const ct = (key: string, vars?: Record<string, string>) => es(`staffCenter.${key}`, vars);

  await staff.goto("staff/center");
  await expect(staff.getByRole("heading", { level: 1, name: ct("list.title") })).toBeVisible();
  await expect(staff.getByRole("link", { name: referred.name })).toBeVisible();
  await checkPage(staff, "/staff/center");
  await staff.getByLabel(ct("list.status")).selectOption({ label: ct("statusNames.6") });
  await staff.getByRole("button", { name: ct("list.filterSubmit") }).click();
  await expect(staff).toHaveURL(/\/staff\/center\?status=6$/);
  await checkPage(staff, "/staff/center?status=6");

  await staff.goto(`staff/center/referrals/${referral!.id}`);
  await expect(staff.getByRole("heading", { level: 1, name: ct("referral.title", { name: referred.name }) })).toBeVisible();
  await checkPage(staff, "/staff/center/referrals/{id} pending");
  for (const action of ["decline", "cancel"] as const) {
    await staff.getByRole("button", { name: ct(`referral.${action}Submit`) }).click();
    await expect(staff.getByRole("heading", { name: es("errorSummary.title") })).toBeVisible();
    await expect(staff.getByRole("region", { name: ct(`referral.${action}Title`) }).getByText(ct("referral.reasonRequired"))).toBeVisible();
    await checkPage(staff, `/staff/center/referrals/{id} ${action} without a reason`);
  }
  await staff.getByRole("button", { name: ct("referral.approveSubmit") }).click();
  await expect(staff.getByText(ct("referral.done.approve"))).toBeVisible();
  await checkPage(staff, "/staff/center/referrals/{id} approved");
  await staff
    .getByRole("region", { name: ct("referral.cancelTitle") })
    .getByLabel(ct("referral.reasonLabel"))
    .fill("El paciente se trasladó.");
  await staff.getByRole("button", { name: ct("referral.cancelSubmit") }).click();
  await expect(staff.getByText(ct("referral.done.cancel"))).toBeVisible();
  await expect(staff.getByText(ct("referral.closed"))).toBeVisible();
  await checkPage(staff, "/staff/center/referrals/{id} cancelled");
});

test("the lab's pages in Spanish: the lists, an order, approve, decline and values with their errors, light and dark, at 320 px", async ({
  page,
  browser,
  extraHTTPHeaders,
}) => {
  const staff = await spanishStaff(browser, { role: "lab", lab: "Registry laboratory" });
  const ordered = await referredPatient(page.request, `Lab${letters()}`);
  const orderOf = async (screeningId: number) =>
    (await sqlQuery<{ id: number }>("select id from lab_orders where screening_id = $1 and superseded_at is null", [screeningId]))[0]!.id;
  const orderId = await orderOf(ordered.screeningId);
  const lt = (key: string, vars?: Record<string, string>) => es(`staffLab.${key}`, vars);

  for (const state of ["waiting", "approved", "results"] as const) {
    await staff.goto(`staff/lab?state=${state}`);
    await expect(staff.getByRole("heading", { level: 1, name: lt("title") })).toBeVisible();
    await checkPage(staff, `/staff/lab?state=${state}`);
  }

  await staff.goto(`staff/lab/orders/${orderId}`);
  await expect(staff.getByRole("heading", { level: 1, name: lt("orderTitle", { id: String(orderId) }) })).toBeVisible();
  await checkPage(staff, "/staff/lab/orders/{id} waiting");
  await staff.getByRole("button", { name: lt("declineSubmit") }).click();
  await expect(staff.getByRole("alert").filter({ hasText: es("errorSummary.title") })).toContainText(lt("reasonRequired"));
  await checkPage(staff, "/staff/lab/orders/{id} decline without a reason");
  await staff.getByRole("button", { name: lt("approveSubmit") }).click();
  await expect(staff.getByText(lt("approved"))).toBeVisible();
  await checkPage(staff, "/staff/lab/orders/{id} approved");
  // The values' form with a result but no test: its error.
  await staff
    .getByRole("group", { name: lt("valueRow", { n: "1" }) })
    .getByLabel(lt("valueValue"))
    .fill("1.1");
  await staff.getByRole("button", { name: lt("valuesSubmit") }).click();
  await expect(staff.getByRole("alert").filter({ hasText: es("errorSummary.title") })).toBeVisible();
  await checkPage(staff, "/staff/lab/orders/{id} values with an error");
  await staff.getByRole("button", { name: lt("resultsSubmit") }).click();
  await expect(staff.getByText(lt("resultsRecorded"))).toBeVisible();
  await checkPage(staff, "/staff/lab/orders/{id} with results");

  // A declined order (another patient, signed in in a browser of their own).
  const another = await browser.newContext({ ...projectUse(), extraHTTPHeaders });
  const declined = await referredPatient(another.request, `Dec${letters()}`);
  const declinedId = await orderOf(declined.screeningId);
  await staff.goto(`staff/lab/orders/${declinedId}`);
  await staff.getByLabel(lt("declineReason")).fill("La orden duplica otra.");
  await staff.getByRole("button", { name: lt("declineSubmit") }).click();
  await expect(staff.getByText(lt("declined"))).toBeVisible();
  await checkPage(staff, "/staff/lab/orders/{id} declined");

  // Update Labs by requisition: the page and its error.
  await staff.goto("staff/lab/update-labs");
  await checkPage(staff, "/staff/lab/update-labs");
  await staff.getByLabel(es("updateLabs.requisition")).fill("ZZZZZZZZ");
  await staff.getByRole("button", { name: es("updateLabs.updateRequisition") }).click();
  await expect(staff.getByRole("alert").filter({ hasText: es("errorSummary.title") })).toBeVisible();
  await checkPage(staff, "/staff/lab/update-labs with an error");
});

test("the program's pages in Spanish: participants by stage, a participant, the move and its error, light and dark, at 320 px", async ({
  page,
  browser,
}) => {
  const { fullName, recordId } = await createSignedParticipant(page);
  const pt = (key: string, vars?: Record<string, string>) => es(`staffProgram.${key}`, vars);

  const staff = await spanishStaff(browser, { role: "program" });
  await staff.goto("staff/program");
  await expect(staff.getByRole("heading", { level: 1, name: pt("participants.title") })).toBeVisible();
  await checkPage(staff, "/staff/program");

  await staff.goto(`staff/program/${recordId}`);
  await expect(staff.getByRole("heading", { level: 1, name: pt("participant.heading", { name: fullName }) })).toBeVisible();
  await checkPage(staff, "/staff/program/{id} at E-Sign");
  const toPreWorkup = pt("participant.moveSubmit", { stage: pt("stages.preWorkupLabs") });
  await staff.getByRole("button", { name: toPreWorkup }).click();
  await expect(staff.getByRole("link", { name: pt("participant.noteRequired") })).toBeVisible();
  await checkPage(staff, "/staff/program/{id} move without a note");
  await staff.getByLabel(pt("participant.note"), { exact: true }).fill("Análisis previos registrados.");
  await staff.getByRole("button", { name: toPreWorkup }).click();
  await expect(staff.getByText(pt("participant.moved"))).toBeVisible();
  await checkPage(staff, "/staff/program/{id} at Pre-workup Labs, with a note");
  await staff.getByLabel(pt("participant.note"), { exact: true }).fill("Registro completo.");
  await staff.getByRole("button", { name: pt("participant.moveSubmit", { stage: pt("stages.completed") }) }).click();
  await expect(staff.getByText(pt("participant.moved"))).toBeVisible();
  await checkPage(staff, "/staff/program/{id} completed");
});

test("the console's own pages in Spanish: sign-in, set-up, people, audit, with their errors, light and dark, at 320 px", async ({
  browser,
  extraHTTPHeaders,
}) => {
  const context = await browser.newContext({ ...projectUse(), extraHTTPHeaders, locale: "es-ES", viewport: { width: 320, height: 720 } });
  const page = await context.newPage();
  const sc = (key: string, vars?: Record<string, string>) => es(`staffConsole.${key}`, vars);

  await page.goto("staff/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: sc("signIn.title") })).toBeVisible();
  await checkPage(page, "/staff/sign-in");
  const email = staffEmail("lucia");
  await page.getByLabel(sc("signIn.email")).fill(email);
  await page.getByLabel(sc("signIn.password"), { exact: true }).fill("not the password at all");
  await page.getByRole("button", { name: sc("signIn.submit") }).click();
  await expect(page.getByText(sc("signIn.invalid"))).toBeVisible();
  await checkPage(page, "/staff/sign-in with a wrong password");

  const who = { name: `Lucía ${email.split("@")[0]!.split(".")[1]}`, email, lang: "es" as const };
  const admin = await setUpFromLink(page, await createAdminLink(who.email, who.name, "es"), who, (what) => checkPage(page, what));
  await checkPage(page, "/staff");

  await page.goto("staff/people");
  await expect(page.getByRole("heading", { level: 1, name: sc("people.title") })).toBeVisible();
  await checkPage(page, "/staff/people");
  await page.getByRole("button", { name: sc("people.inviteSubmit") }).click();
  await expect(page.getByRole("link", { name: sc("people.nameRequired") })).toBeVisible();
  await checkPage(page, "/staff/people, the invitation without a name");
  await page.getByRole("link", { name: sc("people.manageFor", { name: who.name }) }).click();
  await expect(page.getByRole("heading", { level: 1, name: sc("people.personTitle", { name: who.name }) })).toBeVisible();
  await checkPage(page, "/staff/people/{id}");

  const at = (key: string) => es(`staffProgram.audit.${key}`);
  await page.goto("staff/audit");
  await expect(page.getByRole("heading", { level: 1, name: at("title") })).toBeVisible();
  await checkPage(page, "/staff/audit");
  await page.getByLabel(at("record")).fill("12x");
  await page.getByRole("button", { name: at("submit") }).click();
  await expect(page.getByRole("link", { name: at("recordInvalid") })).toBeVisible();
  await checkPage(page, "/staff/audit with a wrong record number");
  await page.getByLabel(at("record")).fill("");
  await page.getByLabel(at("staffPerson")).selectOption({ label: `${who.name} (${who.email})` });
  await page.getByRole("button", { name: at("submit") }).click();
  await expect(page.getByRole("table", { name: at("caption") })).toBeVisible();
  await checkPage(page, "/staff/audit with results");

  await page.getByRole("button", { name: sc("signOut") }).click();
  await expect(page.getByText(sc("session.signedOut"))).toBeVisible();
  await checkPage(page, "/staff/sign-in, signed out");
  await page.getByLabel(sc("signIn.email")).fill(admin.email);
  await page.getByLabel(sc("signIn.password"), { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: sc("signIn.submit") }).click();
  await expect(page.getByRole("heading", { level: 1, name: sc("code.title") })).toBeVisible();
  await checkPage(page, "/staff/code");
  await page.getByLabel(sc("code.code"), { exact: true }).fill("000000");
  await page.getByRole("button", { name: sc("code.submit") }).click();
  await expect(page.getByRole("link", { name: sc("code.wrong") })).toBeVisible();
  await checkPage(page, "/staff/code with a wrong code");
  await context.close();
});

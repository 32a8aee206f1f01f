import type { Browser, Page } from "@playwright/test";
import en from "../../app/locales/en/index";
import es from "../../app/locales/es/index";
import {
  createClearedScreening,
  createPatient,
  expect,
  expectAccessible,
  latestMessage,
  needsStaffCommands,
  newPatient,
  outbox,
  registryCommand,
  scriptsRun,
  sqlQuery,
  test as plain,
  withPatient as test,
} from "./fixtures";

/**
 * Messages the patient chooses and signed-in devices (docs/decisions/109; ACC-047, ACC-048, ACC-049, ACC-050), with JavaScript on
 * and off: email only for a center's decisions, then a center's approval sends the email and no text; two browsers
 * signed in, each with the place of its address (docs/decisions/116), one signs the other out.
 */

const NEAR = "Ironbound Kidney Center";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? "");
const lastDigits = (value: string) => value.replace(/\D/g, "").slice(-10);

async function save(page: Page) {
  await page.getByRole("button", { name: en.messageChoices.save }).click();
}

/** From /profile, the link to the signed-in devices page; the table's rows once both browsers are listed. */
async function openDevices(page: Page, texts: typeof es) {
  await page.goto("profile");
  await page.getByRole("link", { name: texts.messagesAndDevices.devicesLink }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.devices.heading);
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  return rows;
}

/**
 * The patient signs in in another browser (an iPhone) from `address`: a public address the e2e IP-geolocation
 * database names (tests/e2e/support/e2e-env.ts E2E_PLACES, docs/decisions/116). Answers the other browser's context.
 */
async function signInElsewhere(browser: Browser, baseURL: string | undefined, patient: { email: string; password: string }, address: string) {
  const other = await browser.newContext({
    javaScriptEnabled: scriptsRun(),
    baseURL,
    userAgent: IPHONE,
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  const phone = await other.newPage();
  await phone.goto("register?login=1");
  const dialog = phone.getByRole("dialog", { name: en.login.heading });
  await dialog.getByLabel(en.login.email).fill(patient.email);
  await dialog.getByLabel(en.login.password, { exact: true }).fill(patient.password);
  await dialog.getByRole("button", { name: en.login.submit }).click();
  await expect(phone).toHaveURL(/\/landing$/);
  return { other, phone };
}

test("email only for decisions: the center's approval is emailed and no text is sent", async ({ page, patient }) => {
  needsStaffCommands();
  test.slow();
  // The mobile number counts as confirmed: without the choice, a center's decision is also texted (docs/decisions/042).
  await sqlQuery("update accounts set is_mobile_verified = true where medical_record_id = (select id from medical_records where email = $1)", [
    patient.email.toLowerCase(),
  ]);

  await page.goto("profile");
  await page.getByRole("link", { name: en.messagesAndDevices.messagesLink }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.messageChoices.heading);
  const decisions = page.getByRole("group", { name: en.messageChoices.decisionsLegend });
  await expect(decisions.getByLabel(en.messageChoices.text)).toBeChecked();
  await expect(page.getByRole("listitem").filter({ hasText: en.messageChoices.alwaysCodes })).toContainText(en.messageChoices.alwaysSent);

  // Nothing chosen for a kind: the error summary says which.
  await decisions.getByLabel(en.messageChoices.email).uncheck();
  await decisions.getByLabel(en.messageChoices.text).uncheck();
  await save(page);
  const summary = page.getByRole("alert").filter({ hasText: en.messageChoices.decisionsRequired });
  await expect(summary).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("group", { name: en.messageChoices.decisionsLegend }).getByLabel(en.messageChoices.email).check();
  await save(page);
  await expect(page.getByText(en.messageChoices.saved)).toBeVisible();
  await expect(page.getByRole("group", { name: en.messageChoices.decisionsLegend }).getByLabel(en.messageChoices.text)).not.toBeChecked();
  await expect(page.getByRole("group", { name: en.messageChoices.decisionsLegend }).getByLabel(en.messageChoices.email)).toBeChecked();

  // A center approves the referral (the center staff's step, here the staff command).
  const id = await createClearedScreening(page.request, patient);
  await page.goto(`select-center/${id}`);
  await page.getByRole("button", { name: `Select ${NEAR}` }).click();
  await page.getByRole("dialog", { name: "Select Center Confirmation" }).getByRole("button", { name: "I Understand, Continue" }).click();
  await expect(page.getByText(`Your selection of ${NEAR} has been saved.`)).toBeVisible();
  const [referral] = await sqlQuery<{ id: number }>("select id from center_referrals where screening_id = $1", [id]);
  await registryCommand(["referral-status", "--referral", String(referral!.id), "--status", "approved"]);
  const approved = await latestMessage(page.request, patient.email, "email");
  expect(approved.subject).toBe("Your transplant center approved your referral");
  const texts = (await outbox(page.request)).filter((e) => e.channel === "sms" && lastDigits(e.to) === lastDigits(patient.phone));
  expect(texts).toEqual([]);
});

plain(
  "two browsers signed in, in Spanish: the list shows both with their places, and one signs the other out",
  async ({ page, browser, baseURL }) => {
    const patient = await createPatient(page.request, newPatient("Lucia"), { spanish: true });
    const { other, phone } = await signInElsewhere(browser, baseURL, patient, "2.139.20.77");
    try {
      const rows = await openDevices(page, es);
      const mine = rows.filter({ hasText: es.devices.thisDevice });
      await expect(mine).toHaveCount(1);
      const theirs = rows.filter({ hasText: fill(es.devices.browserOn, { browser: "Safari", system: "iPhone" }) });
      await expect(theirs).toContainText("2.139.20.x");
      await expect(theirs).not.toContainText("2.139.20.77");
      await expect(theirs.locator("time")).toHaveText(/ de \d{4}/);
      // docs/decisions/116: the place by address in Spanish names; this browser's private address names none.
      await expect(page.getByRole("columnheader", { name: es.devices.place })).toBeVisible();
      await expect(theirs.getByRole("cell", { name: "Sevilla, Andalucía, España" })).toBeVisible();
      await expect(mine.getByRole("cell", { name: es.devices.unknownPlace })).toBeVisible();
      await expect(page.getByText(es.devices.addressNotePlaces)).toBeVisible();
      await expect(page.getByText(es.devices.addressNote)).toHaveCount(0);
      await expect(page.getByRole("link", { name: es.devices.creditDbIp })).toHaveAttribute("href", "https://db-ip.com");
      await expectAccessible(page);

      await theirs.getByRole("button", { name: es.devices.signOut }).click();
      await expect(page.getByText(es.devices.signedOutOther)).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(es.devices.thisDevice);

      // The other browser is signed out; this one is not.
      await phone.goto("landing");
      await expect(phone).toHaveURL(/\/register\?logout=true$/);
      await page.goto("landing");
      await expect(page).toHaveURL(/\/landing$/);

      // 'Sign out on this device'.
      await page.goto("profile/devices");
      await page.getByRole("button", { name: es.devices.signOutThis }).click();
      await expect(page).toHaveURL(/\/register\?logout=true$/);
    } finally {
      await other.close();
    }
  },
);

plain("en español: las opciones de mensajes dicen qué falta y se guardan", async ({ page }) => {
  await createPatient(page.request, newPatient("Rosa"), { spanish: true });
  await page.goto("profile");
  await page.getByRole("link", { name: es.messagesAndDevices.messagesLink }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(es.messageChoices.heading);
  const labs = page.getByRole("group", { name: es.messageChoices.labsLegend });
  await labs.getByLabel(es.messageChoices.email).uncheck();
  await labs.getByLabel(es.messageChoices.text).uncheck();
  await page.getByRole("button", { name: es.messageChoices.save }).click();
  await expect(page.getByRole("alert").filter({ hasText: es.messageChoices.labsRequired })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("group", { name: es.messageChoices.labsLegend }).getByLabel(es.messageChoices.text).check();
  await page.getByRole("button", { name: es.messageChoices.save }).click();
  await expect(page.getByText(es.messageChoices.saved)).toBeVisible();
  const saved = page.getByRole("group", { name: es.messageChoices.labsLegend });
  await expect(saved.getByLabel(es.messageChoices.text)).toBeChecked();
  await expect(saved.getByLabel(es.messageChoices.email)).not.toBeChecked();
});

test("in English, the devices page marks this device, names the other's place, and 'Sign out on this device' signs it out", async ({
  page,
  patient,
  browser,
  baseURL,
}) => {
  const { other } = await signInElsewhere(browser, baseURL, patient, "2.136.5.9");
  try {
    const rows = await openDevices(page, en);
    const mine = rows.filter({ hasText: en.devices.thisDevice });
    await expect(mine.locator("time")).toHaveText(/\b\d{4}\b/);
    await expect(mine.getByRole("cell", { name: en.devices.unknownPlace })).toBeVisible();
    const theirs = rows.filter({ hasText: fill(en.devices.browserOn, { browser: "Safari", system: "iPhone" }) });
    await expect(theirs).toContainText("2.136.5.x");
    await expect(theirs.getByRole("cell", { name: "Seville, Andalusia, Spain" })).toBeVisible();
    await expect(page.getByText(en.devices.addressNotePlaces)).toBeVisible();
    await expect(page.getByRole("link", { name: en.devices.creditDbIp })).toHaveAttribute("href", "https://db-ip.com");
    await expectAccessible(page);
    await page.getByRole("button", { name: en.devices.signOutThis }).click();
    await expect(page).toHaveURL(/\/register\?logout=true$/);
    await page.goto("landing");
    await expect(page).toHaveURL(/\/register/);
  } finally {
    await other.close();
  }
});

import type { Page } from "@playwright/test";
import en from "../../app/locales/en/index";
import es from "../../app/locales/es/index";
import { createPatient, expect, expectAccessible, newPatient, scriptsRun, test } from "./fixtures";

/**
 * The page's language follows the patient across client navigations (issue 10; decision 059): the browser has no
 * translation library, each page's texts come with its loader data, so signing in as a Spanish-preferring
 * patient, moving between pages, signing out and switching the language show each page in the right language at
 * once, with JavaScript on (client navigations, hydration without a text mismatch) and off.
 */
const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? "");

/** React's hydration errors (a text the browser rendered differently from the server) and uncaught errors. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|Minified React error #4(18|19|23|25)/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

async function signIn(page: Page, texts: typeof en, email: string, password: string) {
  await page.getByRole("link", { name: texts.header.alreadyRegistered }).first().click();
  const dialog = page.getByRole("dialog", { name: texts.login.heading });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(texts.login.email).fill(email);
  await dialog.getByLabel(texts.login.password, { exact: true }).fill(password);
  await dialog.getByRole("button", { name: texts.login.submit }).click();
}

async function expectPage(page: Page, lang: "en" | "es", heading: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
}

test("a Spanish-preferring patient signs in from an English page: every page after it is Spanish, until the switch says English", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const patient = await createPatient(request, newPatient("Lucia"), { spanish: true });

  await page.goto("register");
  await expectPage(page, "en", en.register.heading);
  await signIn(page, en, patient.email, patient.password);

  await expect(page).toHaveURL(/\/landing$/);
  await expectPage(page, "es", es.landing.heading);
  await expect(page.getByText(fill(es.header.welcome, { name: patient.firstName }))).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(es.footer.siteMap);
  await expect(page).toHaveTitle(`${es.landing.title} – ${es.common.appName}`);
  await expect(page.getByRole("heading", { level: 1, name: en.landing.heading })).toHaveCount(0);
  await expectAccessible(page);

  // A page reached by a link (a client navigation with JavaScript): its own texts, in Spanish.
  await page.getByText(fill(es.header.welcome, { name: patient.firstName })).click();
  await page.getByRole("link", { name: es.header.profile }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expectPage(page, "es", es.profile.heading);
  await expect(page.getByLabel(es.register.firstName, { exact: true })).toHaveValue(patient.firstName);

  // Signing out: the page after it stays in the patient's language (decision 040), with the sign-in link in Spanish.
  await page.getByText(fill(es.header.welcome, { name: patient.firstName })).click();
  await page.getByRole("button", { name: es.header.logout }).click();
  await expect(page).toHaveURL(/\/register\?logout=true$/);
  await expectPage(page, "es", es.register.heading);
  await expect(page.getByRole("status")).toContainText(es.session.signedOut);

  // The switch's choice wins over the patient's: English chosen, then signing in stays in English.
  // On /register without JavaScript the switch is a button of the form, carrying what was typed (decision 054).
  await page.getByRole("list", { name: es.header.languageSwitch }).getByText(en.language.en, { exact: true }).click();
  await expectPage(page, "en", en.register.heading);
  await signIn(page, en, patient.email, patient.password);
  await expect(page).toHaveURL(/\/landing$/);
  await expectPage(page, "en", en.landing.heading);
  await expect(page.getByText(fill(en.header.welcome, { name: patient.firstName }))).toBeVisible();
  await page.getByText(fill(en.header.welcome, { name: patient.firstName })).click();
  await page.getByRole("link", { name: en.header.profile }).click();
  await expectPage(page, "en", en.profile.heading);

  expect(errors, scriptsRun() ? "no hydration mismatch or script error" : "no script ran").toEqual([]);
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe-core with the WCAG 2.2 AA rule tags, on the page as it is now. axe runs inside the page, so for a page
 * opened with JavaScript off it checks the same HTML (scripts removed, same URL and styles) in a scratch page
 * that may run axe.
 */
export async function expectAccessible(page: Page) {
  let target = page;
  let scratch: Page | undefined;
  if (!scriptsRun()) {
    const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    const context = await browser.newContext({ javaScriptEnabled: true });
    scratch = await context.newPage();
    const url = page.url();
    await scratch.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await scratch.goto(url);
    target = scratch;
  }
  const results = await new AxeBuilder({ page: target }).withTags(AXE_TAGS).analyze();
  if (scratch) await scratch.context().close();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Whether this test's project runs with JavaScript on. */
export function scriptsRun(): boolean {
  return base.info().project.use.javaScriptEnabled !== false;
}

let counter = 0;
/** A patient nobody else in this run uses: unique email and a unique 10-digit US phone number. */
export function newPatient(firstName = "Rosa") {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  const digits = `${Date.now()}${process.pid}${counter}`.slice(-7);
  return {
    firstName,
    lastName: "Martinez",
    preferredName: firstName,
    birthDate: "1961-04-12",
    email: `patient.${stamp}@example.org`,
    phone: `(212) ${digits.slice(0, 3)}-${digits.slice(3, 7)}`,
    password: "correct horse battery staple 42",
    addressLine1: "350 Fifth Avenue",
    city: "New York",
    state: "New York",
    postalCode: "10118",
  };
}
export type Patient = ReturnType<typeof newPatient>;

/** Fills and sends the registration form as a patient would. */
export async function register(page: Page, p: Patient) {
  // Relative to the project's baseURL, so the same journey runs under a sub-path behind the proxy.
  await page.goto("register");
  const form = page.locator("form[aria-label]").first();
  await form.getByLabel("First name", { exact: true }).fill(p.firstName);
  await form.getByLabel("Last name", { exact: true }).fill(p.lastName);
  await form.getByLabel("Preferred name", { exact: true }).fill(p.preferredName);
  await form.getByLabel("Birth date").fill(p.birthDate);
  await form.getByLabel("Email", { exact: true }).fill(p.email);
  await form.getByLabel("Phone number").fill(p.phone);
  await form.getByLabel("Password", { exact: true }).fill(p.password);
  await form.getByLabel("Confirm password").fill(p.password);
  await form.getByLabel("Address line 1").fill(p.addressLine1);
  await form.getByLabel("City").fill(p.city);
  await form.getByLabel("State", { exact: true }).selectOption({ label: p.state });
  await form.getByLabel("Postal code").fill(p.postalCode);
  await form.getByLabel("Preferred language").selectOption({ label: "English" });
  await form.getByLabel("Gender").selectOption({ label: "Female" });
  await form.getByLabel("I agree to the HIPAA release").check();
  await form.getByRole("button", { name: "Register", exact: true }).click();
}

export const test = base;
export { expect };

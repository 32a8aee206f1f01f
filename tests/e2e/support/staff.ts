import { test as playwrightTest, type APIRequestContext, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { createSessionStore } from "../../../app/platform/session.server";
import { STAFF_COOKIE, STAFF_COOKIE_PURPOSE, type StaffSessionData } from "../../../app/platform/staff-session";
import { expect, expectAccessible, latestLinkPath, registryCommand } from "../fixtures";
import { dataDir } from "./e2e-env";
import { portalText, type Lang } from "./texts";

/**
 * A staff person as the console's journeys know them (docs/decisions/126, 127): what they typed and what the set-up
 * page showed them. Codes come from the key, as their authenticator app makes them.
 */
export type StaffPerson = { name: string; email: string; lang?: Lang; password: string; key: string; recoveryCodes: string[] };

export const STAFF_PASSWORD = "a long staff password 2026";
const STEP_MS = 30_000;

/** The authenticator's code for `key` at `at` (the registry takes the step before and after too). */
export function codeFor(key: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, "")), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: at });
}

/** The code of the next 30-second step: never one the registry has seen (a code is accepted once). */
export function nextCode(key: string): string {
  return codeFor(key, Date.now() + STEP_MS);
}

export function staffEmail(who: string): string {
  return `${who}.${randomUUID().slice(0, 8)}@hospital.example.org`;
}

/** The first administrator's link, as `create-admin` prints it, as a path on the e2e portal. */
export async function createAdminLink(email: string, name: string, lang?: Lang): Promise<string> {
  const printed = await registryCommand(["create-admin", "--email", email, "--name", name, ...(lang ? ["--lang", lang] : [])]);
  const link = /https?:\/\/\S+/.exec(printed)?.[0];
  expect(link, `a link in: ${printed}`).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname.replace(/^\//, "")}${url.search}`;
}

/** The newest set-up link emailed to `email` (an invitation, or a new link). */
export function emailedLink(request: APIRequestContext, email: string): Promise<string> {
  return latestLinkPath(request, email);
}

/**
 * Follows a set-up link to the console: the password twice, the authenticator's key (read from the page, as a person
 * who cannot scan types it), its first code, the recovery codes. Checks each page as a patient's page is checked. The
 * pages' texts are in `who.lang` (English unless given): the language the browser asks for.
 */
export async function setUpFromLink(
  page: Page,
  linkPath: string,
  who: { name: string; email: string; lang?: Lang },
  /** More checks on each page (the reflow at 320 px). */
  onPage: (what: string) => Promise<void> = async () => {},
): Promise<StaffPerson> {
  const t = (key: string, vars?: Record<string, string>) => portalText(who.lang ?? "en", `staffConsole.${key}`, vars);
  await page.goto(linkPath);
  // The token leaves the address at once.
  await expect(page).toHaveURL(/\/staff\/welcome$/);
  await expect(page.getByRole("heading", { level: 1, name: t("welcome.title") })).toBeVisible();
  await expect(page.getByText(t("welcome.intro", { name: who.name, email: who.email }))).toBeVisible();
  await expectAccessible(page);
  await onPage("/staff/welcome");
  await page.getByLabel(t("welcome.password"), { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel(t("welcome.confirmPassword")).fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: t("welcome.submit") }).click();

  await expect(page.getByRole("heading", { level: 1, name: t("setup.title") })).toBeVisible();
  await expect(page.getByRole("img", { name: t("setup.qrAlt") })).toBeVisible();
  await expectAccessible(page);
  await onPage("/staff/setup");
  const key = (await page.locator(".staff-key").innerText()).replace(/\s+/g, "");
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel(t("setup.code"), { exact: true }).fill(codeFor(key));
  await page.getByRole("button", { name: t("setup.submit") }).click();

  await expect(page.getByRole("heading", { level: 1, name: t("recovery.title") })).toBeVisible();
  await expectAccessible(page);
  await onPage("/staff/recovery-codes");
  const recoveryCodes = await page.locator(".recovery-codes code").allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole("button", { name: t("recovery.done") }).click();
  await expect(page.getByRole("heading", { level: 1, name: t("home.title") })).toBeVisible();
  return { ...who, password: STAFF_PASSWORD, key, recoveryCodes };
}

/** Signs in with the password and a code (the next step's, by default), on pages in the person's language. */
export async function staffSignIn(page: Page, person: StaffPerson, code = nextCode(person.key)): Promise<void> {
  const t = (key: string) => portalText(person.lang ?? "en", `staffConsole.${key}`);
  await page.goto("staff/sign-in");
  await page.getByLabel(t("signIn.email")).fill(person.email);
  await page.getByLabel(t("signIn.password"), { exact: true }).fill(person.password);
  await page.getByRole("button", { name: t("signIn.submit") }).click();
  await expect(page.getByRole("heading", { level: 1, name: t("code.title") })).toBeVisible();
  await page.getByLabel(t("code.code"), { exact: true }).fill(code);
  await page.getByRole("button", { name: t("code.submit") }).click();
}

/** Moves the staff session's times as a later clock would see them (the e2e portal's own demo secret). */
export async function ageStaffSession(page: Page, change: (data: StaffSessionData, now: number) => void): Promise<void> {
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as { sessionSecret: string };
  const cookie = (await page.context().cookies()).find((c) => c.name === STAFF_COOKIE);
  expect(cookie, "the staff session cookie").toBeDefined();
  const store = createSessionStore<StaffSessionData>({
    secret: secrets.sessionSecret,
    path: cookie!.path,
    cookie: STAFF_COOKIE,
    purpose: STAFF_COOKIE_PURPOSE,
  });
  const session = store.read(`${STAFF_COOKIE}=${cookie!.value}`);
  expect(session.get("token"), "a signed-in staff session").toBeTruthy();
  change(session.data, Date.now());
  const value = store
    .write(session, false)
    .split(";")[0]!
    .slice(STAFF_COOKIE.length + 1);
  await page.context().addCookies([{ ...cookie!, value }]);
}

/** A role as the invitation form asks for it: a lab's or a center's by the name the form lists. */
export type RoleToInvite = { role: "lab"; lab: string } | { role: "center"; center: string } | { role: "program" } | { role: "administrator" };

/**
 * A staff person with one role, made as a registry does it: a fresh administrator (create-admin, set up in a browser
 * of their own) invites them on /staff/people, and they set up from the emailed link in their own browser. Answers the
 * person and their signed-in page (its context closes with the test's browser).
 */
export async function personWithRole(
  browser: import("@playwright/test").Browser,
  invite: RoleToInvite,
  name = "Pat Staff",
): Promise<{ person: StaffPerson; page: Page }> {
  const use = projectUse();
  const adminContext = await browser.newContext(use);
  const admin = await adminContext.newPage();
  const adminWho = { name: "Ada Admin", email: staffEmail("admin") };
  await setUpFromLink(admin, await createAdminLink(adminWho.email, adminWho.name), adminWho);
  const who = { name, email: staffEmail(invite.role) };
  await admin.goto("staff/people");
  await admin.getByLabel("Name", { exact: true }).fill(who.name);
  await admin.getByLabel("Work email").fill(who.email);
  await admin.getByLabel("Role").selectOption(invite.role);
  if (invite.role === "lab") await admin.getByRole("combobox", { name: /^Lab\b/ }).selectOption({ label: invite.lab });
  if (invite.role === "center") await admin.getByLabel("Transplant center").selectOption({ label: invite.center });
  await admin.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.getByText(`The invitation was sent to ${who.email}.`)).toBeVisible();
  const link = await emailedLink(admin.request, who.email);
  await adminContext.close();
  const context = await browser.newContext(use);
  const page = await context.newPage();
  return { person: await setUpFromLink(page, link, who), page };
}

/** The test's project's browser settings, for a second browser of the same kind (base URL, JavaScript, headers). */
export function projectUse() {
  const use = playwrightTest.info().project.use;
  return { baseURL: use.baseURL, javaScriptEnabled: use.javaScriptEnabled, extraHTTPHeaders: use.extraHTTPHeaders, locale: use.locale };
}

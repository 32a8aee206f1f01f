import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { expect, test as base, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { answersByPage } from "../../app/features/medical-history/test-answers";
import en from "../../app/locales/en/index";
import { createSessionStore, SESSION_COOKIE } from "../../app/platform/session.server";
import type { SessionData } from "../../app/platform/session-keys";
import { buildDir, databaseUrl, dataDir, e2eRegistryEnv } from "./support/e2e-env";
import { CHECKED_APIS, deleteApis, NEWER_APIS } from "./support/old-browsers";
import { pageShape } from "./support/page-shape";
import { markShapePassed, shapePassed } from "./support/axe-shapes";

const execFileAsync = promisify(execFile);

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * A page whose elements, attributes, media, viewport and filled/empty text are the same as one axe already passed in
 * this run (tests/e2e/support/page-shape.ts, support/axe-shapes.ts) gives axe nothing new to see, so only its texts are
 * checked again. E2E_AXE_EVERY_PAGE=1 runs axe on every visit (docs/decisions/112, 117).
 */
const AXE_EVERY_PAGE = process.env.E2E_AXE_EVERY_PAGE === "1";

/**
 * axe-core with the WCAG 2.2 AA rule tags, on the page as it is now. axe runs inside the page, so for a page
 * opened with JavaScript off it checks the same HTML (scripts removed, same URL and styles) in a scratch page
 * that may run axe.
 */
export async function expectAccessible(page: Page) {
  // The whole document: a page still streaming in has links whose text is not parsed yet.
  if (!scriptsRun()) await page.waitForLoadState("domcontentloaded");
  // The page's colour scheme and forced colours (tests/e2e/colour-schemes.spec.ts), so axe sees the same colours.
  const media = await page.evaluate(() => ({
    colorScheme: matchMedia("(prefers-color-scheme: dark)").matches ? ("dark" as const) : ("light" as const),
    forcedColors: matchMedia("(forced-colors: active)").matches ? ("active" as const) : ("none" as const),
  }));
  // Not the project: the shape is read from the document axe checks, so an equal shape is the same document whichever
  // project met it (decision 117). Hydration changes the DOM, so in practice js and nojs never share a shape; older
  // and oldest may share with nojs (their HTML path), and every project's workers share with each other.
  const viewport = page.viewportSize();
  const shape = `${media.colorScheme} ${media.forcedColors} ${viewport?.width}x${viewport?.height} ${await pageShape(page)}`;
  if (AXE_EVERY_PAGE || !shapePassed(shape)) {
    await expectNoAxeViolations(page, media);
    markShapePassed(shape);
  }
  const rawKeys = await untranslatedKeys(page);
  expect(rawKeys, `texts shown as their key on ${page.url()} (missing from the page's texts: decision 073)`).toEqual([]);
}

type Media = { colorScheme: "dark" | "light"; forcedColors: "active" | "none" };

/** One page per browser (a worker's) that may run scripts, where axe checks the HTML of a page opened without them. */
const scratchPages = new WeakMap<Browser, Promise<Page>>();

function scratchPage(browser: Browser): Promise<Page> {
  let scratch = scratchPages.get(browser);
  if (!scratch) {
    scratch = browser.newContext({ javaScriptEnabled: true }).then((context) => context.newPage());
    scratchPages.set(browser, scratch);
  }
  return scratch;
}

async function expectNoAxeViolations(page: Page, media: Media) {
  let target = page;
  if (!scriptsRun()) {
    const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    // The same HTML at the same address, media and viewport, so the styles and the layout axe sees are the page's.
    target = await scratchPage(browser);
    const url = page.url();
    await target.emulateMedia(media);
    const viewport = page.viewportSize();
    if (viewport) await target.setViewportSize(viewport);
    if (new URL(target.url()).origin === new URL(url).origin) {
      // Already at the portal's address (an earlier check): the HTML replaces the document (document.open keeps the
      // window, so axe, put into it once, stays), and the page's absolute-path styles load from the same origin.
      await target.setContent(html);
    } else {
      await target.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
      try {
        await target.goto(url);
      } finally {
        await target.unroute(url);
      }
    }
  }
  const summary = await axeViolations(target);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** axe-core's own script, put into each page it checks (once per document, or per window for the scratch page). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core run in the page itself (`axe.run` on the document, violations only). Not @axe-core/playwright's
 * AxeBuilder: it opens a second page for every check to merge the results of frames (about 1.1 s a check here
 * against 0.7 s), and the portal's pages have no frames (a page with one fails here rather than go half-checked;
 * decision 117).
 */
async function axeViolations(target: Page): Promise<string[]> {
  if (target.frames().length > 1) throw new Error(`${target.url()} has frames: axeViolations checks the top document only`);
  if (!(await target.evaluate(() => "axe" in window))) await target.evaluate(AXE_SOURCE);
  return target.evaluate(async (tags) => {
    type Violation = { id: string; help: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  }, AXE_TAGS);
}

/**
 * Texts the page shows as a locale key ("landing.title"): its loader did not send that text (decisions 059, 073).
 * Every text node, the title and the accessible names and hints written in attributes; checked with each axe pass.
 */
async function untranslatedKeys(page: Page): Promise<string[]> {
  const pattern = `^(?:${Object.keys(en).join("|")})\\.[A-Za-z0-9_.]+$`;
  return page.evaluate((source) => {
    const key = new RegExp(source);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      if (key.test(text)) found.push(text);
    }
    for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const text = el.getAttribute(name)?.trim() ?? "";
        if (key.test(text)) found.push(`${name}="${text}"`);
      }
    }
    return found;
  }, pattern);
}

/**
 * Whether this test's project runs the portal's enhanced JavaScript layer: JavaScript on, in a browser that passes
 * the "cut the mustard" check (decision 030). The "older" project runs scripts but gets the HTML page.
 */
export function scriptsRun(): boolean {
  // The project `oldest` (oldestBrowser) passes the check: it runs the enhanced layer.
  const use = base.info().project.use as TestOptions & { javaScriptEnabled?: boolean };
  return use.javaScriptEnabled !== false && !use.olderBrowser;
}

/**
 * Waits until the enhanced layer has hydrated the page (`<html data-hydrated>`, app/enhance/document-hydration.tsx);
 * where scripts do not run there is nothing to wait for.
 */
export async function hydrated(page: Page): Promise<void> {
  if (scriptsRun()) await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/** The tag of the main journeys, which the "older" project runs too (playwright.config.ts). */
export const MAIN_JOURNEY = "@main-journey";

/** Options a Playwright project sets (playwright.config.ts). */
export type TestOptions = {
  /**
   * Act as a browser that runs scripts but fails the check: every API it tests is deleted (showModal, submitter,
   * TextEncoderStream…), and every newer one the oldest browsers lack (tests/e2e/support/old-browsers.ts).
   */
  olderBrowser: boolean;
  /**
   * Act as the oldest browsers that pass the check (Chrome/Edge 85, Firefox 105, Safari 15.4, Samsung Internet 14):
   * the APIs newer than them are deleted, CSS `:has()` rules dropped, FormData without its submitter argument.
   */
  oldestBrowser: boolean;
};

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
    // A possible US number (docs/decisions/090): the area code 3N5 and the exchange 5NN never start with 0 or 1, nor are N11.
    phone: `(3${digits[0]}5) 5${digits.slice(1, 3)}-${digits.slice(3, 7)}`,
    password: "correct horse battery staple 42",
    addressLine1: "350 Fifth Avenue",
    city: "New York",
    state: "New York",
    postalCode: "10118",
  };
}
export type Patient = ReturnType<typeof newPatient>;

/** The bot check (ACC-018) refuses a registration sent within 1 s of the form being issued (decision 007). */
export const BOT_CHECK_MIN_MS = 1_000;

/** Waits until a person could have filled the form issued at `since` (Date.now()). */
export async function humanPause(page: Page, since: number) {
  const left = since + BOT_CHECK_MIN_MS + 250 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

/** Fills the registration form as a patient would (without sending it). Answers when the form was loaded. */
export async function fillRegistration(page: Page, p: Patient): Promise<number> {
  // Relative to the project's baseURL, so the same journey runs under a sub-path behind the proxy.
  await page.goto("register");
  const loadedAt = Date.now();
  await fillRegistrationFields(page.locator("form[aria-label]").first(), p);
  return loadedAt;
}

/** Fills the registration form's fields as a patient would; `invited`: the names and the email came with the invite. */
export async function fillRegistrationFields(form: Locator, p: Patient, { invited = false } = {}) {
  if (!invited) {
    await form.getByLabel("First name", { exact: true }).fill(p.firstName);
    await form.getByLabel("Last name", { exact: true }).fill(p.lastName);
  }
  await form.getByLabel("Preferred name", { exact: true }).fill(p.preferredName);
  await form.getByLabel("Birth date").fill(p.birthDate);
  if (!invited) await form.getByLabel("Email", { exact: true }).fill(p.email);
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
}

/** Fills and sends the registration form as a patient would. */
export async function register(page: Page, p: Patient) {
  const loadedAt = await fillRegistration(page, p);
  await humanPause(page, loadedAt);
  await page.locator("form[aria-label]").first().getByRole("button", { name: "Register", exact: true }).click();
}

/** The demo outbox (PLT-015), newest first, as a patient's mailbox and phone. */
export type OutboxEntry = { channel: "email" | "sms"; to: string; subject: string; text: string; createdAt: string };
export async function outbox(request: APIRequestContext): Promise<OutboxEntry[]> {
  const answer = await request.get("dev/outbox.json");
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as OutboxEntry[];
}

function digits(value: string): string {
  return value.replace(/\D/g, "").slice(-10);
}

/** The newest message sent to an email address or a phone number (compared by its last 10 digits). */
export async function latestMessage(request: APIRequestContext, to: string, channel: "email" | "sms"): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  await expect
    .poll(async () => {
      const entries = await outbox(request);
      found = entries.find(
        (e) => e.channel === channel && (channel === "email" ? e.to.toLowerCase() === to.toLowerCase() : digits(e.to) === digits(to)),
      );
      return !!found;
    })
    .toBe(true);
  return found!;
}

/** The 6-digit confirmation code of the newest message to `to`. */
export async function latestCode(request: APIRequestContext, to: string, channel: "email" | "sms"): Promise<string> {
  const message = await latestMessage(request, to, channel);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  expect(code, `a code in: ${message.text}`).toBeTruthy();
  return code!;
}

/** The first link in the newest email to `to`, as a path on this site (the link carries PUBLIC_URL's host). */
export async function latestLinkPath(request: APIRequestContext, to: string): Promise<string> {
  const message = await latestMessage(request, to, "email");
  const link = /https?:\/\/\S+/.exec(message.text)?.[0];
  expect(link, `a link in: ${message.text}`).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname.replace(/^\//, "")}${url.search}`;
}

/** Confirms a contact on /confirm as a patient does: send, read the code from the outbox, enter it. */
export async function confirmContact(page: Page, p: Patient, kind: "email" | "text") {
  await page.goto("confirm");
  const send = kind === "email" ? "Send Confirmation Email" : "Send Confirmation Text";
  await page.getByRole("button", { name: send }).first().click();
  await page.getByRole("dialog").getByRole("button", { name: send }).click();
  await expect(page.getByRole("dialog", { name: "Enter Confirmation Code" })).toBeVisible();
  await enterConfirmationCode(page, kind === "email" ? p.email : p.phone, kind === "email" ? "email" : "sms");
}

/**
 * On /confirm, Send Confirmation Text for the mobile number `e164` (as the page shows it): both dialogs name the number,
 * and the code is texted to it. The code dialog stays open.
 */
export async function sendTextCode(page: Page, e164: string) {
  await page.getByRole("button", { name: "Send Confirmation Text" }).click();
  const send = page.getByRole("dialog", { name: "Confirm Your Mobile Number" });
  await expect(send).toContainText(`We will text a numeric confirmation code to ${e164}.`);
  await send.getByRole("button", { name: "Send Confirmation Text" }).click();
  await expect(page.getByRole("dialog", { name: "Enter Confirmation Code" })).toContainText(`We texted a confirmation code to ${e164}.`);
  expect((await latestMessage(page.request, e164, "sms")).to).toBe(e164);
}

/** In the open 'Enter Confirmation Code' dialog: the latest code sent to `to`, confirmed; the page says the contact is. */
export async function enterConfirmationCode(page: Page, to: string, channel: "email" | "sms") {
  const dialog = page.getByRole("dialog", { name: "Enter Confirmation Code" });
  await dialog.getByLabel("Confirmation Code").fill(await latestCode(page.request, to, channel));
  await dialog.getByRole("button", { name: "Confirm Code" }).click();
  await expect(page.getByRole("status")).toContainText(channel === "email" ? "Your email address is confirmed." : "Your mobile number is confirmed.");
}

/** The value of a hidden field (the CSRF token, the bot check's time stamp) in a page's HTML. */
export function hiddenValue(html: string, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  if (value === undefined) throw new Error(`no ${name} in the page`);
  return value.replace(/&amp;/g, "&");
}

/**
 * The registration form as a browser without JavaScript posts it, filled for `p`, from the /register page's HTML;
 * `fields` in place of the form's own (e.g. an address outside the US).
 */
export function registrationForm(
  page: string,
  p: Patient,
  opts: { inviteToken?: string; spanish?: boolean; fields?: Record<string, string> } = {},
): Record<string, string> {
  return {
    _csrf: hiddenValue(page, "_csrf"),
    intent: "register",
    entryreferrer: "",
    inviteToken: opts.inviteToken ?? "",
    formIssued: hiddenValue(page, "formIssued"),
    website: "",
    firstName: p.firstName,
    middleInitial: "",
    lastName: p.lastName,
    preferredName: p.preferredName,
    birthDate: p.birthDate,
    email: p.email,
    phoneNumber: p.phone,
    password: p.password,
    confirmPassword: p.password,
    addressLine1: p.addressLine1,
    addressLine2: "",
    city: p.city,
    usState: "33",
    province: "",
    postalCode: p.postalCode,
    country: "1",
    preferredLanguage: opts.spanish ? "2" : "1",
    gender: "2",
    agreedToHipaa: "true",
    ...opts.fields,
  };
}

/**
 * Creates a patient quickly, without clicking through the form: the same plain HTML posts a browser without
 * JavaScript sends (CSRF token, bot check time stamp and all), through `request`, whose cookies are the signed-in
 * session afterwards. With `verified`, the email is confirmed through the outbox too.
 */
export async function createPatient(
  request: APIRequestContext,
  p: Patient = newPatient(),
  opts: { verified?: boolean; inviteToken?: string; spanish?: boolean; fields?: Record<string, string> } = {},
): Promise<Patient> {
  const page = await (await request.get("register")).text();
  const issuedAt = Date.now();
  const left = issuedAt + BOT_CHECK_MIN_MS + 250 - Date.now();
  await new Promise((r) => setTimeout(r, left));
  const registered = await request.post("register", { form: registrationForm(page, p, opts), maxRedirects: 0 });
  expect(registered.status(), await registered.text()).toBe(302);
  expect(registered.headers()["location"]).toMatch(/\/landing$/);
  if (opts.verified) {
    const confirm = await (await request.get("confirm")).text();
    const csrf = hiddenValue(confirm, "_csrf");
    const sent = await request.post("confirm", { form: { _csrf: csrf, intent: "send-email", value: p.email }, maxRedirects: 0 });
    expect(sent.status()).toBe(302);
    const code = await latestCode(request, p.email, "email");
    const checked = await request.post("confirm?code=email", { form: { _csrf: csrf, intent: "verify", code }, maxRedirects: 0 });
    expect(checked.status()).toBe(302);
  }
  return p;
}

const scriptsOf = new WeakMap<Page, Set<string>>();
/** The paths of the scripts a page has fetched (recorded by the `page` fixture). */
function fetchedScripts(page: Page): Set<string> {
  let scripts = scriptsOf.get(page);
  if (!scripts) scriptsOf.set(page, (scripts = new Set()));
  return scripts;
}

/**
 * Every test is its own client address (X-Forwarded-For through the portal's one trusted proxy hop), as patients
 * are: the registry's per-address limits (ACC-018) then apply per test, not to the whole suite.
 */
export const test = base.extend<{ clientAddress: string } & TestOptions>({
  olderBrowser: [false, { option: true }],
  oldestBrowser: [false, { option: true }],
  context: async ({ context, olderBrowser, oldestBrowser }, provide) => {
    // Before any of the page's scripts run (docs/decisions/030, 089).
    if (olderBrowser) await context.addInitScript(deleteApis, [...CHECKED_APIS, ...NEWER_APIS]);
    else if (oldestBrowser) await context.addInitScript(deleteApis, NEWER_APIS);
    await provide(context);
  },
  // A route handler still running when the test's page closes (an aborted chunk's preload, a held request) throws
  // "Target page... has been closed while running route callback", and outside a test that error stops the worker:
  // the next test in its queue never runs. Handlers are dropped and their late errors ignored before the page closes.
  page: async ({ page }, provide) => {
    // The scripts the page has fetched, as the test sees them (a test clock fakes the page's own performance entries).
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") fetchedScripts(page).add(new URL(response.url()).pathname);
    });
    await provide(page);
    if (!page.isClosed()) await page.unrouteAll({ behavior: "ignoreErrors" });
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the destructuring
  clientAddress: async ({}, provide, testInfo) => {
    const n =
      testInfo.workerIndex * 4096 +
      (testInfo.repeatEachIndex + 1) * 97 +
      [...testInfo.testId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) & 0xfff, 7);
    await provide(`10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
  },
  extraHTTPHeaders: async ({ clientAddress }, provide) => {
    await provide({ "X-Forwarded-For": clientAddress });
  },
});

/**
 * The dashboard with the page's clock under the test's control, once hydrated (JavaScript): the idle warning's timers
 * start after the page's messages load, so wait until the page is hydrated, then let the effects run, before moving the clock.
 */
export async function dashboardOnTestClock(page: Page, firstName: string): Promise<void> {
  await page.clock.install();
  await page.goto("landing");
  await expect(page.getByText(`Welcome, ${firstName}`)).toBeVisible();
  await idleWarningArmed(page);
}

/**
 * The page hydrated and its idle warning's code loaded (it loads after the page: decision 124) and counting, so a
 * test clock moved now reaches its timers; moved before, the warning would arm itself after the move and wait the
 * whole count again.
 */
export async function idleWarningArmed(page: Page): Promise<void> {
  await hydrated(page);
  // Asked from the test's side: a test clock fakes the page's timers and performance entries.
  await expect
    .poll(() => [...fetchedScripts(page)].some((file) => /\/idle-warning-[\w-]+\.js$/.test(file)), { intervals: [50, 100, 250] })
    .toBe(true);
  // Its module ran and React committed it (a task or two after the file came in).
  await page.waitForTimeout(300);
}

/**
 * The server's limits are times kept in the encrypted session cookie (PLT-011). To move them without waiting, a test
 * rewrites the cookie with the e2e portal's own demo secret (DATA_DIR/secrets.json), as a clock 31 minutes or 12 hours
 * later would see it. The cookie is the browser context's, so every tab of the context sees the change.
 */
export async function ageSession(page: Page, change: (data: SessionData, now: number) => void) {
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as { sessionSecret: string };
  const store = createSessionStore({ secret: secrets.sessionSecret, path: "/" });
  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name === SESSION_COOKIE);
  expect(cookie, "the session cookie").toBeDefined();
  const session = store.read(`${SESSION_COOKIE}=${cookie!.value}`);
  expect(session.get("token"), "a signed-in session").toBeTruthy();
  change(session.data, Date.now());
  const value = store
    .write(session, false)
    .split(";")[0]!
    .slice(SESSION_COOKIE.length + 1);
  await page.context().addCookies([{ ...cookie!, value }]);
}

/**
 * The server's session as if the patient had been idle for `ms` (its lastSeenAt moved back): with the page's clock
 * moved as far (dashboardOnTestClock), the idle tab's question to the server (ACC-051) gets the real answer.
 */
export async function idleOnServer(page: Page, ms: number): Promise<void> {
  await ageSession(page, (data, now) => {
    data.lastSeenAt = now - ms;
  });
}

/** A signed-in patient whose email is confirmed ("Ready to Start"), created without clicking through registration. */
export const withPatient = test.extend<{ patient: Patient }>({
  patient: async ({ page }, provide) => {
    const p = await createPatient(page.request, newPatient(), { verified: true });
    await provide(p);
  },
});

export { expect };

/**
 * Registry staff work in the journeys (PLT-014: staff act through registry commands). The commands open the e2e
 * portal's database directly, which is possible only on PostgreSQL (E2E_DATABASE_URL; `npm test` sets it).
 */
export const staffCommandsAvailable = Boolean(databaseUrl);
export const STAFF_COMMANDS_NEED = "registry commands need the e2e portal on PostgreSQL: set E2E_DATABASE_URL (npm test does)";

/** Skips the test it is called in (or, in a describe block, every test of it) where registry commands cannot run. */
export function needsStaffCommands(): void {
  test.skip(!staffCommandsAvailable, STAFF_COMMANDS_NEED);
}

/**
 * Runs the staff command `<args>` from the build under test (`node build/registry.js`, as staff do on a production
 * install) against the e2e portal's database and data directory; answers its stdout.
 */
export async function registryCommand(args: string[]): Promise<string> {
  if (!databaseUrl) throw new Error(STAFF_COMMANDS_NEED);
  const env = {
    ...process.env,
    ...e2eRegistryEnv,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    DEMO_MODE: "true",
    NODE_ENV: "development" as const,
    LOG_LEVEL: "error",
  };
  try {
    const { stdout } = await execFileAsync(process.execPath, [path.resolve(buildDir, "registry.js"), ...args], { env, timeout: 60_000 });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`registry command ${args[0]} failed: ${e.stderr || e.message}`);
  }
}

/** Posts plain forms as a browser without JavaScript does, through `api`, each answered with a redirect. */
export function formPoster(api: APIRequestContext, csrf: string) {
  return async (where: string, fields: Record<string, string>) => {
    const answer = await api.post(where, { form: { _csrf: csrf, ...fields }, maxRedirects: 0 });
    expect(answer.status(), `${where}: ${answer.status()}`).toBe(302);
  };
}

/** formPoster for the signed-in session of `api`, with the CSRF token of one of its pages (the dashboard unless named). */
export async function sessionPoster(api: APIRequestContext, from = "landing") {
  return formPoster(api, hiddenValue(await (await api.get(from)).text(), "_csrf"));
}

/** The screening's last step, 'Confirm & Validate Information', with the patient's own details. */
export function patientValidation(p: Patient): Record<string, string> {
  return {
    intent: "continue",
    firstName: p.firstName,
    middleInitial: "",
    lastName: p.lastName,
    preferredName: p.preferredName,
    birthDate: p.birthDate,
    gender: "2",
    preferredLanguage: "1",
    phoneNumberSecondary: "",
  };
}

/**
 * An immune-tolerance candidate (DSH-013), signed in through `api`: invited by registry staff (a registry command,
 * so only with the e2e portal on PostgreSQL), registered with the invite, confirmed, and screened as a candidate, so
 * the medical history is open to them; in Spanish with `spanish`. Answers the patient and a CSRF token of the session.
 */
/**
 * A participant of the immune-tolerance program at its E-Sign stage who has signed: a candidate (createCandidate) whose
 * medical history is submitted and whose consent is signed in `page`'s browser, as the program's person finds them.
 */
export async function createSignedParticipant(page: Page): Promise<{ patient: Patient; fullName: string; recordId: number }> {
  const { patient, csrf } = await createCandidate(page.request);
  const post = formPoster(page.request, csrf);
  for (const [slug, fields] of answersByPage) await post(`medical-history/${slug}`, { intent: "next", ...fields });
  await post("medical-history/review", { intent: "submit" });
  await page.goto("e-sign");
  const fullName = `${patient.firstName} ${patient.lastName}`;
  await page.getByLabel("Type your full name to sign").fill(fullName);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Thank you. Your consent form is signed.")).toBeVisible();
  const [record] = await sqlQuery<{ id: number }>("select id from medical_records where lower(email) = lower($1)", [patient.email]);
  return { patient, fullName, recordId: record!.id };
}

export async function createCandidate(
  api: APIRequestContext,
  p: Patient = newPatient("Icand"),
  { spanish = false }: { spanish?: boolean } = {},
): Promise<{ patient: Patient; csrf: string }> {
  const created = await registryCommand(["create-invite", "--first-name", p.firstName, "--last-name", p.lastName, "--email", p.email]);
  const inviteToken = /\/register\?token=([^\s&]+)/.exec(created)?.[1];
  expect(inviteToken, created).toBeTruthy();
  await createPatient(api, p, { verified: true, inviteToken: decodeURIComponent(inviteToken!), spanish });
  const csrf = hiddenValue(await (await api.get("landing")).text(), "_csrf");
  const post = formPoster(api, csrf);
  await post("landing", { intent: "start-screening" });
  await post("screening/patient-situation", { intent: "continue", kidneyStatus: "2", kidneyStatusOther: "" });
  await post("screening/post-transplant", { intent: "continue", transplantType: "3", antigenMatch: "1" });
  await post("screening/patient-validation", { ...patientValidation(p), preferredLanguage: spanish ? "2" : "1" });
  return { patient: p, csrf };
}

/** One SQL statement on the e2e portal's database (to simulate time passing, e.g. backdating a referral). */
export async function sqlQuery<Row extends Record<string, unknown> = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
  if (!databaseUrl) throw new Error(STAFF_COMMANDS_NEED);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A screening cleared to select a transplant center (SCR-015), answered with the plain form posts a browser without
 * JavaScript sends, through `request` (the signed-in patient's cookies): on dialysis, not registered with a center,
 * a willing donor, goal 'Find a transplant center' (or the given donor status and goal), personal information
 * confirmed (the preferred language Spanish with `spanish`, else English). Answers the screening's id.
 */
export async function createClearedScreening(
  request: APIRequestContext,
  p: Patient,
  answers: { donorStatus?: string; primaryGoal?: string; spanish?: boolean } = {},
): Promise<number> {
  const csrf = hiddenValue(await (await request.get("landing")).text(), "_csrf");
  const post = formPoster(request, csrf);
  await post("landing", { intent: "start-screening" });
  await post("screening/patient-situation", { intent: "continue", kidneyStatus: "1", kidneyStatusOther: "" });
  await post("screening/transplant-center-registration", { intent: "continue", transplantCenterSituation: "2" });
  await post("screening/donor-situation", { intent: "continue", donorStatus: answers.donorStatus ?? "1", donorStatusOther: "" });
  await post("screening/primary-goal", { intent: "continue", primaryGoal: answers.primaryGoal ?? "2", primaryGoalOther: "" });
  await post("screening/patient-validation", { ...patientValidation(p), preferredLanguage: answers.spanish ? "2" : "1" });
  const complete = await (await request.get("screening/complete")).text();
  const id = /\/select-center\/(\d+)"/.exec(complete)?.[1];
  expect(id, "the Complete page leads to /select-center/{id}").toBeTruthy();
  return Number(id);
}

/** Selects the first center listed on /select-center/{id} with the plain form post; answers its id; the dashboard lists the referral. */
export async function selectFirstCenter(request: APIRequestContext, id: number): Promise<string> {
  const html = await (await request.get(`select-center/${id}`)).text();
  const centerId = /[?&]select=(\d+)/.exec(html.replace(/&amp;/g, "&"))?.[1];
  expect(centerId, "a center to select").toBeTruthy();
  await formPoster(request, hiddenValue(html, "_csrf"))(`select-center/${id}?distance=300`, { intent: "select", centerId: centerId! });
  const landing = await (await request.get("landing")).text();
  expect(landing).toContain("Transplant centers you were referred to");
  return centerId!;
}

/** Tab, many times, never reaches anything outside the open dialog. */
export async function tabStaysIn(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press("Tab");
    const outside = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return null;
      return active.closest("dialog[open]") ? null : active.outerHTML.slice(0, 120);
    });
    expect(outside, "focus outside the open dialog").toBeNull();
  }
}

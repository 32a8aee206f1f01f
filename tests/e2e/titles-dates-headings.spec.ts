import type { Page } from "@playwright/test";
import en, { type Messages } from "../../app/locales/en/index";
import es from "../../app/locales/es/index";
import { answersByPage } from "../../app/features/medical-history/test-answers";
import {
  createCandidate,
  createClearedScreening,
  createPatient,
  expect,
  formPoster,
  latestCode,
  needsStaffCommands,
  newPatient,
  type Patient,
  patientValidation,
  registryCommand,
  selectFirstCenter,
  sessionPoster,
  staffCommandsAvailable,
  test,
} from "./fixtures";

/**
 * One title pattern, dates no reader can take two ways, no skipped heading level (docs/decisions/093), with
 * JavaScript on and off:
 * - every page and page state, in English and in Spanish, is titled "<page> – <site>" ("Error: " first after a failed
 *   form) with both parts from the locale files, and two different pages never share a title;
 * - the dates a patient reads are written with the month as a word, in the page's language, except those the
 *   specification writes MM/DD/YYYY (Spanish DD/MM/AAAA): the referrals and the prior-year window (decision 129);
 * - the dashboard's headings never skip a level, in each of its states.
 */

type Lang = "en" | "es";
const TEXTS: Record<Lang, Messages> = { en, es };
const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ""));

/** Month names written out here, not by Intl: the test must not share the code it checks. */
const MONTHS: Record<Lang, string[]> = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
};
function writtenDate(lang: Lang, y: number, m: number, d: number): string {
  return lang === "es" ? `${d} de ${MONTHS.es[m - 1]} de ${y}` : `${MONTHS.en[m - 1]} ${d}, ${y}`;
}

async function inLanguage(page: Page, lang: Lang, to: string) {
  await page.goto(`language?lng=${lang}&to=${encodeURIComponent(to)}`);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
}

/** The screening's steps on the tracker, by their number (Step N of 8). */
function stepTitle(L: Messages, step: number, name: keyof Messages["screening"]["tracker"]): string {
  return fill(L.screening.documentTitle, { step, total: 8, name: L.screening.tracker[name], title: L.screening.title });
}

/** The screening's two pages off the tracker, by their own names. */
function offTrackerTitle(L: Messages, name: keyof Messages["screening"]["offTracker"]): string {
  return fill(L.screening.documentTitleOffTracker, { name: L.screening.offTracker[name], title: L.screening.title });
}

/**
 * Records each page's title: it must be "<page> – <site>" with the page part given (from the locale files), and a
 * page part another page already has is a failure unless it is the same page (`samePageAs`).
 */
function titleBook(page: Page, L: Messages) {
  const seen = new Map<string, string>();
  const site = L.common.appName;
  return async function expectTitle(what: string, pagePart: string, opts: { error?: boolean; samePageAs?: string } = {}) {
    const expected = `${opts.error ? L.errorSummary.titlePrefix : ""}${pagePart} – ${site}`;
    await expect(page, what).toHaveTitle(expected);
    const title = await page.title();
    expect(title, what).not.toMatch(/PASS/);
    // One pattern: the page, one dash, the site; never the site alone, never a text key.
    expect(title.replace(/^Error: /, "").split(` – ${site}`), what).toEqual([pagePart, ""]);
    expect(title, what).not.toMatch(/(^|\s)[a-z][A-Za-z]*\.[a-z][A-Za-z.]*(\s|$)/);
    if (opts.error) return;
    const other = [...seen].find(([, t]) => t === title)?.[0];
    if (other !== undefined) expect(opts.samePageAs, `${what} has the title of ${other}: ${title}`).toBe(other);
    else seen.set(what, title);
  };
}

for (const lang of ["en", "es"] as const) {
  test(`every page's title is '<page> – <site>', one per page, in ${lang === "en" ? "English" : "Spanish"}`, async ({ page }) => {
    test.setTimeout(240_000);
    const L = TEXTS[lang];
    const expectTitle = titleBook(page, L);

    // Signed out: registration (and after a failed post), the sign-in dialog, forgotten and new password, lab staff.
    await inLanguage(page, lang, "/register");
    await expectTitle("register", L.register.title);
    await page.locator("form[aria-label]").first().getByRole("button", { name: L.register.submit, exact: true }).click();
    await expectTitle("register with errors", L.register.title, { error: true });
    await page.goto("register?login=1");
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectTitle("the sign-in dialog", L.register.title, { samePageAs: "register" });
    await page.goto("register?forgot=1");
    await expectTitle("forgot password", L.forgot.title);
    await page.goto("reset-password?h=not-a-real-token");
    await expectTitle("enter new password", L.reset.title);
    // /update-labs is a lab person's (docs/decisions/133): signed out, it leads to the staff sign-in.
    await page.goto("update-labs");
    await expect(page).toHaveURL(/\/staff\/sign-in$/);
    await expectTitle("update labs, signed out", L.staffConsole.signIn.title);

    // Signed in (the page's own cookies).
    const patient = await createPatient(page.request, newPatient(lang === "en" ? "Tilda" : "Tomasa"), { verified: true });
    await page.goto("landing");
    await expectTitle("dashboard", L.landing.title);
    await page.goto("confirm");
    await expectTitle("confirm", L.confirm.title);
    await page.goto("profile");
    await expectTitle("profile", L.profile.title);
    // The one 404 page: a lab page for an id that is not one. It is titled as a page that is not there.
    const missing = await page.goto("lab-tests/not-a-number");
    expect(missing?.status()).toBe(404);
    await expectTitle("a lab page that is not there", L.errors.notFoundTitle);
    await page.goto("lab-results/not-a-number");
    await expectTitle("a lab results page that is not there", L.errors.notFoundTitle, { samePageAs: "a lab page that is not there" });

    // The screening: the steps on the tracker by number, the two pages off it by their own names.
    const post = await sessionPoster(page.request);
    await post("landing", { intent: "start-screening" });
    await page.goto("screening/patient-situation");
    await expectTitle("screening: health status", stepTitle(L, 1, "healthStatus"));
    await post("screening/patient-situation", { intent: "continue", kidneyStatus: "2", kidneyStatusOther: "" });
    await page.goto("screening/post-transplant");
    await expectTitle("screening: post-transplant", offTrackerTitle(L, "postTransplant"));
    await post("screening/patient-situation", { intent: "continue", kidneyStatus: "1", kidneyStatusOther: "" });
    await page.goto("screening/transplant-center-registration");
    await expectTitle("screening: registration", stepTitle(L, 2, "registration"));
    await post("screening/transplant-center-registration", { intent: "continue", transplantCenterSituation: "2" });
    await page.goto("screening/donor-situation");
    await expectTitle("screening: donor status", stepTitle(L, 5, "donorStatus"));
    await post("screening/donor-situation", { intent: "continue", donorStatus: "3", donorStatusOther: "" });
    await page.goto("screening/not-eligible");
    await expectTitle("screening: not eligible", offTrackerTitle(L, "notEligible"));

    // A second screening, cleared: the last steps, then center selection and the lab pages.
    await post("landing", { intent: "start-screening" });
    await post("screening/patient-situation", { intent: "continue", kidneyStatus: "1", kidneyStatusOther: "" });
    await post("screening/transplant-center-registration", { intent: "continue", transplantCenterSituation: "2" });
    await post("screening/donor-situation", { intent: "continue", donorStatus: "1", donorStatusOther: "" });
    await page.goto("screening/primary-goal");
    await expectTitle("screening: your goals", stepTitle(L, 6, "yourGoals"));
    await post("screening/primary-goal", { intent: "continue", primaryGoal: "2", primaryGoalOther: "" });
    await page.goto("screening/patient-validation");
    await expectTitle("screening: verify info", stepTitle(L, 7, "verifyInfo"));
    await post("screening/patient-validation", patientValidation(patient));
    await page.goto("screening/complete");
    await expectTitle("screening: complete", stepTitle(L, 8, "complete"));
    const id = Number(/\/select-center\/(\d+)"/.exec(await page.content())?.[1]);
    expect(id).toBeGreaterThan(0);
    await page.goto(`select-center/${id}`);
    await expectTitle("select center", L.selectCenter.pageTitle);
    await page.goto(`lab-tests/${id}`);
    await expectTitle("lab tests", L.labPages.tests.title);
    await page.goto(`lab-results/${id}`);
    await expectTitle("lab results", L.labPages.results.title);
  });
}

test.describe("the medical history's and the consent's titles (an immune-tolerance candidate)", () => {
  test("the questions, the review and the e-sign page, in English and Spanish", async ({ page }) => {
    needsStaffCommands();
    test.setTimeout(180_000);
    const { csrf } = await createCandidate(page.request);
    const post = formPoster(page.request, csrf);
    for (const [slug, fields] of answersByPage) await post(`medical-history/${slug}`, { intent: "next", ...fields });
    for (const lang of ["en", "es"] as const) {
      const L = TEXTS[lang];
      const expectTitle = titleBook(page, L);
      await inLanguage(page, lang, "/medical-history/kidney-transplant");
      const of = new RegExp(fill(L.medical.questionOf, { number: "(\\d+)", total: "(\\d+)" })).exec((await page.locator("main").textContent()) ?? "");
      expect(of, "Question N of M on the page").not.toBeNull();
      await expectTitle("a question", fill(L.medical.documentTitle, { number: of![1]!, total: of![2]!, title: L.medical.title }));
      await page.goto("medical-history/review");
      await expectTitle("the review", fill(L.medical.reviewDocumentTitle, { title: L.medical.title }));
      // The review writes the birth date (1961-04-12) with the month as a word: never 12/04/1961 or 04/12/1961.
      const birth = page
        .getByRole("row", { name: new RegExp(`^${L.medical.review.birthDate}`) })
        .getByRole("cell")
        .first();
      await expect(birth).toHaveText(writtenDate(lang, 1961, 4, 12));
      await expect(birth.locator("time")).toHaveAttribute("datetime", "1961-04-12");
    }
    await post("medical-history/review", { intent: "submit" });
    for (const lang of ["en", "es"] as const) {
      await inLanguage(page, lang, "/e-sign");
      await titleBook(page, TEXTS[lang])("e-sign", TEXTS[lang].eSign.title);
    }
  });
});

/** An invited immune-tolerance participant (a registry command: PostgreSQL only), signed in with the page's cookies. */
async function invited(page: Page): Promise<Patient> {
  const p = newPatient("Ivana");
  const created = await registryCommand(["create-invite", "--first-name", p.firstName, "--last-name", p.lastName, "--email", p.email]);
  const inviteToken = /\/register\?token=([^\s&]+)/.exec(created)?.[1];
  expect(inviteToken, created).toBeTruthy();
  return createPatient(page.request, p, { verified: true, inviteToken: decodeURIComponent(inviteToken!) });
}

/**
 * The levels of the page's headings in document order, with their text: those laid out (not display: none), a dialog's
 * included; without JavaScript an open dialog hides the page behind it (visibility), whose headings still count.
 */
async function headings(page: Page): Promise<{ level: number; text: string }[]> {
  const found: { level: number; text: string }[] = [];
  for (const h of await page.locator("h1, h2, h3, h4, h5, h6, [role=heading]").all()) {
    const shown = await h.evaluate((e) => e.getClientRects().length > 0);
    if (!shown) continue;
    const level = await h.evaluate((e) => Number(e.getAttribute("aria-level") ?? e.tagName.slice(1)));
    found.push({ level, text: ((await h.textContent()) ?? "").trim() });
  }
  return found;
}

/** No heading is more than one level below the heading before it (axe's heading-order). */
async function expectHeadingOrder(page: Page, what: string) {
  const list = await headings(page);
  expect(list.length, `${what}: headings`).toBeGreaterThan(0);
  expect(
    list.filter((h) => h.level === 1),
    `${what}: one h1`,
  ).toHaveLength(1);
  const skips = list.flatMap((h, i) =>
    i > 0 && h.level > list[i - 1]!.level + 1 ? [`h${list[i - 1]!.level} "${list[i - 1]!.text}" → h${h.level} "${h.text}"`] : [],
  );
  expect(skips, `${what}: a heading level skipped`).toEqual([]);
}

/** Signs the page's session out (the header's logout form, as a browser without JavaScript posts it). */
async function signOut(page: Page) {
  await (
    await sessionPoster(page.request)
  )("logout", {});
}

/** Confirms the signed-in patient's email with the code from the outbox (as createPatient's `verified` does). */
async function confirmEmail(page: Page, p: Patient) {
  const post = await sessionPoster(page.request, "confirm");
  await post("confirm", { intent: "send-email", value: p.email });
  await post("confirm?code=email", { intent: "verify", code: await latestCode(page.request, p.email, "email") });
}

test("the dashboard's headings skip no level, in each of its states", async ({ page }) => {
  test.setTimeout(240_000);
  // An immune-tolerance participant (a registry command makes the invitation: PostgreSQL only): the program's own
  // section before any screening (an h2, its stages an h3), then the candidate's card (h3, h4, its stages an h5).
  if (staffCommandsAvailable) {
    const participant = await invited(page);
    await page.goto("landing");
    await expect(page.getByRole("list", { name: en.medical.stages.title })).toBeVisible();
    await expectHeadingOrder(page, "invited, before screening");
    await expect(page.getByRole("heading", { level: 3, name: en.medical.stages.title })).toBeVisible();
    const post = await sessionPoster(page.request);
    await post("landing", { intent: "start-screening" });
    await post("screening/patient-situation", { intent: "continue", kidneyStatus: "2", kidneyStatusOther: "" });
    await post("screening/post-transplant", { intent: "continue", transplantType: "3", antigenMatch: "1" });
    await post("screening/patient-validation", patientValidation(participant));
    await page.goto("landing");
    await expectHeadingOrder(page, "a candidate's card");
    await expect(page.getByRole("heading", { level: 5, name: en.medical.stages.title })).toBeVisible();
    await signOut(page);
  }

  // Every other patient: before verification, ready to start, a cleared screening, a referral, each dialog open.
  const patient = await createPatient(page.request, newPatient("Hanna"));
  await page.goto("landing");
  await expect(page.getByRole("heading", { level: 2, name: en.landing.verificationTitle })).toBeVisible();
  await expectHeadingOrder(page, "before verification");
  await confirmEmail(page, patient);
  await page.goto("landing");
  await expect(page.getByRole("button", { name: en.landing.startScreening })).toBeVisible();
  await expectHeadingOrder(page, "ready to start");
  await page.goto("landing?opt=out");
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectHeadingOrder(page, "the opt-out dialog");
  const id = await createClearedScreening(page.request, patient);
  await page.goto("landing");
  await expectHeadingOrder(page, "a cleared screening");
  await page.goto(`landing?results=${id}`);
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectHeadingOrder(page, "the screening results dialog");
  await selectFirstCenter(page.request, id);
  await page.goto("landing");
  await expectHeadingOrder(page, "a referral");
  await page.goto(`landing?change=${id}`);
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectHeadingOrder(page, "the change-center dialog");
});

test.describe("the dates the specification writes as MM/DD/YYYY (Spanish DD/MM/AAAA)", () => {
  for (const lang of ["en", "es"] as const) {
    test(`the referral's date and the centers' prior-year window, in ${lang === "en" ? "English" : "Spanish"}`, async ({ page }) => {
      test.setTimeout(120_000);
      const L = TEXTS[lang];
      const patient = await createPatient(page.request, newPatient("Dalia"), { verified: true });
      const id = await createClearedScreening(page.request, patient);

      // The prior-year popover of the centers table (CEN-002; docs/decisions/129): the demo
      // centers' window ends on 2024-12-31 (registry/data/demo-centers.ts), so it runs from 2024-01-01.
      await inLanguage(page, lang, `/select-center/${id}`);
      const about = fill(L.selectCenter.infoAbout, { column: L.selectCenter.column.nkrPriorYear });
      const info = page.locator("details.column-info").filter({ has: page.getByText(about, { exact: true }) });
      const text = (await info.first().locator("p").textContent()) ?? "";
      const range = lang === "es" ? / del (.+) al (.+)\.$/.exec(text) : / from (.+) to (.+)\.$/.exec(text);
      expect(range, text).not.toBeNull();
      expect(range![1], text).toBe("01/01/2024");
      expect(range![2], text).toBe(lang === "es" ? "31/12/2024" : "12/31/2024");

      // A referral (the helper reads the English dashboard; after it the center page leads to the dashboard).
      await inLanguage(page, "en", "/landing");
      await selectFirstCenter(page.request, id);
      await inLanguage(page, lang, "/landing");
      // The dashboard's referrals: today's date (the registry's day, UTC), MM/DD/YYYY or DD/MM/AAAA.
      const now = new Date();
      const [dd, mm, yyyy] = [String(now.getUTCDate()).padStart(2, "0"), String(now.getUTCMonth() + 1).padStart(2, "0"), now.getUTCFullYear()];
      const date = page.getByRole("table", { name: L.landing.card.referralsCaption }).locator("tbody tr").first().locator("time");
      await expect(date).toHaveText(lang === "es" ? `${dd}/${mm}/${yyyy}` : `${mm}/${dd}/${yyyy}`);
      await expect(date).toHaveAttribute("datetime", now.toISOString().slice(0, 10));
    });
  }
});

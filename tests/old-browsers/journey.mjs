// The patient's main journey in a real old Chromium with JavaScript on, in one language: what tests/e2e/foundation,
// accounts-register, accounts-confirm, screening, dialogs and accounts-password walk in today's Chromium, with the same
// labels and texts (from app/locales). Every page it reaches is checked for hydration, page errors and what it shows.
import { choose, click, describe, hydrated, isShown, type, valueOf, waitFor, waitForUrl, waitGone, waitUntil } from "./page-tools.mjs";

/** @typedef {import("./page-tools.mjs").Page} Page @typedef {import("./page-tools.mjs").Query} Query */
/** @typedef {Record<string, any>} Texts one language's texts (app/locales/{en,es}) */
/**
 * @typedef {{ firstName: string; middleInitial: string; lastName: string; birthDate: string; email: string; phoneDigits: string;
 *   password: string; addressLine1: string; addressLine2: string; city: string; postalCode: string }} Patient
 */

let counter = 0;
/** A patient nobody else in the run uses (the run's portal starts from an empty database). */
export function newPatient(firstName = "Rosa") {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  const digits = `${Date.now()}${counter}`.slice(-7);
  return {
    firstName,
    middleInitial: "Q",
    lastName: "Martinez",
    birthDate: "1961-04-12",
    email: `patient.${stamp}@example.org`,
    // A possible US number (docs/decisions/090): area code 3N5, exchange 5NN, as tests/e2e/fixtures.ts makes them.
    phoneDigits: `3${digits[0]}55${digits.slice(1, 3)}${digits.slice(3, 7)}`,
    password: "correct horse battery staple 42",
    addressLine1: "350 Fifth Avenue",
    addressLine2: "Floor 2",
    // Not the ZIP code's city: registering opens Confirm Address, whose recommendation says New York.
    city: "Springfield",
    postalCode: "10118",
  };
}

/** One text, `{{name}}` filled. @param {Texts} t @param {string} key @param {Record<string, string>} [values] */
export function text(t, key, values = {}) {
  const found = key.split(".").reduce((node, part) => node?.[part], t);
  if (typeof found !== "string") throw new Error(`no text ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name) => values[name] ?? "");
}

/** @param {string} digits */
const formatted = (digits) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

/**
 * The walk's steps, each a name and what it does; `page` is a fresh page of its own browser context. The
 * runner checks the page after each step (hydrated, no page error) and stops the walk at the first failure.
 * @param {{ page: Page; baseUrl: string; t: Texts; lang: "en" | "es"; patient: Patient; outbox: (to: string, channel: "email" | "sms") => Promise<string> }} walk
 * @returns {{ name: string; run: () => Promise<void> }[]}
 */
export function journeySteps({ page, baseUrl, t, lang, patient, outbox }) {
  /** @param {string} key @param {Record<string, string>} [values] */
  const tx = (key, values) => text(t, key, values);
  const h1 = (/** @type {string} */ name) => waitFor(page, { role: "heading", level: 1, name });
  /** @param {string} name @param {Query} [within] */
  const see = (name, within) => waitFor(page, { role: "text", name, within });
  const form = (/** @type {string} */ name) => /** @type {Query} */ ({ role: "field", name });
  /** @param {Query} q @param {string} expected */
  const expectValue = async (q, expected) => {
    const value = await valueOf(page, q);
    if (value !== expected) throw new Error(`${describe(q)} holds "${value}", not "${expected}"`);
  };
  const dialog = (/** @type {string} */ name) => /** @type {Query} */ ({ role: "dialog", name });
  const welcome = tx("header.welcome", { name: patient.firstName });

  return [
    {
      name: "the registration page, in the patient's language",
      run: async () => {
        await page.goto(new URL("register", baseUrl).href, { waitUntil: "load" });
        await hydrated(page);
        if (lang === "es") {
          // The header's language switch (a link once hydrated: decision 054), a full page load.
          await click(page, { role: "link", name: text(t, "language.es") });
          await waitUntil(page, 'document.documentElement.lang === "es"', () => `${page.url()} is not in Spanish`);
          await hydrated(page);
        }
        await h1(tx("register.heading"));
        const htmlLang = await page.evaluate("document.documentElement.lang");
        if (htmlLang !== lang) throw new Error(`<html lang="${htmlLang}">, not "${lang}"`);
      },
    },
    {
      name: "register with every field: the live phone check, the HIPAA release and Confirm Address",
      run: async () => {
        const loadedAt = Date.now();
        await type(page, form(tx("register.firstName")), patient.firstName);
        await type(page, form(`${tx("register.middleInitial")} ${tx("common.optional")}`), patient.middleInitial);
        await type(page, form(tx("register.lastName")), patient.lastName);
        await type(page, form(tx("register.preferredName")), patient.firstName);
        // A date field as the browser draws it (month, day, year in this en-US browser): the digits typed in order.
        const [year, month, day] = patient.birthDate.split("-");
        await type(page, form(tx("register.birthDate")), `${month}${day}${year}`);
        await expectValue(form(tx("register.birthDate")), patient.birthDate);
        await type(page, form(tx("register.email")), patient.email);
        // The live check (500 ms after typing stops) and the formatting as typed.
        await type(page, form(tx("register.phoneNumber")), patient.phoneDigits);
        await expectValue(form(tx("register.phoneNumber")), formatted(patient.phoneDigits));
        await see(tx("register.phoneAvailable"));
        await type(page, form(tx("register.password")), patient.password);
        await type(page, form(tx("register.confirmPassword")), patient.password);
        await type(page, form(tx("register.addressLine1")), patient.addressLine1);
        await type(page, form(`${tx("register.addressLine2")} ${tx("common.optional")}`), patient.addressLine2);
        await type(page, form(tx("register.city")), patient.city);
        await choose(page, form(tx("register.usState")), tx("usStates.NY"));
        await type(page, form(tx("register.postalCode")), patient.postalCode);
        await choose(page, form(tx("register.country")), tx("register.countryUs"));
        await choose(page, form(tx("register.preferredLanguage")), tx(`language.${lang}`));
        await choose(page, form(tx("register.gender")), tx("register.genderFemale"));

        // The HIPAA release, read and agreed to: the box is ticked and nothing typed is lost.
        await click(page, { role: "button", name: tx("hipaa.open") });
        await waitFor(page, { role: "text", name: tx("hipaa.heading"), within: dialog(tx("hipaa.title")) });
        await click(page, { role: "button", name: tx("hipaa.agree"), within: dialog(tx("hipaa.title")) });
        await waitGone(page, dialog(tx("hipaa.title")));
        await expectValue({ role: "checkbox", name: tx("register.hipaa") }, "true");
        await expectValue(form(tx("register.firstName")), patient.firstName);
        await expectValue(form(tx("register.city")), patient.city);

        // The bot check refuses a form sent within 1 s of being issued (tests/e2e/fixtures.ts humanPause).
        const left = loadedAt + 1_250 - Date.now();
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
        await click(page, { role: "button", name: tx("register.submit") });
        const address = dialog(tx("address.title"));
        await waitFor(page, { role: "text", name: "10118", within: address });
        await click(page, { role: "button", name: tx("address.useRecommended"), within: address });
        await waitForUrl(page, /\/landing$/);
      },
    },
    {
      name: "the dashboard before verification",
      run: async () => {
        await hydrated(page);
        await h1(tx("landing.heading"));
        await waitFor(page, { role: "button", name: welcome });
        await see(tx("landing.badgePendingVerification"));
      },
    },
    {
      name: "confirm the email and the mobile number with the codes from the demo outbox",
      run: async () => {
        await click(page, { role: "button", name: tx("landing.confirmButton") });
        await waitForUrl(page, /\/confirm$/);
        await hydrated(page);
        await h1(tx("confirm.heading"));
        for (const [kind, to, channel] of /** @type {const} */ ([
          ["Email", patient.email, "email"],
          ["Text", patient.phoneDigits, "sms"],
        ])) {
          await click(page, { role: "button", name: tx(`confirm.send${kind}`) });
          const send = dialog(tx(`confirm.send${kind}Title`));
          await click(page, { role: "button", name: tx(`confirm.send${kind}`), within: send });
          const codeDialog = dialog(tx("confirm.codeTitle"));
          await waitFor(page, codeDialog);
          const code = await outbox(to, channel);
          await type(page, { role: "field", name: tx("confirm.codeLabel"), exact: false, within: codeDialog }, code);
          await click(page, { role: "button", name: tx("confirm.confirmCode"), within: codeDialog });
          await see(tx(kind === "Email" ? "confirm.emailConfirmed" : "confirm.mobileConfirmed"));
        }
        await click(page, { role: "button", name: tx("common.returnToDashboard") });
        await waitForUrl(page, /\/landing$/);
        await hydrated(page);
        await h1(tx("landing.heading"));
        await see(tx("landing.badgeReadyToStart"));
      },
    },
    {
      name: "the opt-out dialog, closed with Escape and with Cancel",
      run: async () => {
        const optOut = dialog(tx("landing.optOutTitle"));
        await click(page, { role: "link", name: tx("landing.optOutLink") });
        await waitFor(page, optOut);
        await page.keyboard.press("Escape");
        await waitGone(page, optOut);
        await click(page, { role: "link", name: tx("landing.optOutLink") });
        await click(page, { role: "button", name: tx("common.cancel"), within: optOut });
        await waitGone(page, optOut);
        await waitForUrl(page, /\/landing$/);
        // Nothing was sent: still ready to start, not opted out.
        await see(tx("landing.badgeReadyToStart"));
        if (await isShown(page, { role: "text", name: tx("landing.optInText") })) throw new Error("the patient was opted out");
      },
    },
    {
      name: "four screening steps, with Previous and the browser's Back and Forward",
      run: async () => {
        const q = (/** @type {string} */ key) => tx(`screening.${key}`);
        await click(page, { role: "button", name: tx("landing.startScreening") });
        await waitForUrl(page, /\/screening\/patient-situation$/);
        await h1(q("patientSituation.question"));
        await see(tx("screening.tracker.progress", { step: "1", total: "8" }));
        const answer = async (/** @type {string} */ label, /** @type {RegExp} */ next, /** @type {string} */ heading) => {
          await click(page, { role: "radio", name: label });
          await click(page, { role: "button", name: q("continue") });
          await waitForUrl(page, next);
          await h1(heading);
        };
        await answer(q("patientSituation.dialysisNow"), /\/screening\/transplant-center-registration$/, q("centerRegistration.question"));
        await answer(q("centerRegistration.no"), /\/screening\/donor-situation$/, q("donorSituation.question"));
        // Previous: the step before, its answer kept.
        await click(page, { role: "button", name: q("previous") });
        await waitForUrl(page, /\/screening\/transplant-center-registration$/);
        await h1(q("centerRegistration.question"));
        await expectValue({ role: "radio", name: q("centerRegistration.no") }, "true");
        await click(page, { role: "button", name: q("continue") });
        await waitForUrl(page, /\/screening\/donor-situation$/);
        await answer(q("donorSituation.hasDonor"), /\/screening\/primary-goal$/, q("primaryGoal.question"));
        await see(q("primaryGoal.findCenter"));
        // The browser's own Back and Forward.
        await page.goBack();
        await waitForUrl(page, /\/screening\/donor-situation$/);
        await h1(q("donorSituation.question"));
        await page.goForward();
        await waitForUrl(page, /\/screening\/primary-goal$/);
        await h1(q("primaryGoal.question"));
        await hydrated(page);
        await click(page, { role: "link", name: q("returnToDashboard") });
        await waitForUrl(page, /\/landing$/);
        await h1(tx("landing.heading"));
      },
    },
    {
      name: "sign out",
      run: async () => {
        await click(page, { role: "button", name: welcome });
        await click(page, { role: "button", name: tx("header.logout") });
        await waitForUrl(page, /\/register\?logout=true$/);
        await hydrated(page);
        await see(tx("session.signedOut"));
        await h1(tx("register.heading"));
      },
    },
    {
      name: "the sign-in and forgot-password dialogs, then sign in",
      run: async () => {
        const login = dialog(tx("login.heading"));
        await click(page, { role: "link", name: tx("header.alreadyRegistered") });
        await waitFor(page, login);
        await click(page, { role: "link", name: tx("login.forgot"), within: login });
        const forgot = dialog(tx("forgot.title"));
        await waitFor(page, { role: "field", name: tx("forgot.email"), within: forgot });
        await page.keyboard.press("Escape");
        await waitGone(page, forgot);
        await click(page, { role: "link", name: tx("header.alreadyRegistered") });
        await type(page, { role: "field", name: tx("login.email"), within: login }, patient.email);
        await type(page, { role: "field", name: tx("login.password"), within: login }, patient.password);
        await click(page, { role: "button", name: tx("login.submit"), within: login });
        await waitForUrl(page, /\/landing$/);
        await hydrated(page);
        await h1(tx("landing.heading"));
        await waitFor(page, { role: "button", name: welcome });
        await see(tx("landing.badgeReadyToStart"));
      },
    },
  ];
}

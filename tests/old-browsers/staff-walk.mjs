// The staff console in a real old Chromium (issue 34 asks for one staff journey in Chromium 85): the demo
// administrator's link from the demo outbox, a password, the authenticator's key read as a person who cannot scan
// reads it and its first code, the recovery codes, the console, the staff accounts page, sign out. Every page is checked
// for hydration and page errors by the runner, as the patients' walk is. docs/decisions/127.
import { Secret, TOTP } from "otpauth";
import { text } from "./journey.mjs";
import { click, hydrated, type, waitFor, waitForUrl } from "./page-tools.mjs";

/** @typedef {import("./page-tools.mjs").Page} Page @typedef {Record<string, any>} Texts */

/** The demo administrator's set-up link (registry/areas/staff-accounts.ts queues it at the first start in demo mode). */
export const DEMO_ADMIN = "admin@demo.invalid";
const PASSWORD = "a long staff password 2026";

/**
 * @param {{ page: Page; baseUrl: string; t: Texts; link: () => Promise<string> }} walk
 * @returns {{ name: string; run: () => Promise<void> }[]}
 */
export function staffSteps({ page, baseUrl, t, link }) {
  const go = async (/** @type {string} */ where) => {
    await page.goto(new URL(where, baseUrl).href, { waitUntil: "load" });
    await hydrated(page);
  };
  return [
    {
      name: "the demo administrator's link leads to choosing a password (the token leaves the address)",
      run: async () => {
        await go(await link());
        await waitForUrl(page, /\/staff\/welcome$/);
        await waitFor(page, { role: "heading", level: 1, name: text(t, "staffConsole.welcome.title") });
      },
    },
    {
      name: "a password, then the authenticator's page with its QR code and key",
      run: async () => {
        await type(page, { role: "field", name: text(t, "staffConsole.welcome.password") }, PASSWORD);
        await type(page, { role: "field", name: text(t, "staffConsole.welcome.confirmPassword") }, PASSWORD);
        await click(page, { role: "button", name: text(t, "staffConsole.welcome.submit") });
        await waitFor(page, { role: "heading", level: 1, name: text(t, "staffConsole.setup.title") });
        const qr = await page.$eval(".staff-qr svg", (/** @type {Element} */ svg) => svg.getBoundingClientRect().width);
        if (!(qr >= 150)) throw new Error(`the QR code is ${qr} px wide`);
      },
    },
    {
      name: "the key typed into an authenticator, its code entered: the recovery codes",
      run: async () => {
        const key = (await page.$eval(".staff-key", (/** @type {HTMLElement} */ el) => el.textContent || "")).replace(/\s+/g, "");
        const code = new TOTP({ secret: Secret.fromBase32(key), algorithm: "SHA1", digits: 6, period: 30 }).generate();
        await type(page, { role: "field", name: text(t, "staffConsole.setup.code") }, code);
        await click(page, { role: "button", name: text(t, "staffConsole.setup.submit") });
        await waitFor(page, { role: "heading", level: 1, name: text(t, "staffConsole.recovery.title") });
        const codes = await page.$$eval(".recovery-codes code", (/** @type {Element[]} */ els) => els.length);
        if (codes !== 10) throw new Error(`${codes} recovery codes shown`);
      },
    },
    {
      name: "the console, with the administrator's role",
      run: async () => {
        await click(page, { role: "button", name: text(t, "staffConsole.recovery.done") });
        await waitFor(page, { role: "heading", level: 1, name: text(t, "staffConsole.home.title") });
        await waitFor(page, { role: "text", name: text(t, "staffConsole.roles.administrator") });
      },
    },
    {
      name: "the staff accounts page lists the administrator",
      run: async () => {
        await click(page, { role: "link", name: text(t, "staffConsole.home.people") });
        await waitFor(page, { role: "heading", level: 1, name: text(t, "staffConsole.people.title") });
        await waitFor(page, { role: "text", name: DEMO_ADMIN });
      },
    },
    {
      name: "sign out",
      run: async () => {
        await click(page, { role: "button", name: text(t, "staffConsole.signOut") });
        await waitFor(page, { role: "heading", level: 1, name: text(t, "staffConsole.signIn.title") });
        await waitFor(page, { role: "text", name: text(t, "staffConsole.session.signedOut") });
      },
    },
  ];
}

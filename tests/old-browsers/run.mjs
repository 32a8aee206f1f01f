// `npm run test:old-browsers` and a phase of `npm test`: the patient's main journey in real old Chromiums (85, 90, 92),
// English and Spanish, JavaScript on, against the built portal (build/); then the CSS check in Chromium 85. The
// browsers come from ../shared/tools/old-chromium.mjs (cached under ~/.cache/old-chromium) and are driven with the
// puppeteer-core of their era: Playwright speaks a newer protocol than they do. docs/decisions/122.
//
//   node tests/old-browsers/run.mjs [85 90 92] [--journeys | --css]
//
// Prints a TAP-like line per step and `N passed, N failed` last; exits 1 on any failure, with a screenshot and the
// page's HTML under test-results/old-browsers/.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";
import { cssChecks, emulateScheme } from "./css-check.mjs";
import { journeySteps, newPatient } from "./journey.mjs";
import { DEMO_ADMIN, staffSteps } from "./staff-walk.mjs";
import { click, firstLine, followRouteDiscovery, hydrated, type, waitFor, waitForUrl } from "./page-tools.mjs";

/** @typedef {import("./page-tools.mjs").Page} Page @typedef {{ name: string; run: () => Promise<void> }} Step */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);
const OLD_CHROMIUM = path.resolve(root, "..", "shared", "tools", "old-chromium.mjs");
const ARTIFACTS = path.join(root, "test-results", "old-browsers");
const PORT = Number(process.env.OLD_BROWSERS_PORT ?? 3190);
const BASE_URL = `http://127.0.0.1:${PORT}/`;
const BUILD_DIR = process.env.E2E_BUILD_DIR ?? "build";
const DATA_DIR = path.join(root, ".cache", "old-browsers-data");
/** Each Chromium and the puppeteer-core release that speaks its protocol (package.json's aliases). */
const PUPPETEER = { 85: "puppeteer-core-5", 90: "puppeteer-core-10", 92: "puppeteer-core-10" };
const LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--single-process", "--no-zygote", "--disable-dev-shm-usage"];

const args = process.argv.slice(2);
const versions = /** @type {(85 | 90 | 92)[]} */ (args.filter((a) => /^\d+$/.test(a)).map(Number));
if (versions.some((v) => !(v in PUPPETEER))) throw new Error(`choose versions among ${Object.keys(PUPPETEER).join(", ")}`);
if (versions.length === 0) versions.push(85, 90, 92);
const runJourneys = !args.includes("--css");
const runCss = !args.includes("--journeys") && versions.includes(85);

const began = Date.now();
const seconds = (/** @type {number} */ since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
let passed = 0;
let failed = 0;
let number = 0;

/** @param {string} line */
const say = (line) => process.stdout.write(`${line}\n`);

/** A file name from a step's name. @param {string} name */
const slug = (name) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 90);

/**
 * Runs steps in order on one page, stopping at the first failure (the later ones depend on it). After each step the
 * page must be hydrated and have raised no page error or console error. Answers whether all passed.
 * @param {string} title @param {Page} page @param {string[]} errors the page's errors since it opened @param {Step[]} steps
 */
async function runSteps(title, page, errors, steps) {
  for (const step of steps) {
    const name = `${title}: ${step.name}`;
    const started = Date.now();
    number += 1;
    try {
      await step.run();
      await hydrated(page);
      if (errors.length) throw new Error(`page errors:\n${errors.map((e) => `  ${e}`).join("\n")}`);
      passed += 1;
      say(`ok ${number} - ${name} (${seconds(started)})`);
    } catch (error) {
      failed += 1;
      say(`not ok ${number} - ${name} (${seconds(started)})`);
      say(`  # ${String(error instanceof Error ? error.message : error).replace(/\n/g, "\n  # ")}`);
      await saveArtifacts(page, slug(name));
      const left = steps.length - steps.indexOf(step) - 1;
      if (left) say(`  # ${left} later step(s) of "${title}" not run`);
      return false;
    }
  }
  return true;
}

/** @param {Page} page @param {string} name */
async function saveArtifacts(page, name) {
  try {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
    fs.writeFileSync(path.join(ARTIFACTS, `${name}.html`), await page.content());
    say(`  # saved test-results/old-browsers/${name}.png and .html (at ${page.url()})`);
  } catch (error) {
    say(`  # no screenshot: ${firstLine(error)}`);
  }
}

/**
 * The browser's one page, its errors collected. One page for every walk: with --single-process these old builds cannot
 * open another page or browser context, so each walk starts from a page with its cookies and storage cleared.
 */
async function onePage(/** @type {any} */ browser) {
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  /** @type {string[]} */
  const errors = [];
  page.on("pageerror", (/** @type {Error} */ error) => errors.push(`pageerror: ${firstLine(error)}`));
  page.on("console", (/** @type {any} */ message) => {
    if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
  });
  page.setDefaultTimeout(15_000);
  followRouteDiscovery(page);
  const devtools = await page.target().createCDPSession();
  /** Empties the page for the next walk: no cookie, no storage, as its own client address. */
  const fresh = async (/** @type {string} */ clientAddress) => {
    await page.goto("about:blank");
    await devtools.send("Network.clearBrowserCookies");
    await devtools.send("Storage.clearDataForOrigin", { origin: new URL(BASE_URL).origin, storageTypes: "all" });
    // Through the portal's one trusted proxy hop (TRUST_PROXY_HOPS=1), each walk is its own client: the registry
    // limits registrations per address (ACC-018), as tests/e2e/fixtures.ts does.
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress });
    await page.emulateMediaFeatures([]);
    errors.length = 0;
  };
  return { page, errors, fresh };
}

/** The newest 6-digit code sent to an email address or a phone number, from the demo outbox (PLT-015). */
async function outboxCode(/** @type {string} */ to, /** @type {"email" | "sms"} */ channel) {
  const digits = (/** @type {string} */ s) => s.replace(/\D/g, "").slice(-10);
  const until = Date.now() + 15_000;
  for (;;) {
    const entries = /** @type {{ channel: string; to: string; text: string }[]} */ (await (await fetch(new URL("dev/outbox.json", BASE_URL))).json());
    const found = entries.find(
      (e) => e.channel === channel && (channel === "email" ? e.to.toLowerCase() === to.toLowerCase() : digits(e.to) === digits(to)),
    );
    const code = found && /\b(\d{6})\b/.exec(found.text)?.[1];
    if (code) return code;
    if (Date.now() > until) throw new Error(`no code for ${to} in the demo outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in the newest email to `to`, from the demo outbox, as a path on the portal. */
async function outboxLink(/** @type {string} */ to) {
  const until = Date.now() + 15_000;
  for (;;) {
    const entries = /** @type {{ channel: string; to: string; text: string }[]} */ (await (await fetch(new URL("dev/outbox.json", BASE_URL))).json());
    const found = entries.find((e) => e.channel === "email" && e.to.toLowerCase() === to.toLowerCase());
    const link = found && /https?:\/\/\S+/.exec(found.text)?.[0];
    if (link) return new URL(link).pathname.replace(/^\//, "") + new URL(link).search;
    if (Date.now() > until) throw new Error(`no link for ${to} in the demo outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The portal as `npm start` serves the build, in demo mode, on an empty database of its own (as playwright.config.ts). */
async function startPortal() {
  if (!fs.existsSync(path.join(root, BUILD_DIR, "server.js"))) throw new Error(`no build in ${BUILD_DIR}/: run npm run build first`);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const server = spawn(process.execPath, [path.join(BUILD_DIR, "server.js")], {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(PORT),
      NODE_ENV: "development",
      DEMO_MODE: "true",
      LOG_LEVEL: "error",
      DATA_DIR,
      BUILD_DIR,
      TRUST_PROXY_HOPS: "1",
      PUBLIC_URL: BASE_URL,
      // The password hash at 1/8 of the production cost, as the e2e portal (decision 117).
      SCRYPT_N: String(2 ** 14),
    },
  });
  let stderr = "";
  server.stderr.on("data", (chunk) => (stderr += chunk));
  const until = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the portal stopped (${server.exitCode}): ${stderr}`);
    try {
      if ((await fetch(new URL("readyz", BASE_URL))).ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) {
      server.kill();
      throw new Error(`the portal was not ready at ${BASE_URL} within 60 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Installs (first time) and answers the old Chromium `version` from ../shared/tools/old-chromium.mjs. */
function oldChromium(/** @type {number} */ version) {
  if (!fs.existsSync(OLD_CHROMIUM)) {
    throw new Error(
      `${OLD_CHROMIUM} is missing: the old-browser tests need the shared tools beside the repository (../shared/tools/old-chromium.mjs)`,
    );
  }
  const out = execFileSync(process.execPath, [OLD_CHROMIUM, String(version)], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  return /** @type {{ version: string; executablePath: string; libraryPath: string; puppeteerCore: string }} */ (JSON.parse(out));
}

/** Signs in through the login dialog (the CSS check's /landing, with the patient the English walk registered). */
async function signIn(/** @type {Page} */ page, /** @type {Record<string, any>} */ t, /** @type {{ email: string; password: string }} */ patient) {
  await page.goto(new URL("register?login=1", BASE_URL).href, { waitUntil: "load" });
  await hydrated(page);
  const login = /** @type {const} */ ({ role: "dialog", name: t.login.heading });
  await type(page, { role: "field", name: t.login.email, within: login }, patient.email);
  await type(page, { role: "field", name: t.login.password, within: login }, patient.password);
  await click(page, { role: "button", name: t.login.submit, within: login });
  await waitForUrl(page, /\/landing$/);
  await waitFor(page, { role: "heading", level: 1, name: t.landing.heading });
}

async function main() {
  const texts = {
    en: (await tsImport("../../app/locales/en/index.ts", import.meta.url)).default,
    es: (await tsImport("../../app/locales/es/index.ts", import.meta.url)).default,
  };
  say(`TAP version 13`);
  const installing = Date.now();
  const browsers = versions.map((v) => ({ v, ...oldChromium(v) }));
  say(`# browsers ready in ${seconds(installing)}: ${browsers.map((b) => `Chromium ${b.version}`).join(", ")}`);
  const serverStarted = Date.now();
  const server = await startPortal();
  say(`# portal (${BUILD_DIR}/) ready at ${BASE_URL} in ${seconds(serverStarted)}`);
  /** @type {{ email: string; password: string } | undefined} */
  let cssPatient;
  try {
    for (const [index, b] of browsers.entries()) {
      const launched = Date.now();
      const puppeteer = require(PUPPETEER[b.v]);
      const browser = await puppeteer.launch({
        executablePath: b.executablePath,
        headless: true,
        env: { ...process.env, LD_LIBRARY_PATH: b.libraryPath },
        args: LAUNCH_ARGS,
      });
      say(`# Chromium ${b.version} (${await browser.version()}, ${PUPPETEER[b.v]}) launched in ${seconds(launched)}`);
      const { page, errors, fresh } = await onePage(browser);
      try {
        if (runJourneys) {
          for (const [n, lang] of /** @type {const} */ (["en", "es"]).entries()) {
            const walked = Date.now();
            const patient = newPatient(lang === "en" ? "Rosa" : "Lucía");
            await fresh(`10.122.${index}.${n + 1}`);
            const ok = await runSteps(
              `Chromium ${b.v} ${lang}`,
              page,
              errors,
              journeySteps({ page, baseUrl: BASE_URL, t: texts[lang], lang, patient, outbox: outboxCode }),
            );
            if (ok && lang === "en" && b.v === 85) cssPatient = patient;
            say(`# Chromium ${b.v} ${lang}: the journey took ${seconds(walked)}`);
          }
        }
        if (runCss && b.v === 85) await cssCheck(page, errors, fresh, texts.en, cssPatient);
        // The staff console once, in Chromium 85 (the demo administrator's link works once), after the CSS check: its
        // last page's route discovery may still be aborting when the next walk starts.
        if (runJourneys && b.v === 85) {
          await fresh("10.122.85.50");
          await runSteps(`Chromium 85 staff`, page, errors, staffSteps({ page, baseUrl: BASE_URL, t: texts.en, link: () => outboxLink(DEMO_ADMIN) }));
        }
      } finally {
        await browser.close();
      }
      say(`# Chromium ${b.v} done in ${seconds(launched)}`);
    }
  } finally {
    server.kill();
  }
}

/**
 * The CSS check (Chromium 85 only): /register and /landing, light and dark. /landing needs a patient: the English walk's,
 * or one registered here when the walks were left out (--css).
 * @param {Page} page @param {string[]} errors @param {(clientAddress: string) => Promise<void>} fresh
 * @param {Record<string, any>} t @param {{ email: string; password: string } | undefined} patient
 */
async function cssCheck(page, errors, fresh, t, patient) {
  const started = Date.now();
  await fresh("10.122.85.99");
  try {
    if (!patient) {
      const own = newPatient("Clara");
      const walk = journeySteps({ page, baseUrl: BASE_URL, t, lang: "en", patient: own, outbox: outboxCode });
      if (!(await runSteps("Chromium 85, the CSS check's patient", page, errors, walk.slice(0, 2)))) return;
      patient = own;
      await fresh("10.122.85.98");
    }
    for (const scheme of /** @type {const} */ (["light", "dark"])) {
      await emulateScheme(page, scheme);
      await page.goto(new URL("register", BASE_URL).href, { waitUntil: "load" });
      await hydrated(page);
      await runEach("Chromium 85", page, errors, cssChecks(page, "/register", scheme));
    }
    await emulateScheme(page, "light");
    await signIn(page, t, patient);
    for (const scheme of /** @type {const} */ (["light", "dark"])) {
      await emulateScheme(page, scheme);
      await page.reload({ waitUntil: "load" });
      await hydrated(page);
      await runEach("Chromium 85", page, errors, cssChecks(page, "/landing", scheme));
    }
  } catch (error) {
    number += 1;
    failed += 1;
    say(`not ok ${number} - Chromium 85: the CSS check could not run`);
    say(`  # ${firstLine(error)}`);
    await saveArtifacts(page, "css-check-could-not-run");
  }
  say(`# Chromium 85: the CSS check took ${seconds(started)}`);
}

/** Each check on its own (one failing does not hide the others). @param {string} title @param {Page} page @param {string[]} errors @param {Step[]} checks */
async function runEach(title, page, errors, checks) {
  for (const check of checks) await runSteps(title, page, errors, [check]);
}

try {
  await main();
} catch (error) {
  failed += 1;
  say(`not ok ${++number} - the old-browser run stopped: ${firstLine(error)}`);
}
say(`1..${number}`);
say(`# the old-browser phase took ${seconds(began)}`);
say(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

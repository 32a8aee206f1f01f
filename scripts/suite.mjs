// What the test scripts share (scripts/test.mjs, scripts/test-e2e.mjs): the Debian packages the suite drives, a
// PostgreSQL server, and the builds the end-to-end journeys run against.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { buildIsCurrent, run, runSideBySide } from "./lib.mjs";

const SYSTEM_PACKAGES = {
  chromium: "/usr/bin/chromium",
  postgresql: "/usr/bin/pg_ctlcluster",
  nginx: "/usr/sbin/nginx",
  "poppler-utils": "/usr/bin/pdftotext",
};

/** @param {string} cmd */
function has(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}

/**
 * Whether a test script may change the machine (install Debian packages, create the PostgreSQL test role): in CI, or
 * when asked with SETUP_MACHINE=1. Otherwise it says what is missing and the command that would set it up.
 */
function maySetUpMachine() {
  return Boolean(process.env.CI) || process.env.SETUP_MACHINE === "1";
}

const asRoot = () => process.getuid?.() === 0;

/**
 * The Debian packages a run needs (all four for `npm test`; a run of the journeys leaves out nginx when no project
 * behind it is chosen): installed when missing in CI or with SETUP_MACHINE=1 (as root), otherwise named with the
 * command that installs them.
 * @param {(keyof typeof SYSTEM_PACKAGES)[]} names
 */
export function ensureSystemPackages(names = /** @type {(keyof typeof SYSTEM_PACKAGES)[]} */ (Object.keys(SYSTEM_PACKAGES))) {
  const missing = names.filter((name) => !fs.existsSync(SYSTEM_PACKAGES[name]));
  if (missing.length === 0) return;
  const install = ["install", "-y", "-qq", "--no-install-recommends", ...missing];
  if (maySetUpMachine() && asRoot() && has("apt-get")) {
    console.log(`Installing Debian packages (${process.env.CI ? "CI" : "SETUP_MACHINE=1"}): ${missing.join(" ")}`);
    run("apt-get", ["update", "-qq"]);
    run("apt-get", install, { env: { DEBIAN_FRONTEND: "noninteractive" } });
  } else {
    console.warn(
      `Missing Debian packages: ${missing.join(" ")}. Install them with \`sudo apt-get install --no-install-recommends ${missing.join(" ")}\`` +
        " (or run again as root with SETUP_MACHINE=1 to have this script install them).",
    );
  }
}

const TEST_ROLE = "portal_test";
const TEST_DATABASE = `postgres://${TEST_ROLE}:${TEST_ROLE}@127.0.0.1:5432/postgres`;

/** @param {string} sql */
const asPostgres = (sql) => ["postgres", "-c", `psql -qtA -c "${sql.replace(/"/g, '\\"').replace(/\$/g, "\\$")}"`];

/**
 * A PostgreSQL server for the registry tests: TEST_DATABASE_URL, or the local Debian cluster (as root), started here
 * when it is not running, with its test role portal_test. The role, a superuser, is created in CI or with
 * SETUP_MACHINE=1 only; otherwise the command that creates it is printed and the run goes on without PostgreSQL.
 * @returns {string | undefined}
 */
export function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (!has("pg_ctlcluster") || !asRoot()) return undefined;
  const versions = fs.existsSync("/etc/postgresql") ? fs.readdirSync("/etc/postgresql").sort() : [];
  const version = versions.at(-1);
  if (!version) return undefined;
  if (spawnSync("pg_ctlcluster", [version, "main", "status"], { stdio: "ignore" }).status !== 0) {
    console.log(`Starting the local PostgreSQL cluster (pg_ctlcluster ${version} main start)`);
    spawnSync("pg_ctlcluster", [version, "main", "start"], { stdio: "ignore" });
  }
  const found = spawnSync("su", asPostgres(`SELECT 1 FROM pg_roles WHERE rolname='${TEST_ROLE}'`), { encoding: "utf8" });
  if (found.status !== 0) return undefined;
  if (found.stdout.trim() === "1") return TEST_DATABASE;
  const create = `CREATE ROLE ${TEST_ROLE} LOGIN SUPERUSER PASSWORD '${TEST_ROLE}'`;
  if (!maySetUpMachine()) {
    console.warn(
      `PostgreSQL has no role ${TEST_ROLE}: the tests that need PostgreSQL are left out. Create it with` +
        ` \`su postgres -c "psql -c \\"${create}\\""\` (or run again with SETUP_MACHINE=1 to have this script create it),` +
        " or set TEST_DATABASE_URL.",
    );
    return undefined;
  }
  console.log(`Creating the PostgreSQL role ${TEST_ROLE} for the tests (${process.env.CI ? "CI" : "SETUP_MACHINE=1"}): ${create}`);
  if (spawnSync("su", asPostgres(`${create};`), { stdio: "inherit" }).status !== 0) return undefined;
  return TEST_DATABASE;
}

/**
 * The database the js/nojs journeys run on: E2E_DATABASE_URL, or a database "e2e_portal" on the test server. They
 * act as registry staff through registry commands on it (tests/e2e/support/e2e-env.ts).
 * @param {string | undefined} databaseUrl
 */
export function e2eDatabaseUrl(databaseUrl) {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  if (!databaseUrl) return undefined;
  const url = new URL(databaseUrl);
  url.pathname = "/e2e_portal";
  return url.toString();
}

/** Playwright's options that take a value: the word after them is neither a test filter nor a project. */
const VALUE_OPTIONS = new Set(
  "--browser -c --config --global-timeout -g --grep -G --grep-invert --last-failed-file --max-failures --output --repeat-each --reporter --retries --shard --test-list --test-list-invert --timeout --trace --tsconfig --ui-host --ui-port -j --workers".split(
    " ",
  ),
);
/** Its options whose value may be left out, with the values they take. */
const OPTIONAL_VALUES = { "--debug": ["inspector", "cli"], "-u": ["all", "changed", "missing", "none", "default"] };
OPTIONAL_VALUES["--update-snapshots"] = OPTIONAL_VALUES["-u"];

/**
 * Whether a run of the journeys with these Playwright arguments needs the portal built for /portal/ behind nginx (the
 * proxy-js and proxy-nojs projects, whose specs are under tests/e2e/proxy/): not with E2E_PROXY=0, not when
 * `--project` names none of them, and not when test files are named and none is under proxy/.
 * @param {string[]} args
 * @param {Record<string, string | undefined>} env
 */
export function needsProxy(args, env = process.env) {
  if (env.E2E_PROXY === "0") return false;
  /** @type {string[]} */
  const projects = [];
  /** @type {string[]} */
  const files = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    const equals = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const name = equals > 0 ? arg.slice(0, equals) : arg;
    if (name === "--project") {
      // `--project a b`: Playwright reads every word up to the next option as a project name.
      if (equals > 0) projects.push(arg.slice(equals + 1));
      else while (i + 1 < args.length && !args[i + 1].startsWith("-")) projects.push(args[(i += 1)]);
    } else if (VALUE_OPTIONS.has(name)) {
      if (equals < 0) i += 1;
    } else if (name in OPTIONAL_VALUES) {
      if (equals < 0 && OPTIONAL_VALUES[name].includes(args[i + 1])) i += 1;
    } else if (!arg.startsWith("-")) {
      files.push(arg);
    }
  }
  if (projects.length > 0 && !projects.some((project) => project.includes("proxy") || project.includes("*"))) return false;
  if (files.length > 0 && !files.some((file) => file.includes("proxy"))) return false;
  return true;
}

/**
 * The builds the journeys run against (the app as `npm start` builds it, and, when `proxy`, for /portal/ behind
 * nginx), when stale; two stale builds are made side by side (each is mostly one core's work).
 */
export async function ensureE2eBuilds({ proxy = process.env.E2E_PROXY !== "0" } = {}) {
  const targets = [{ basePath: "/", dir: process.env.E2E_BUILD_DIR ?? "build" }];
  if (proxy) targets.push({ basePath: "/portal/", dir: "build-portal" });
  const stale = targets.filter((target) => !buildIsCurrent(target));
  await runSideBySide(
    stale.map((target) => ({
      title: `Build (${target.basePath} into ${target.dir})`,
      cmd: "node",
      args: ["scripts/build.mjs"],
      env: { BASE_PATH: target.basePath, BUILD_DIR: target.dir },
    })),
  );
}

/**
 * The end-to-end journeys (Playwright), with `args` passed on (a spec file, `--project js`, `--grep`…). Without
 * `proxy`, playwright.config.ts starts neither nginx nor the portal behind it (E2E_PROXY=0).
 * @param {string[]} args
 * @param {string | undefined} databaseUrl
 */
export function runE2e(args, databaseUrl, { proxy = true } = {}) {
  const url = e2eDatabaseUrl(databaseUrl);
  if (!url) {
    if (process.env.CI) throw new Error("CI needs PostgreSQL for the end-to-end journeys' staff commands.");
    console.warn("No PostgreSQL server: the journeys that need registry staff commands are skipped.");
  }
  run("npx", ["playwright", "test", ...args], { env: { ...(url ? { E2E_DATABASE_URL: url } : {}), ...(proxy ? {} : { E2E_PROXY: "0" }) } });
}

/**
 * The route modules' types first (the type checks and the lint read them), then the static checks side by side:
 * each is one process on one core, and their outputs are printed one after another. `formatting` adds Prettier and
 * the unused-export scan (npm test); without it, what `npm run test:fast` checks before its unit tests.
 */
export async function staticChecks({ formatting = false } = {}) {
  run("npx", ["react-router", "typegen"]);
  await runSideBySide([
    // What `npm run typecheck` runs: the app, the registry on its own (it never imports the portal; a lint rule keeps
    // it so), and the plain JavaScript of scripts/ and bench/.
    { title: "Type check (app)", cmd: "npx", args: ["tsc", "--noEmit"] },
    { title: "Type check (registry)", cmd: "npx", args: ["tsc", "-p", "registry/tsconfig.json", "--noEmit"] },
    { title: "Type check (scripts, bench)", cmd: "npx", args: ["tsc", "-p", "tsconfig.scripts.json", "--noEmit"] },
    { title: "Lint", cmd: "npx", args: ["eslint", "."] },
    ...(formatting
      ? [
          { title: "Formatting (Prettier)", cmd: "npx", args: ["prettier", "--check", "--log-level", "warn", "."] },
          { title: "Unused exports and locale keys", cmd: "node", args: ["scripts/unused.mjs"] },
        ]
      : []),
  ]);
}

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

/** Debian packages the suite drives (Chromium, PostgreSQL, nginx, pdftotext), installed when missing and we may. */
export function ensureSystemPackages() {
  const missing = Object.entries(SYSTEM_PACKAGES)
    .filter(([, file]) => !fs.existsSync(file))
    .map(([name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() === 0 && has("apt-get")) {
    console.log(`Installing Debian packages: ${missing.join(" ")}`);
    run("apt-get", ["update", "-qq"]);
    run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], { env: { DEBIAN_FRONTEND: "noninteractive" } });
  } else {
    console.warn(`Missing Debian packages (install them with apt-get): ${missing.join(" ")}`);
  }
}

/**
 * A PostgreSQL server for the registry tests: TEST_DATABASE_URL, or the local Debian cluster started here (as root).
 * @returns {string | undefined}
 */
export function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (!has("pg_ctlcluster") || process.getuid?.() !== 0) return undefined;
  const versions = fs.existsSync("/etc/postgresql") ? fs.readdirSync("/etc/postgresql").sort() : [];
  const version = versions.at(-1);
  if (!version) return undefined;
  spawnSync("pg_ctlcluster", [version, "main", "start"], { stdio: "ignore" });
  const sql =
    "DO $$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname='portal_test') THEN CREATE ROLE portal_test LOGIN SUPERUSER PASSWORD 'portal_test'; END IF; END$$;";
  const made = spawnSync("su", ["postgres", "-c", `psql -q -c "${sql.replace(/"/g, '\\"').replace(/\$/g, "\\$")}"`], { stdio: "inherit" });
  if (made.status !== 0) return undefined;
  return "postgres://portal_test:portal_test@127.0.0.1:5432/postgres";
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

/**
 * The builds the journeys run against (the app as `npm start` builds it, and for /portal/ behind nginx), when stale;
 * two stale builds are made side by side (each is mostly one core's work).
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
 * The end-to-end journeys (Playwright), with `args` passed on (a spec file, `--project js`, `--grep`…).
 * @param {string[]} args
 * @param {string | undefined} databaseUrl
 */
export function runE2e(args, databaseUrl) {
  const url = e2eDatabaseUrl(databaseUrl);
  if (!url) {
    if (process.env.CI) throw new Error("CI needs PostgreSQL for the end-to-end journeys' staff commands.");
    console.warn("No PostgreSQL server: the journeys that need registry staff commands are skipped.");
  }
  run("npx", ["playwright", "test", ...args], { env: url ? { E2E_DATABASE_URL: url } : {} });
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

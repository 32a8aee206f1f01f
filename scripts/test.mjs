// `npm test`: the whole suite — type check, lint, unit and registry tests (PGlite, and PostgreSQL when one is
// available), then the end-to-end journeys in Chromium with JavaScript on and off against the built app.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { buildIsCurrent, ensureInstalled, ensureSupportedNode, run } from "./lib.mjs";

const SYSTEM_PACKAGES = {
  chromium: "/usr/bin/chromium",
  postgresql: "/usr/bin/pg_ctlcluster",
  nginx: "/usr/sbin/nginx",
  "poppler-utils": "/usr/bin/pdftotext",
};

function has(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}

/** Debian packages the suite drives (Chromium, PostgreSQL, nginx, pdftotext), installed when missing and we may. */
function ensureSystemPackages() {
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

/** A PostgreSQL server for the registry tests: TEST_DATABASE_URL, or the local Debian cluster started here. */
function ensurePostgres() {
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

/** The same server and credentials, another database. */
function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

ensureSupportedNode();
try {
  ensureInstalled();
  ensureSystemPackages();
  const databaseUrl = ensurePostgres();
  if (!databaseUrl) {
    if (process.env.CI) throw new Error("CI needs PostgreSQL for the registry tests: set TEST_DATABASE_URL or install postgresql.");
    console.warn("No PostgreSQL server: the registry tests run on PGlite only (set TEST_DATABASE_URL to include PostgreSQL).");
  }
  console.log("\n== Type check ==");
  // The route modules' types (`./+types/<route>`: params, loader data) are generated from the route files first.
  run("npx", ["react-router", "typegen"]);
  run("npx", ["tsc", "--noEmit"]);
  // The registry on its own (it never imports the portal; a lint rule keeps it so).
  run("npx", ["tsc", "-p", "registry/tsconfig.json", "--noEmit"]);
  console.log("\n== Lint ==");
  run("npx", ["eslint", "."]);
  console.log("\n== Formatting (Prettier) ==");
  run("npx", ["prettier", "--check", "--log-level", "warn", "."]);
  console.log("\n== Unused exports and locale keys ==");
  run("node", ["scripts/unused.mjs"]);
  console.log("\n== Unit and registry tests ==");
  run("npx", ["vitest", "run"], { env: databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {} });
  // The app as `npm start` builds it, and built for a sub-path for the reverse-proxy journey.
  const { build } = await import("./build.mjs");
  for (const target of [
    { basePath: "/", dir: "build" },
    { basePath: "/portal/", dir: "build-portal" },
  ]) {
    if (!buildIsCurrent(target)) {
      console.log(`\n== Build (${target.basePath}) ==`);
      build(target);
    }
  }
  console.log("\n== End-to-end (JavaScript on and off) ==");
  // The js/nojs journeys run on PostgreSQL when there is one, so they can act as registry staff through registry
  // commands (tests/e2e/support/e2e-env.ts); the journey behind nginx runs on PGlite.
  const e2eDatabaseUrl = process.env.E2E_DATABASE_URL ?? (databaseUrl ? withDatabase(databaseUrl, "e2e_portal") : undefined);
  if (!e2eDatabaseUrl) {
    if (process.env.CI) throw new Error("CI needs PostgreSQL for the end-to-end journeys' staff commands.");
    console.warn("No PostgreSQL server: the journeys that need registry staff commands are skipped.");
  }
  run("npx", ["playwright", "test"], { env: e2eDatabaseUrl ? { E2E_DATABASE_URL: e2eDatabaseUrl } : {} });
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}

// `npm test`: the whole suite — type check, lint, unit and registry tests (PGlite, and PostgreSQL when one is
// available), then the end-to-end journeys in Chromium with JavaScript on and off against the built app.
import { ensureInstalled, ensureSupportedNode, run } from "./lib.mjs";
import { ensureE2eBuilds, ensurePostgres, ensureSystemPackages, runE2e } from "./suite.mjs";

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
  // The route modules' types, the app, the registry on its own (it never imports the portal; a lint rule keeps it
  // so), and the plain JavaScript of scripts/ and bench/ (npm run typecheck).
  run("npm", ["run", "--silent", "typecheck"]);
  console.log("\n== Lint ==");
  run("npx", ["eslint", "."]);
  console.log("\n== Formatting (Prettier) ==");
  run("npx", ["prettier", "--check", "--log-level", "warn", "."]);
  console.log("\n== Unused exports and locale keys ==");
  run("node", ["scripts/unused.mjs"]);
  console.log("\n== Unit and registry tests, with coverage ==");
  // Both Vitest projects (unit: no database; db: PGlite, and PostgreSQL when there is one); the coverage floor in
  // vitest.config.ts fails the run when statements or branches of app/ and registry/ fall below it.
  run("npx", ["vitest", "run", "--coverage"], { env: databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {} });
  await ensureE2eBuilds({ proxy: true });
  console.log("\n== End-to-end (JavaScript on and off) ==");
  runE2e([], databaseUrl);
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}

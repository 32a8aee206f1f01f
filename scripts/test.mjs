// `npm test`: the whole suite — type check, lint, unit and registry tests (PGlite, and PostgreSQL when one is
// available), then the end-to-end journeys in Chromium with JavaScript on and off against the built app, then the main
// journey in real old Chromiums (85, 90, 92) and the CSS check in Chromium 85 against the same build.
import { ensureInstalled, ensureSupportedNode, run } from "./lib.mjs";
import { ensureE2eBuilds, ensurePostgres, ensureSystemPackages, runE2e, staticChecks } from "./suite.mjs";

ensureSupportedNode();
const began = Date.now();
/** Minutes since the suite began, in each phase's heading: where the time goes. */
const at = () => `${((Date.now() - began) / 60_000).toFixed(1)} min`;
try {
  ensureInstalled();
  ensureSystemPackages();
  const databaseUrl = ensurePostgres();
  if (!databaseUrl) {
    if (process.env.CI) throw new Error("CI needs PostgreSQL for the registry tests: set TEST_DATABASE_URL or install postgresql.");
    console.warn("No PostgreSQL server: the registry tests run on PGlite only (set TEST_DATABASE_URL to include PostgreSQL).");
  }
  await staticChecks({ formatting: true });
  console.log(`\n== Unit and registry tests, with coverage (at ${at()}) ==`);
  // Both Vitest projects (unit: no database; db: PGlite, and PostgreSQL when there is one); the coverage floor in
  // vitest.config.ts fails the run when statements or branches of app/ and registry/ fall below it.
  run("npx", ["vitest", "run", "--coverage"], { env: databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {} });
  await ensureE2eBuilds({ proxy: true });
  console.log(`\n== End-to-end (JavaScript on and off) (at ${at()}) ==`);
  runE2e([], databaseUrl);
  // The browsers come from ../shared/tools/old-chromium.mjs, fetched once into ~/.cache/old-chromium (decision 122).
  console.log(`\n== Old browsers: Chromium 85, 90, 92 (at ${at()}) ==`);
  run("node", ["tests/old-browsers/run.mjs"]);
  console.log(`\n== The whole suite passed in ${at()} ==`);
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}

// `npm test`: the whole suite — type check, lint, unit and registry tests (PGlite, and PostgreSQL when one is
// available), then the end-to-end journeys in Chromium with JavaScript on and off against the built app.
import { ensureInstalled, ensureSupportedNode, run, runSideBySide } from "./lib.mjs";
import { ensureE2eBuilds, ensurePostgres, ensureSystemPackages, runE2e } from "./suite.mjs";

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
  // The route modules' types first (the type checks and the lint read them), then the static checks side by side:
  // each is one process on one core, and their outputs are printed one after another.
  run("npx", ["react-router", "typegen"]);
  await runSideBySide([
    // What `npm run typecheck` runs: the app, the registry on its own (it never imports the portal; a lint rule keeps
    // it so), and the plain JavaScript of scripts/ and bench/.
    { title: "Type check (app)", cmd: "npx", args: ["tsc", "--noEmit"] },
    { title: "Type check (registry)", cmd: "npx", args: ["tsc", "-p", "registry/tsconfig.json", "--noEmit"] },
    { title: "Type check (scripts, bench)", cmd: "npx", args: ["tsc", "-p", "tsconfig.scripts.json", "--noEmit"] },
    { title: "Lint", cmd: "npx", args: ["eslint", "."] },
    { title: "Formatting (Prettier)", cmd: "npx", args: ["prettier", "--check", "--log-level", "warn", "."] },
    { title: "Unused exports and locale keys", cmd: "node", args: ["scripts/unused.mjs"] },
  ]);
  console.log(`\n== Unit and registry tests, with coverage (at ${at()}) ==`);
  // Both Vitest projects (unit: no database; db: PGlite, and PostgreSQL when there is one); the coverage floor in
  // vitest.config.ts fails the run when statements or branches of app/ and registry/ fall below it.
  run("npx", ["vitest", "run", "--coverage"], { env: databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {} });
  await ensureE2eBuilds({ proxy: true });
  console.log(`\n== End-to-end (JavaScript on and off) (at ${at()}) ==`);
  runE2e([], databaseUrl);
  console.log(`\n== The whole suite passed in ${at()} ==`);
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}

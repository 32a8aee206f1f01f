import { configDefaults, defineConfig } from "vitest/config";
import path from "node:path";

/** Every test file of the project. */
const ALL_TESTS = ["app/**/*.test.{ts,tsx}", "registry/**/*.test.ts", "config/**/*.test.ts", "server/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"];
/** The tests that open a database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): named *.db.test.ts. */
const DB_TESTS = ["**/*.db.test.{ts,tsx}"];

/** Checks that the system programs some tests use are installed. */
const SYSTEM_TOOLS = ["registry/testing/system-tools-setup.ts"];

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    // `vitest run --project unit` (npm run test:unit, part of test:fast): no database; `--project db` (npm run test:db).
    // Each says in one line, before its tests, when a system program some of them need (poppler-utils) is missing:
    // those tests are skipped (registry/testing/system-tools-setup.ts).
    projects: [
      { extends: true, test: { name: "unit", include: ALL_TESTS, exclude: [...configDefaults.exclude, ...DB_TESTS], globalSetup: SYSTEM_TOOLS } },
      { extends: true, test: { name: "db", include: DB_TESTS, exclude: configDefaults.exclude, globalSetup: SYSTEM_TOOLS } },
    ],
    // `npm run coverage`: statements and branches of app/ and registry/ (the figure in the README); the floor is kept
    // by `npm test` (scripts/test.mjs runs the suite with coverage).
    coverage: {
      provider: "v8",
      include: ["app/**/*.{ts,tsx}", "registry/**/*.ts"],
      exclude: ["**/*.test.{ts,tsx}", "**/testing/**", "**/*.d.ts"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: ".cache/coverage",
      // The floor: today's figures rounded down (app 52.9 % of statements and 48.9 % of branches: most of its pages are
      // walked by the end-to-end journeys, which this does not count; the staff console's steps and forms have their
      // portal-level tests since decision 136; registry 93 % and 87 %). Raise it by hand when they rise.
      thresholds: {
        "app/**": { statements: 52, branches: 48 },
        "registry/**": { statements: 92, branches: 86 },
      },
    },
  },
});

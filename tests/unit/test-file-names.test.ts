// A test file that opens a database says so in its name (*.db.test.ts): `npm run test:unit` (the Vitest project
// "unit", part of test:fast) runs every other test file without a database, `npm run test:db` these (vitest.config.ts).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const TEST_DIRS = ["app", "registry", "config", "server", "tests/unit"];
/** What opening a database looks like in a test: the registry's test harness and databases, PGlite, or the PostgreSQL URL. */
const OPENS_A_DATABASE = /from "[^"]*(?:db\/test-databases|testing\/harness|db\/open|\/pglite|@electric-sql\/pglite)"|TEST_DATABASE_URL/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(rel);
    return /\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** Every test file but this one (whose patterns would match themselves). */
const files = TEST_DIRS.flatMap(testFiles).filter((file) => file !== path.join("tests", "unit", "test-file-names.test.ts"));

describe("test file names", () => {
  it("finds the project's test files", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("names every test file that opens a database *.db.test.ts, and no other", () => {
    const misnamed = files.filter((file) => {
      const opens = OPENS_A_DATABASE.test(fs.readFileSync(path.join(root, file), "utf8"));
      return opens !== /\.db\.test\.tsx?$/.test(file);
    });
    expect(misnamed).toEqual([]);
  });

  it("uses one name for database-backed tests", () => {
    expect(files.filter((file) => file.includes(".integration.test."))).toEqual([]);
  });
});

// One rule, one implementation: a name exported by both programs (app/ and registry/) is one rule written twice (as
// signatureMatches and LAB_REQUEST_WINDOW_DAYS were) unless it is listed here as a different thing of each program.
// A shared rule lives in registry/contract/ and both programs import it.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
/** Same name, different things: each program's own step of the same flow. */
const DIFFERENT_THINGS = new Set([
  "hasErrors", // a form failure (portal) / a validation result (registry)
  "readPassRecord", // the session's sign-in record (portal) / the database row (registry)
  "requirePatient", // the portal's session / the registry's bearer token
  "signIn", // writes the portal session / issues the registry's token
  "textsFor", // a page's texts (portal) / the registry's messages
  "PhoneCheckStatus", // a React component (portal) / the answer's status values (registry)
]);

function exportedNames(dir: string): Set<string> {
  const names = new Set<string>();
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const file = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !file.includes("testing") && !entry.name.includes("fixtures")) {
        const text = fs.readFileSync(path.join(root, file), "utf8");
        for (const m of text.matchAll(/^export (?:async )?(?:function|const|class) (\w+)/gm)) names.add(m[1]!);
      }
    }
  };
  walk(dir);
  return names;
}

describe("one implementation of each rule", () => {
  it("no name is exported by both the portal and the registry, but the listed different things", () => {
    const registry = exportedNames("registry");
    const twice = [...exportedNames("app")].filter((name) => registry.has(name) && !DIFFERENT_THINGS.has(name));
    expect(twice).toEqual([]);
  });
});

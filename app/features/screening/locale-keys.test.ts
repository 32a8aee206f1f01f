import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { completeVariant } from "./complete-variant";

/** Every locale key the screening, dashboard, centers and labs rules return is listed, with its English text, in LOCALE_KEYS.md. */
const here = import.meta.dirname;
const folders = [here, ...["dashboard", "centers", "labs"].map((feature) => join(here, "..", feature))];
const sources = folders.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(".server.ts"))
    .map((f) => readFileSync(join(dir, f), "utf8")),
);
const used = new Set(
  sources.flatMap((src) => [...src.matchAll(/"((?:screening|landing|changeCenter|selectCenter|validation)\.[A-Za-z0-9_.]+)"/g)].map((m) => m[1]!)),
);
const documented = readFileSync(join(here, "LOCALE_KEYS.md"), "utf8");
const listed = new Set([...documented.matchAll(/^\| `([^`]+)` +\|/gm)].map((m) => m[1]!));

describe("LOCALE_KEYS.md", () => {
  it("finds the keys used", () => expect(used.size).toBeGreaterThan(100));
  it.each([...used].sort().map((k) => [k]))("%s is listed", (key) => {
    expect(listed.has(key)).toBe(true);
  });
  it.each([["staysMember"], ["staysNonMember"], ["cleared"], ["otherGoal"], ["notCleared"]])("the Complete outcome key %s is listed", (outcome) => {
    expect(listed.has(`screening.complete.${outcome}`)).toBe(true);
    expect(typeof completeVariant).toBe("function");
  });
});

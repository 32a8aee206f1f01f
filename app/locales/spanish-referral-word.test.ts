import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One Spanish word for a referral (docs/decisions/129): "derivación" (and "derivar", "derivarlo"),
 * as the dashboard and the emails say it, never "remisión" / "remitido", and "derivarlo" beside "evaluarlo", never
 * "derivarle". Read from the sources, so every text counts: the portal's Spanish locale files and every message the
 * registry writes (emails, texts, the downloaded record in registry/messages/my-record.ts, the answers' PDF).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const sources = (dir: string) =>
  readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => path.join(dir, f));
const FILES = [...sources("app/locales/es"), ...sources("registry/messages")];

const OTHER_WORDS = /remisi[oó]n|remisiones|remitid[oa]s?|remitir|derivarle|le derivar/gi;

describe("one Spanish word for a referral", () => {
  it("reads the files that hold the Spanish texts", () => {
    expect(FILES).toEqual(expect.arrayContaining(["app/locales/es/account.ts", "registry/messages/es.ts", "registry/messages/my-record.ts"]));
  });

  it.each(FILES)("%s says derivación, never remisión or derivarle", (file) => {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    const found = text.split("\n").flatMap((line, i) => [...line.matchAll(OTHER_WORDS)].map((m) => `${i + 1}: ${m[0]}`));
    expect(found).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { ABSOLUTE_LIMIT_MS, IDLE_LIMIT_MS } from "~/platform/session-keys";
import { keyToUse, rememberedKey, rememberKey } from "./lab-staff-key";

const NOW = 1_750_000_000_000;
const MIN = 60_000;

describe("the remembered lab staff key", () => {
  it.each([
    ["nothing remembered", undefined, null],
    ["used just now", { key: "k", since: NOW - 60 * MIN, lastUsed: NOW }, "k"],
    ["used 29:59 ago", { key: "k", since: NOW - 60 * MIN, lastUsed: NOW - IDLE_LIMIT_MS + 1 }, "k"],
    ["used 30 minutes ago", { key: "k", since: NOW - 60 * MIN, lastUsed: NOW - IDLE_LIMIT_MS }, null],
    ["given 12 hours ago, used just now", { key: "k", since: NOW - ABSOLUTE_LIMIT_MS, lastUsed: NOW }, null],
    ["an empty key", { key: "", since: NOW, lastUsed: NOW }, null],
    ["a malformed entry", { key: "k", since: Number.NaN, lastUsed: NOW }, null],
  ])("%s", (_, entry, expected) => expect(rememberedKey(entry, NOW)).toBe(expected));

  it("keeps the first time for the same key, and starts anew for another key or after a limit", () => {
    const first = rememberKey(undefined, "k", NOW - 10 * MIN);
    expect(first).toEqual({ key: "k", since: NOW - 10 * MIN, lastUsed: NOW - 10 * MIN });
    expect(rememberKey(first, "k", NOW)).toEqual({ key: "k", since: NOW - 10 * MIN, lastUsed: NOW });
    expect(rememberKey(first, "other", NOW)).toEqual({ key: "other", since: NOW, lastUsed: NOW });
    expect(rememberKey(first, "k", NOW - 10 * MIN + IDLE_LIMIT_MS)).toMatchObject({ since: NOW - 10 * MIN + IDLE_LIMIT_MS });
  });

  it.each([
    ["typed, none remembered", " typed ", null, { key: "typed", fromMemory: false }],
    ["typed wins over remembered", "typed", "kept", { key: "typed", fromMemory: false }],
    ["nothing typed: the remembered one", "  ", "kept", { key: "kept", fromMemory: true }],
    ["nothing at all", "", null, { key: "", fromMemory: false }],
  ])("keyToUse: %s", (_, typed, remembered, expected) => expect(keyToUse(typed, remembered)).toEqual(expected));
});

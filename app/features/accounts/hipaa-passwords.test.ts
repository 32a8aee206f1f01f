import { describe, expect, it } from "vitest";
import { HIPAA_PASSWORDS_MS, keepPasswords, passwordsToUse } from "./hipaa-passwords";

const NOW = 1_800_000_000_000;
const none = { password: "", confirmPassword: "" };
const typed = { password: "correct horse battery", confirmPassword: "correct horse battery" };
const kept = { password: "kept passphrase 12", confirmPassword: "kept passphrase 12", expiresAt: NOW + 1000 };
const stale = { ...kept, expiresAt: NOW - 1 };

describe("passwords across the HIPAA release without JavaScript (ACC-039)", () => {
  it.each([
    ["typed: kept from now on", typed, undefined, { ...typed, expiresAt: NOW + HIPAA_PASSWORDS_MS }],
    ["typed over kept ones: the new ones", typed, kept, { ...typed, expiresAt: NOW + HIPAA_PASSWORDS_MS }],
    [
      "only one typed: still what was typed",
      { password: "x", confirmPassword: "" },
      kept,
      { password: "x", confirmPassword: "", expiresAt: NOW + HIPAA_PASSWORDS_MS },
    ],
    ["none typed: the kept ones stay", none, kept, kept],
    ["none typed, kept ones stale: nothing", none, stale, undefined],
    ["nothing at all", none, undefined, undefined],
  ] as const)("keep: %s", (_name, t, k, expected) => {
    expect(keepPasswords(t, k, NOW)).toEqual(expected);
  });

  it.each([
    ["both left empty: the kept ones", none, kept, { password: kept.password, confirmPassword: kept.confirmPassword }],
    ["typed: what was typed", typed, kept, typed],
    ["one typed: what was typed (the other is required)", { password: "", confirmPassword: "y" }, kept, { password: "", confirmPassword: "y" }],
    ["kept ones stale: empty", none, stale, none],
    ["none kept: empty", none, undefined, none],
  ] as const)("use: %s", (_name, t, k, expected) => {
    expect(passwordsToUse(t, k, NOW)).toEqual(expected);
  });
});

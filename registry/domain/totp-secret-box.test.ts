import { describe, expect, it } from "vitest";
import { newTotpSecret } from "./staff-auth";
import { isPlainTotpSecret, openTotpSecret, sealTotpSecret, totpKey } from "./totp-secret-box";

const KEY = totpKey("a-token-secret-of-at-least-32-characters-1");
const OTHER = totpKey("another-token-secret-of-32-characters-or-more");

describe("authenticator secrets sealed at rest (AES-256-GCM, docs/decisions/136)", () => {
  const secret = newTotpSecret();

  it("seals a secret as v1: with no trace of the base32 text, and opens it with the same key and person", () => {
    const sealed = sealTotpSecret(KEY, 7, secret);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret);
    expect(isPlainTotpSecret(sealed)).toBe(false);
    expect(openTotpSecret(KEY, 7, sealed)).toEqual({ secret, plain: false });
    // A fresh IV each time.
    expect(sealTotpSecret(KEY, 7, secret)).not.toBe(sealed);
  });

  it("does not open with another key, for another person, altered, or of an unknown version", () => {
    const sealed = sealTotpSecret(KEY, 7, secret);
    expect(openTotpSecret(OTHER, 7, sealed)).toBeNull();
    expect(openTotpSecret(KEY, 8, sealed)).toBeNull();
    const raw = Buffer.from(sealed.slice(3), "base64url");
    raw[raw.length - 1]! ^= 1;
    expect(openTotpSecret(KEY, 7, `v1:${raw.toString("base64url")}`)).toBeNull();
    expect(openTotpSecret(KEY, 7, `v2:${sealed.slice(3)}`)).toBeNull();
    expect(openTotpSecret(KEY, 7, "v1:")).toBeNull();
    expect(openTotpSecret(KEY, 7, "not a secret")).toBeNull();
  });

  it("reads a plain base32 secret stored before encryption as plain (to be sealed)", () => {
    expect(openTotpSecret(KEY, 7, secret)).toEqual({ secret, plain: true });
  });

  it("derives the key from TOKEN_SECRET with HKDF: one key per secret, 32 bytes", () => {
    expect(KEY.key).toHaveLength(32);
    expect(totpKey("a-token-secret-of-at-least-32-characters-1")).toBe(KEY);
    expect(OTHER.key.equals(KEY.key)).toBe(false);
  });
});

import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isRevoked, issueToken, TOKEN_LIFETIME_MS, verifyToken } from "./tokens";

const SECRET = "unit-test-secret-unit-test-secret-1234";
const NOW = new Date("2025-03-10T15:00:00.000Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

/** Signs a payload the way tokens.ts does, to build tokens with odd contents. */
function signed(payload: unknown, secret = SECRET): string {
  const body = b64(payload);
  const key = createHmac("sha256", secret).update("registry.sign-in-token.v1").digest();
  return `v1.${body}.${createHmac("sha256", key).update(`v1.${body}`).digest("base64url")}`;
}

describe("sign-in tokens", () => {
  it("issue v1.<payload>.<mac> tokens with sub, iat, exp (30 minutes) and a random jti", () => {
    const a = issueToken(SECRET, 42, NOW);
    const b = issueToken(SECRET, 42, NOW);
    expect(a.token).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(a.payload).toEqual({ sub: 42, iat: NOW.getTime(), exp: NOW.getTime() + 30 * 60 * 1000, jti: expect.any(String) });
    expect(a.expires).toEqual(at(TOKEN_LIFETIME_MS));
    expect(a.payload.jti).not.toBe(b.payload.jti);
    expect(JSON.parse(Buffer.from(a.token.split(".")[1]!, "base64url").toString())).toEqual(a.payload);
  });

  it("verify until one millisecond before expiry", () => {
    const { token, payload } = issueToken(SECRET, 42, NOW);
    expect(verifyToken(SECRET, token, NOW)).toEqual(payload);
    expect(verifyToken(SECRET, token, at(TOKEN_LIFETIME_MS - 1))).toEqual(payload);
    expect(verifyToken(SECRET, token, at(TOKEN_LIFETIME_MS))).toBeNull();
  });

  it.each([
    ["another secret", () => issueToken("another-secret-another-secret-12345", 42, NOW).token],
    [
      "a changed payload",
      () => {
        const [v, , mac] = issueToken(SECRET, 42, NOW).token.split(".");
        return `${v}.${b64({ sub: 43, iat: NOW.getTime(), exp: NOW.getTime() + 1e6, jti: "x" })}.${mac}`;
      },
    ],
    ["a truncated mac", () => issueToken(SECRET, 42, NOW).token.slice(0, -1)],
    ["another version", () => issueToken(SECRET, 42, NOW).token.replace(/^v1/, "v2")],
    ["two parts", () => issueToken(SECRET, 42, NOW).token.split(".").slice(0, 2).join(".")],
    ["four parts", () => `${issueToken(SECRET, 42, NOW).token}.x`],
    ["empty", () => ""],
    ["not base64url", () => "v1.a+b/c.d=e"],
    [
      "a payload that is not JSON",
      () => {
        const body = Buffer.from("not json").toString("base64url");
        return signed(null).replace(/^v1\.[^.]+/, `v1.${body}`);
      },
    ],
    [
      "a signed non-JSON body",
      () => {
        const body = Buffer.from("{oops").toString("base64url");
        const key = createHmac("sha256", SECRET).update("registry.sign-in-token.v1").digest();
        return `v1.${body}.${createHmac("sha256", key).update(`v1.${body}`).digest("base64url")}`;
      },
    ],
    ["a signed payload without sub", () => signed({ iat: NOW.getTime(), exp: NOW.getTime() + 1000, jti: "x" })],
    ["a signed payload with a text sub", () => signed({ sub: "42", iat: NOW.getTime(), exp: NOW.getTime() + 1000, jti: "x" })],
    ["a signed payload with sub 0", () => signed({ sub: 0, iat: NOW.getTime(), exp: NOW.getTime() + 1000, jti: "x" })],
    ["a signed payload without jti", () => signed({ sub: 42, iat: NOW.getTime(), exp: NOW.getTime() + 1000 })],
    [
      "a signed payload issued two minutes in the future",
      () => signed({ sub: 42, iat: NOW.getTime() + 120_000, exp: NOW.getTime() + 1e6, jti: "x" }),
    ],
  ])("refuse %s", (_case, make) => {
    expect(verifyToken(SECRET, make(), NOW)).toBeNull();
  });

  it("accept a well-formed signed payload (the helper signs like the module)", () => {
    expect(verifyToken(SECRET, signed({ sub: 42, iat: NOW.getTime(), exp: NOW.getTime() + 1000, jti: "x" }), NOW)?.sub).toBe(42);
  });

  it("are revoked when issued before the account's valid-after time", () => {
    const { payload } = issueToken(SECRET, 42, NOW);
    expect(isRevoked(payload, null)).toBe(false);
    expect(isRevoked(payload, at(1))).toBe(true);
    expect(isRevoked(payload, NOW)).toBe(false);
    expect(isRevoked(payload, at(-1))).toBe(false);
  });
});

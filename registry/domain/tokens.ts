import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Compact signed sign-in tokens: `v1.<base64url JSON payload>.<base64url HMAC-SHA256>` (PLT-011). */
export const TOKEN_LIFETIME_MS = 30 * 60 * 1000;
/** Tolerated clock difference for a token issued "in the future" by another registry process. */
const CLOCK_SKEW_MS = 60 * 1000;

/** `sid`: the sign-in (device) the token belongs to (docs/decisions/109); tokens issued before it have none. */
export type TokenPayload = { sub: number; iat: number; exp: number; jti: string; sid?: string };

/** A new sign-in id (sign_in_sessions.id). */
export function newSessionId(): string {
  return randomBytes(18).toString("base64url");
}

function signingKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("registry.sign-in-token.v1").digest();
}

function sign(secret: string, body: string): Buffer {
  return createHmac("sha256", signingKey(secret)).update(`v1.${body}`).digest();
}

export function issueToken(
  secret: string,
  medicalRecordId: number,
  now: Date,
  sid?: string,
): { token: string; payload: TokenPayload; expires: Date } {
  const iat = now.getTime();
  const payload: TokenPayload = {
    sub: medicalRecordId,
    iat,
    exp: iat + TOKEN_LIFETIME_MS,
    jti: randomBytes(12).toString("base64url"),
    ...(sid ? { sid } : {}),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return { token: `v1.${body}.${sign(secret, body).toString("base64url")}`, payload, expires: new Date(payload.exp) };
}

/** The payload of a well-signed, unexpired token, or null. Revocation is checked against the account by the caller. */
export function verifyToken(secret: string, token: string, now: Date): TokenPayload | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== "v1") return null;
  const [, body = "", mac = ""] = parts;
  if (!/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(mac)) return null;
  const given = Buffer.from(mac, "base64url");
  const expected = sign(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!isPayload(payload)) return null;
  const t = now.getTime();
  if (payload.exp <= t || payload.iat > t + CLOCK_SKEW_MS) return null;
  return payload;
}

function isPayload(v: unknown): v is TokenPayload {
  if (typeof v !== "object" || v === null) return false;
  const p = v as Record<string, unknown>;
  return (
    Number.isSafeInteger(p.sub) &&
    (p.sub as number) > 0 &&
    Number.isSafeInteger(p.iat) &&
    Number.isSafeInteger(p.exp) &&
    typeof p.jti === "string" &&
    (p.sid === undefined || (typeof p.sid === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(p.sid)))
  );
}

/** A token issued before the account's "valid after" time is revoked (sign-out everywhere, password change). */
export function isRevoked(payload: TokenPayload, tokensValidAfter: Date | null): boolean {
  return tokensValidAfter !== null && payload.iat < tokensValidAfter.getTime();
}

import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** ACC-027: 6 random digits, valid 30 minutes, at most 5 wrong tries. */
export const CODE_LIFETIME_MS = 30 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Spaces and hyphens a patient types are ignored ("123 456", "123-456"). */
export function normaliseCode(input: string): string {
  return input.replace(/[\s-]+/g, "");
}

/** A keyed hash of a code with its own salt (the key comes from the registry's secret, so a copied table is not enough). */
export function hashCode(secret: string, salt: string, code: string): string {
  const key = createHmac("sha256", secret).update("registry.confirmation-code.v1").digest();
  return createHmac("sha256", key).update(`${salt}:${code}`).digest("base64url");
}

export function newCodeSalt(): string {
  return randomBytes(16).toString("base64url");
}

export function codeMatches(secret: string, salt: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashCode(secret, salt, code));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

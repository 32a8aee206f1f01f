import { createHash, randomBytes, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { STAFF_RECOVERY_CODE_COUNT, STAFF_TOKEN_PREFIX } from "../contract/staff-accounts";

/**
 * The second factor and the tokens of staff accounts (docs/decisions/126), pure: no SQL, no clock of its own.
 * - TOTP (RFC 6238) through the `otpauth` package: SHA-1, 6 digits, 30-second steps, one step either side accepted;
 *   a code is accepted only for a step after the last one accepted (never twice).
 * - Recovery codes: ten `xxxxx-xxxxx` codes from an alphabet without look-alikes; compared without case and dashes;
 *   only their SHA-256 is stored.
 * - Session tokens: `st_` + 32 random bytes (base64url); only their SHA-256 is stored.
 */

export const TOTP_ISSUER = "National Kidney Registry";
const TOTP_PERIOD_S = 30;
const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one (clock drift of the phone). */
const TOTP_WINDOW = 1;

function totpOf(secretBase32: string, label = ""): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new authenticator secret (160 bits, base32, as authenticator apps take it typed). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI of a secret (what the QR code holds): issuer "National Kidney Registry", the email as label. */
export function totpUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/** The code of a secret at a time (for tests and tools; the registry never sends a code). */
export function totpCode(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}

/** The 30-second step of a time. */
export function totpStep(at: Date): number {
  return TOTP.counter({ period: TOTP_PERIOD_S, timestamp: at.getTime() });
}

/** Whether the input has the form of an authenticator code (six digits, spaces ignored). */
export function isTotpForm(input: string): boolean {
  return /^\d{6}$/.test(input.replace(/\s+/g, ""));
}

/**
 * The step a code belongs to when it is right at `at` (within one step either side) and later than `lastStep`;
 * null otherwise (wrong, too old, or already used).
 */
export function acceptedTotpStep(secretBase32: string, input: string, at: Date, lastStep: number | null): number | null {
  const code = input.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(at) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** No 0/o, 1/i/l: nothing to misread on paper. */
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const RECOVERY_HALF = 5;

/** Ten new recovery codes, `xxxxx-xxxxx`. */
export function newRecoveryCodes(count = STAFF_RECOVERY_CODE_COUNT): string[] {
  const half = () => Array.from({ length: RECOVERY_HALF }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return Array.from({ length: count }, () => `${half()}-${half()}`);
}

/** A recovery code as typed, without case, spaces and dashes; null when it cannot be one. */
export function normaliseRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]+/g, "");
  return code.length === RECOVERY_HALF * 2 && [...code].every((c) => RECOVERY_ALPHABET.includes(c)) ? code : null;
}

/** The stored SHA-256 (hex) of a recovery code, from its normalised form. */
export function hashRecoveryCode(code: string): string {
  return sha256Hex(normaliseRecoveryCode(code) ?? code);
}

/** A new staff session token and the SHA-256 that alone is stored. */
export function newStaffToken(): { token: string; hash: string } {
  const token = `${STAFF_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { token, hash: hashStaffToken(token) };
}

/** Whether a bearer token has the form of a staff token (a patient's token never has). */
export function isStaffTokenForm(token: string): boolean {
  return token.startsWith(STAFF_TOKEN_PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(token.slice(STAFF_TOKEN_PREFIX.length));
}

export function hashStaffToken(token: string): string {
  return sha256Hex(token);
}

function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

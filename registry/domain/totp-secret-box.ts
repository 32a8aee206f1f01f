import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Staff authenticator secrets encrypted at rest (docs/decisions/136): AES-256-GCM through node:crypto, with a key
 * derived by HKDF-SHA256 from the registry's TOKEN_SECRET, and the person's id as additional data (a sealed secret
 * copied to another person's row does not open). Stored as `v1:` + base64url(12-byte IV | 16-byte tag | ciphertext):
 * the prefix names the key and the scheme, so a later key or scheme can read both while rows move on.
 * A value without a prefix that reads as base32 is a secret stored before this (plain): it is still used, and the
 * caller seals it again (read-time upgrade).
 */

export const TOTP_BOX_VERSION = "v1";
const PREFIX = `${TOTP_BOX_VERSION}:`;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** HKDF's info: this key is for nothing else derived from TOKEN_SECRET. */
const HKDF_INFO = "kidney-registry staff-totp-secret v1";

export type TotpKey = { readonly version: typeof TOTP_BOX_VERSION; readonly key: Buffer };

const keys = new Map<string, TotpKey>();

/** The key of version v1: HKDF-SHA256(TOKEN_SECRET, no salt, HKDF_INFO), 32 bytes (kept per secret). */
export function totpKey(tokenSecret: string): TotpKey {
  let k = keys.get(tokenSecret);
  if (!k) {
    k = { version: TOTP_BOX_VERSION, key: Buffer.from(hkdfSync("sha256", tokenSecret, Buffer.alloc(0), HKDF_INFO, 32)) };
    keys.set(tokenSecret, k);
  }
  return k;
}

const aad = (staffId: number) => Buffer.from(`staff:${staffId}`, "utf8");

/** A base32 secret sealed for a person's row. */
export function sealTotpSecret(key: TotpKey, staffId: number, secretBase32: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  cipher.setAAD(aad(staffId));
  const body = Buffer.concat([cipher.update(secretBase32, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** Whether a stored value is a plain base32 secret from before encryption (to be sealed at its next reading). */
export function isPlainTotpSecret(stored: string): boolean {
  return /^[A-Z2-7]{16,}=*$/.test(stored);
}

/**
 * The secret of a stored value: `{secret, plain}`, plain when it was stored unencrypted; null when it cannot be
 * opened (another key, another person's row, altered, or an unknown version): no code is accepted against it.
 */
export function openTotpSecret(key: TotpKey, staffId: number, stored: string): { secret: string; plain: boolean } | null {
  if (isPlainTotpSecret(stored)) return { secret: stored, plain: true };
  if (!stored.startsWith(PREFIX)) return null;
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(staffId));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const secret = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    return { secret, plain: false };
  } catch {
    return null;
  }
}

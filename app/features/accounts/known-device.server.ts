import { randomBytes } from "node:crypto";
import type { KnownDeviceClaim } from "../../../registry/contract/sign-in";
import {
  HOST_KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_COOKIE,
  knownDeviceCookieName as cookieName,
  markMac as mac,
  MAX_ACCOUNTS,
  readKnownDevice,
  type KnownDevice,
} from "~/platform/known-device-mark.server";

export { HOST_KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_COOKIE, MAX_ACCOUNTS, readKnownDevice, type KnownDevice };

/**
 * The "known device" mark (docs/decisions/087): after a successful sign-in the portal gives the browser a long-lived
 * cookie, signed with HMAC-SHA256 under a key derived from SESSION_SECRET, holding a random device id and, for each
 * account that signed in on it (at most MAX_ACCOUNTS, newest first), the medical record id and a keyed tag of the
 * email (never the email itself). On a later sign-in whose email matches a tag, the portal tells the registry that
 * this device is known for that record; the registry then spares it strangers' failures and serves it first. Reading
 * the mark lives below the features (app/platform/known-device-mark.server.ts): server.ts's admission reads it too.
 *
 * 180 days, renewed by every sign-in (browsers keep a cookie at most 400 days). */
export const KNOWN_DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60;

/** Where the mark goes: `hostPrefixed` when PUBLIC_URL is https and BASE_PATH is `/` (then always Secure, Path=/). */
export type KnownDeviceCookieOptions = { path: string; secure: boolean; hostPrefixed?: boolean };

/** The keyed tag of a (lower-case) email: tells a typed email from another without keeping it. */
export function emailTag(formKey: Uint8Array, email: string): string {
  return mac(formKey, `email\n${email.trim().toLowerCase()}`).slice(0, 16);
}

/** The claim to send with a sign-in for `email`: when this browser signed in to that email's account before. */
export function claimFor(device: KnownDevice | null, formKey: Uint8Array, email: string): KnownDeviceClaim | undefined {
  if (!device) return undefined;
  const tag = emailTag(formKey, email);
  const account = device.accounts.find((a) => a.tag === tag);
  return account ? { deviceId: device.deviceId, medicalRecordId: account.medicalRecordId, since: account.since } : undefined;
}

/**
 * The Set-Cookie header after a successful sign-in of `medicalRecordId` with `email` (a new device id the first time):
 * the entry is written `now`, so it stays good until the account's password changes.
 */
export function knownDeviceCookie(
  device: KnownDevice | null,
  formKey: Uint8Array,
  signedIn: { medicalRecordId: number; email: string },
  cookie: KnownDeviceCookieOptions,
  now: number = Date.now(),
): string {
  const tag = emailTag(formKey, signedIn.email);
  const accounts = [
    { medicalRecordId: signedIn.medicalRecordId, tag, since: Math.floor(now / 1000) },
    ...(device?.accounts ?? []).filter((a) => a.medicalRecordId !== signedIn.medicalRecordId && a.tag !== tag),
  ];
  return markCookie(device?.deviceId ?? randomBytes(16).toString("base64url"), accounts, formKey, cookie);
}

/**
 * After this browser changed the account's password (docs/decisions/132): its entry for the account is written again
 * `now`, so the browser that made the change stays known while every other mark of the account retires. Null when the
 * browser has no entry for the account.
 */
export function renewedKnownDeviceCookie(
  device: KnownDevice | null,
  formKey: Uint8Array,
  medicalRecordId: number,
  cookie: KnownDeviceCookieOptions,
  now: number = Date.now(),
): string | null {
  const entry = device?.accounts.find((a) => a.medicalRecordId === medicalRecordId);
  if (!device || !entry) return null;
  const accounts = [{ ...entry, since: Math.floor(now / 1000) }, ...device.accounts.filter((a) => a !== entry)];
  return markCookie(device.deviceId, accounts, formKey, cookie);
}

function markCookie(deviceId: string, entries: KnownDevice["accounts"], formKey: Uint8Array, cookie: KnownDeviceCookieOptions): string {
  const list = entries
    .slice(0, MAX_ACCOUNTS)
    .map((a) => `${a.medicalRecordId}_${a.tag}_${a.since}`)
    .join("~");
  const value = `d1.${deviceId}.${list}.${mac(formKey, `d1.${deviceId}.${list}`)}`;
  const secure = cookie.secure || cookie.hostPrefixed === true;
  const path = cookie.hostPrefixed ? "/" : cookie.path;
  const attributes = [`Path=${path}`, `Max-Age=${KNOWN_DEVICE_MAX_AGE_S}`, "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  return `${cookieName(cookie.hostPrefixed)}=${value}; ${attributes.join("; ")}`;
}

import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { DEVICE_ID_PATTERN, type KnownDeviceClaim } from "../../../registry/contract/sign-in";

/**
 * The "known device" mark (docs/decisions/087): after a successful sign-in the portal gives the browser a long-lived
 * cookie, signed with HMAC-SHA256 under a key derived from SESSION_SECRET, holding a random device id and, for each
 * account that signed in on it (at most MAX_ACCOUNTS, newest first), the medical record id and a keyed tag of the
 * email (never the email itself). On a later sign-in whose email matches a tag, the portal tells the registry that
 * this device is known for that record; the registry then spares it strangers' failures and serves it first.
 */
export const KNOWN_DEVICE_COOKIE = "pass_device";
/** 180 days, renewed by every sign-in (browsers keep a cookie at most 400 days). */
export const KNOWN_DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** A family computer, a clinic's kiosk: the last few accounts signed in on this browser. */
export const MAX_ACCOUNTS = 5;

export type KnownDevice = { deviceId: string; accounts: { medicalRecordId: number; tag: string }[] };

const keys = new WeakMap<Uint8Array, Buffer>();
/** The mark's own key, derived from the form key (itself derived from SESSION_SECRET in server.ts). */
function deviceKey(formKey: Uint8Array): Buffer {
  let key = keys.get(formKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", formKey, "pass-portal", "known-device-v1", 32));
    keys.set(formKey, key);
  }
  return key;
}

const mac = (formKey: Uint8Array, text: string) => createHmac("sha256", deviceKey(formKey)).update(text).digest("base64url");

/** The keyed tag of a (lower-case) email: tells a typed email from another without keeping it. */
export function emailTag(formKey: Uint8Array, email: string): string {
  return mac(formKey, `email\n${email.trim().toLowerCase()}`).slice(0, 16);
}

/** The mark of a Cookie header when present and signed by this portal, else null. */
export function readKnownDevice(cookieHeader: string | null | undefined, formKey: Uint8Array): KnownDevice | null {
  const raw = cookieValue(cookieHeader ?? "", KNOWN_DEVICE_COOKIE);
  if (!raw || raw.length > 600) return null;
  const parts = raw.split(".");
  if (parts.length !== 4 || parts[0] !== "d1") return null;
  const [, deviceId = "", list = "", signature = ""] = parts;
  const expected = Buffer.from(mac(formKey, `d1.${deviceId}.${list}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!DEVICE_ID_PATTERN.test(deviceId)) return null;
  const accounts = list
    .split("~")
    .map((entry) => /^([1-9]\d{0,9})_([A-Za-z0-9_-]{16})$/.exec(entry))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ medicalRecordId: Number(m[1]), tag: m[2]! }))
    .slice(0, MAX_ACCOUNTS);
  return { deviceId, accounts };
}

/** The claim to send with a sign-in for `email`: when this browser signed in to that email's account before. */
export function claimFor(device: KnownDevice | null, formKey: Uint8Array, email: string): KnownDeviceClaim | undefined {
  if (!device) return undefined;
  const tag = emailTag(formKey, email);
  const account = device.accounts.find((a) => a.tag === tag);
  return account ? { deviceId: device.deviceId, medicalRecordId: account.medicalRecordId } : undefined;
}

/** The Set-Cookie header after a successful sign-in of `medicalRecordId` with `email` (a new device id the first time). */
export function knownDeviceCookie(
  device: KnownDevice | null,
  formKey: Uint8Array,
  signedIn: { medicalRecordId: number; email: string },
  cookie: { path: string; secure: boolean },
): string {
  const deviceId = device?.deviceId ?? randomBytes(16).toString("base64url");
  const tag = emailTag(formKey, signedIn.email);
  const accounts = [
    { medicalRecordId: signedIn.medicalRecordId, tag },
    ...(device?.accounts ?? []).filter((a) => a.medicalRecordId !== signedIn.medicalRecordId && a.tag !== tag),
  ].slice(0, MAX_ACCOUNTS);
  const list = accounts.map((a) => `${a.medicalRecordId}_${a.tag}`).join("~");
  const value = `d1.${deviceId}.${list}.${mac(formKey, `d1.${deviceId}.${list}`)}`;
  const attributes = [`Path=${cookie.path}`, `Max-Age=${KNOWN_DEVICE_MAX_AGE_S}`, "HttpOnly", "SameSite=Lax", ...(cookie.secure ? ["Secure"] : [])];
  return `${KNOWN_DEVICE_COOKIE}=${value}; ${attributes.join("; ")}`;
}

function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { DEVICE_ID_PATTERN } from "../../registry/contract/sign-in";

/**
 * Reading the "known device" mark (docs/decisions/087, 132): its cookie, its key and its signature check. Below the
 * features so that server.ts's admission (docs/decisions/134) tells a known browser cheaply (one HMAC) without importing
 * the accounts feature, which writes the mark (app/features/accounts/known-device.server.ts).
 */
export const KNOWN_DEVICE_COOKIE = "pass_device";
/** Its name when the portal serves `/` over HTTPS (docs/decisions/019, 132): no sibling subdomain or path can set it. */
export const HOST_KNOWN_DEVICE_COOKIE = `__Host-${KNOWN_DEVICE_COOKIE}`;
/** A family computer, a clinic's kiosk: the last few accounts signed in on this browser. */
export const MAX_ACCOUNTS = 5;

/**
 * An account's entry: its record id, the keyed tag of its email, and `since`, the Unix seconds of the sign-in that
 * wrote it: the registry honours the entry only when written under the account's current password (docs/decisions/132).
 */
export type KnownDevice = { deviceId: string; accounts: { medicalRecordId: number; tag: string; since: number }[] };

export const knownDeviceCookieName = (hostPrefixed: boolean | undefined) => (hostPrefixed ? HOST_KNOWN_DEVICE_COOKIE : KNOWN_DEVICE_COOKIE);

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

/** The mark's HMAC-SHA256 of `text` (base64url). */
export const markMac = (formKey: Uint8Array, text: string) => createHmac("sha256", deviceKey(formKey)).update(text).digest("base64url");

/** The mark of a Cookie header when present and signed by this portal, else null. */
export function readKnownDevice(cookieHeader: string | null | undefined, formKey: Uint8Array, hostPrefixed = false): KnownDevice | null {
  const raw = cookieValue(cookieHeader ?? "", knownDeviceCookieName(hostPrefixed));
  if (!raw || raw.length > 600) return null;
  const parts = raw.split(".");
  if (parts.length !== 4 || parts[0] !== "d1") return null;
  const [, deviceId = "", list = "", signature = ""] = parts;
  const expected = Buffer.from(markMac(formKey, `d1.${deviceId}.${list}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!DEVICE_ID_PATTERN.test(deviceId)) return null;
  const accounts = list
    .split("~")
    .map((entry) => /^([1-9]\d{0,9})_([A-Za-z0-9_-]{16})(?:_(\d{1,12}))?$/.exec(entry))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ medicalRecordId: Number(m[1]), tag: m[2]!, since: Number(m[3] ?? 0) }))
    .slice(0, MAX_ACCOUNTS);
  return { deviceId, accounts };
}

function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

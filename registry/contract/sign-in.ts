import { z } from "zod";

/**
 * The portal's claim, on `POST /authenticate`, that the browser signing in carries its signed "known device" mark for
 * an account (docs/decisions/087): `X-Known-Device: <device id>.<medical record id>`. The portal checks the mark's
 * signature; the registry takes the header as the portal's word (like X-Client-Address) and honours it only when the
 * record is the account of the email being signed in. Sent by the portal only, never by a browser.
 */
export const KNOWN_DEVICE_HEADER = "X-Known-Device";

/** A device id: 16 random bytes, base64url (22 characters). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const knownDeviceClaim = z.object({
  deviceId: z.string().regex(DEVICE_ID_PATTERN),
  medicalRecordId: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export type KnownDeviceClaim = z.infer<typeof knownDeviceClaim>;

/** The header's value for a claim. */
export function knownDeviceHeader(claim: KnownDeviceClaim): string {
  return `${claim.deviceId}.${claim.medicalRecordId}`;
}

/** The claim of a header value, or null when absent or malformed. */
export function parseKnownDeviceHeader(value: string | null | undefined): KnownDeviceClaim | null {
  const match = /^([A-Za-z0-9_-]{22})\.([1-9]\d{0,9})$/.exec(value?.trim() ?? "");
  if (!match) return null;
  const parsed = knownDeviceClaim.safeParse({ deviceId: match[1], medicalRecordId: Number(match[2]) });
  return parsed.success ? parsed.data : null;
}

/**
 * The per-account sign-in rules of docs/decisions/087 (ACC-022 as read there): after `maxFailures` failed sign-ins
 * within `windowMs`, one more try per `spacingMs` (429 with Retry-After); counted apart for each known device and for
 * all unknown devices together. After `consecutiveCap` failures in a row from unknown devices (NIST SP 800-63B), a
 * password sign-in from an unknown device needs a password reset first.
 */
export const SIGN_IN_THROTTLE = {
  maxFailures: 10,
  windowMs: 15 * 60 * 1000,
  spacingMs: 60 * 1000,
  consecutiveCap: 100,
} as const;

/** The refusal after `consecutiveCap` failures in a row (403; `errors.form` is the portal's locale key). */
export const SignInReason = { resetRequired: "login.resetRequired" } as const;
export const SignInMessage = {
  resetRequired: "Sign-in with a password is paused for this account after many failed attempts: reset the password to sign in",
} as const;

import { z } from "zod";

/**
 * The portal's claim, on `POST /authenticate`, that the browser signing in carries its signed "known device" mark for
 * an account (docs/decisions/087): `X-Known-Device: <device id>.<medical record id>.<since>`, `since` the Unix time in
 * seconds at which the mark's entry for that account was written (a successful sign-in). The portal checks the mark's
 * signature; the registry takes the header as the portal's word (like X-Client-Address) and honours it only when the
 * record is the account of the email being signed in and the entry was written under the account's current password
 * (docs/decisions/132: a change or reset retires every mark). Sent by the portal only, never by a browser.
 */
export const KNOWN_DEVICE_HEADER = "X-Known-Device";

/**
 * The portal's word, on `POST /authenticate`, that the browser signing in (not a known device) solved the sign-in
 * surge step's proof of work and the portal verified it (docs/decisions/134, 135): `X-Proved-Work: 1`. The registry
 * takes it as it takes X-Client-Address (in-process, or from a caller with the portal key, docs/decisions/085) and
 * hashes such a try in the pool's middle lane, ahead of unproved unknown-device tries. Sent by the portal only.
 */
export const PROVED_WORK_HEADER = "X-Proved-Work";

/** A device id: 16 random bytes, base64url (22 characters). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const knownDeviceClaim = z.object({
  deviceId: z.string().regex(DEVICE_ID_PATTERN),
  medicalRecordId: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  /** Unix seconds: when this browser last signed in to the account (0: unknown, an old mark: never honoured). */
  since: z.number().int().nonnegative(),
});
export type KnownDeviceClaim = z.infer<typeof knownDeviceClaim>;

/** The header's value for a claim. */
export function knownDeviceHeader(claim: KnownDeviceClaim): string {
  return `${claim.deviceId}.${claim.medicalRecordId}.${claim.since}`;
}

/** The claim of a header value, or null when absent or malformed. */
export function parseKnownDeviceHeader(value: string | null | undefined): KnownDeviceClaim | null {
  const match = /^([A-Za-z0-9_-]{22})\.([1-9]\d{0,9})(?:\.(\d{1,12}))?$/.exec(value?.trim() ?? "");
  if (!match) return null;
  const parsed = knownDeviceClaim.safeParse({ deviceId: match[1], medicalRecordId: Number(match[2]), since: Number(match[3] ?? 0) });
  return parsed.success ? parsed.data : null;
}

/**
 * The per-account sign-in rules of docs/decisions/087 and 132 (ACC-022 as read there): after `maxFailures` failed
 * tries within `windowMs`, one more try per `spacingMs` (429 with Retry-After), each try reserved before hashing so
 * concurrent ones are refused; counted apart for each known device, for all unknown devices together, and for the
 * signed-in owner's current password. After `consecutiveCap` failures in a row (NIST SP 800-63B 5.2.2) an unknown
 * device with the right password gets a one-time sign-in link by email (`linkLifetimeMs`), and a known device's mark
 * is no longer honoured.
 */
export const SIGN_IN_THROTTLE = {
  maxFailures: 10,
  windowMs: 15 * 60 * 1000,
  spacingMs: 60 * 1000,
  consecutiveCap: 100,
  linkLifetimeMs: 15 * 60 * 1000,
} as const;

/**
 * The answer to a password sign-in from an unknown device over the cap, right password or wrong (403; `errors.form`
 * is the portal's locale key): the same either way, so it tells nothing about the password.
 */
export const SignInReason = { emailLink: "login.emailLink", linkInvalid: "login.linkInvalid" } as const;
export const SignInMessage = {
  emailLink:
    "After many failed attempts on this account, a new browser signs in with a link sent by email: if the password was right, a one-time sign-in link is on its way",
  linkInvalid: "This sign-in link is not valid: it was used, it expired, or the password changed",
} as const;

/** POST /sign-in-link {token}: a one-time sign-in link's token (from the email's `?h=`). */
export const signInLinkRequest = z.object({ token: z.string().max(200) });

/**
 * The sign-in surge step's challenges (docs/decisions/135): each is spent through the registry, so two portal processes
 * on one database never both accept it, and at most `spentPerAddressPerMinute` are spent per client address (an IPv6
 * /64 as one) a minute. `nonceHash`: the SHA-256 (hex) of the challenge's nonce; `expiresAt`: when the challenge
 * expires (kept at most `keptAtMostMs` from now).
 */
export const SIGN_IN_CHALLENGES = {
  spentPerAddressPerMinute: 10,
  windowMs: 60 * 1000,
  keptAtMostMs: 15 * 60 * 1000,
} as const;
export const spendChallengeRequest = z.object({
  nonceHash: z.string().regex(/^[0-9a-f]{64}$/),
  expiresAt: z.string().datetime(),
});
/** `spent`: this call spent it; `used`: it was spent before; `over`: this address spent its allowance this minute. */
export const ChallengeOutcome = { spent: "spent", used: "used", over: "over" } as const;
export const spendChallengeResult = z.object({ outcome: z.enum([ChallengeOutcome.spent, ChallengeOutcome.used, ChallengeOutcome.over]) });
export type SpendChallengeResult = z.infer<typeof spendChallengeResult>;

import type { TextKey } from "~/texts/texts";
import { createHmac, timingSafeEqual } from "node:crypto";
import { HONEYPOT_FIELD, ISSUED_FIELD } from "./bot-fields";

export { HONEYPOT_FIELD, ISSUED_FIELD };

/**
 * The registration form's built-in bot check (ACC-018), without JavaScript and without a third party:
 * - a honeypot field people never see or fill (visually hidden, labelled, autocomplete=off, tabindex=-1);
 * - a time stamp the server issues with the form, signed (HMAC-SHA256) so it cannot be forged, refusing
 *   forms posted faster than a person can fill them or left open too long.
 * The third leg, a rate limit per client address, is the registry's (it reads X-Client-Address).
 */
/**
 * 1 s (it was 3 s): a password manager fills the whole form at once, and the patient then ticks the HIPAA release and
 * presses Register, which takes a person more than a second; a script that posts the form it fetched does not wait.
 * The per-address rate limit stays the backstop (docs/decisions/007, amended on 2026-11-24).
 */
export const MIN_FILL_MS = 1_000;
export const MAX_FORM_AGE_MS = 2 * 60 * 60 * 1000;

export type BotCheckOutcome = "ok" | "honeypot" | "invalid" | "tooFast" | "expired";

function mac(key: Uint8Array, purpose: string, issuedAt: number): string {
  return createHmac("sha256", key).update(`${purpose}:${issuedAt}`).digest("base64url");
}

/** The signed stamp a form carries: "<ms since epoch>.<hmac>", bound to one purpose (form). */
export function issueFormStamp(key: Uint8Array, purpose: string, now: number = Date.now()): string {
  return `${now}.${mac(key, purpose, now)}`;
}

/** Checks the honeypot and the stamp of a posted form. */
export function checkBotFields(
  key: Uint8Array,
  purpose: string,
  posted: { honeypot: string; stamp: string },
  now: number = Date.now(),
): BotCheckOutcome {
  if (posted.honeypot.trim() !== "") return "honeypot";
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(posted.stamp);
  if (!m) return "invalid";
  const issuedAt = Number(m[1]);
  const expected = Buffer.from(mac(key, purpose, issuedAt));
  const sent = Buffer.from(m[2]!);
  if (expected.length !== sent.length || !timingSafeEqual(expected, sent)) return "invalid";
  const age = now - issuedAt;
  if (age < MIN_FILL_MS) return "tooFast";
  if (age > MAX_FORM_AGE_MS) return "expired";
  return "ok";
}

/** The form message for each refusal (locale keys). A missing or forged stamp reads like a stale form. */
export function botCheckMessage(outcome: Exclude<BotCheckOutcome, "ok">): TextKey {
  switch (outcome) {
    case "tooFast":
      return "register.tooFast";
    case "expired":
    case "invalid":
      return "register.formExpired";
    case "honeypot":
      return "register.botCheckFailed";
  }
}

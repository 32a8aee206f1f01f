import type { RecommendedAddress } from "~/platform/session-keys";

/** What the registry answered to POST /register (or a profile update), as far as this rule needs it. */
export type AddressAwareAnswer = {
  status: number;
  success: boolean;
  message: string | null;
  errors?: Record<string, string>;
  addressValidation?: RecommendedAddress | null;
};

/** A reason to show inside a message: a locale key, or the registry's own text when it gave no key. */
export type Reason = { key: string } | { text: string };

export type SubmitOutcome =
  | { kind: "done" }
  /** Open the Confirm Address dialog; recommended is null when no matching address was found. */
  | { kind: "confirmAddress"; recommended: RecommendedAddress | null }
  | { kind: "fieldErrors"; errors: Record<string, string>; reason?: Reason }
  | { kind: "message"; key: string; reason?: Reason };

const ADDRESS_NOT_FOUND = "register.addressNotFound";
const TOO_MANY = "register.tooManyAttempts";

/**
 * ACC-019, ACC-007, read for a server-rendered form:
 * - success: done;
 * - an address to confirm (`addressValidation`, or the not-found reason) while the dialog was not yet answered:
 *   the Confirm Address dialog;
 * - field errors (email taken, a common password...): back to the form with them; once the dialog had been
 *   answered, also 'Unable to create registration: {reason}';
 * - a reason about the whole request: that reason ('Unable to create registration: {reason}' after the dialog);
 * - otherwise 'Unable to create registration: {server message}' after the dialog, else the generic failure.
 */
export function submitOutcome(
  answer: AddressAwareAnswer,
  opts: { addressConfirmed: boolean; failedKey: string; failedWithKey: string },
): SubmitOutcome {
  if (answer.success) return { kind: "done" };
  const { form, ...fields } = answer.errors ?? {};
  if (answer.status === 429 || form === TOO_MANY) return { kind: "message", key: TOO_MANY };
  if (!opts.addressConfirmed && (answer.addressValidation !== undefined || form === ADDRESS_NOT_FOUND)) {
    return { kind: "confirmAddress", recommended: answer.addressValidation ?? null };
  }
  const firstField = Object.values(fields)[0];
  if (firstField) {
    return opts.addressConfirmed
      ? { kind: "fieldErrors", errors: fields, reason: { key: form ?? firstField } }
      : { kind: "fieldErrors", errors: fields };
  }
  if (form) return opts.addressConfirmed ? { kind: "message", key: opts.failedWithKey, reason: { key: form } } : { kind: "message", key: form };
  if (opts.addressConfirmed && answer.message) return { kind: "message", key: opts.failedWithKey, reason: { text: answer.message } };
  return { kind: "message", key: opts.failedKey };
}

import type { RecommendedAddress } from "~/platform/session-keys";
import type { FieldErrors } from "~/forms/types";
import { fieldMessage } from "~/texts/text-key";
import type { TextKey } from "~/texts/texts";
import { registryMessageKey } from "~/texts/registry-messages";

/**
 * What the registry answered to POST /register (or a profile update), as far as this rule needs it; its errors
 * already checked to be texts (asFieldErrors, app/texts/text-key.server.ts).
 */
export type AddressAwareAnswer = {
  status: number;
  success: boolean;
  message: string | null;
  errors?: FieldErrors;
  addressValidation?: RecommendedAddress | null;
};

/**
 * A reason to show inside a message: always a locale key. The registry's own `message` is English and may name an
 * internal field, so it is shown only through its locale text (registryMessageKey; ACC-036).
 */
export type Reason = { key: TextKey };

export type SubmitOutcome =
  | { kind: "done" }
  /** Open the Confirm Address dialog; recommended is null when no matching address was found. */
  | { kind: "confirmAddress"; recommended: RecommendedAddress | null }
  | { kind: "fieldErrors"; errors: FieldErrors; reason?: Reason }
  | { kind: "message"; key: TextKey; reason?: Reason };

const ADDRESS_NOT_FOUND: TextKey = "register.addressNotFound";
const TOO_MANY: TextKey = "register.tooManyAttempts";

/**
 * ACC-019, ACC-007, read for a server-rendered form:
 * - success: done;
 * - an address to confirm (`addressValidation`, or the not-found reason) while the dialog was not yet answered:
 *   the Confirm Address dialog;
 * - field errors (email taken, a common password...): back to the form with them; once the dialog had been
 *   answered, also 'Unable to create registration: {reason}';
 * - a reason about the whole request: that reason ('Unable to create registration: {reason}' after the dialog);
 * - otherwise 'Unable to create registration: {server message}' after the dialog when the portal has a text for that
 *   message (ACC-036), else the generic failure.
 */
export function submitOutcome(
  answer: AddressAwareAnswer,
  opts: { addressConfirmed: boolean; failedKey: TextKey; failedWithKey: TextKey },
): SubmitOutcome {
  if (answer.success) return { kind: "done" };
  const { form: formError, ...fields } = answer.errors ?? {};
  const form = formError === undefined ? undefined : fieldMessage(formError)[0];
  if (answer.status === 429 || form === TOO_MANY) return { kind: "message", key: TOO_MANY };
  if (!opts.addressConfirmed && (answer.addressValidation !== undefined || form === ADDRESS_NOT_FOUND)) {
    return { kind: "confirmAddress", recommended: answer.addressValidation ?? null };
  }
  const firstField = Object.values(fields)[0];
  if (firstField) {
    return opts.addressConfirmed
      ? { kind: "fieldErrors", errors: fields, reason: { key: form ?? fieldMessage(firstField)[0] } }
      : { kind: "fieldErrors", errors: fields };
  }
  if (form) return opts.addressConfirmed ? { kind: "message", key: opts.failedWithKey, reason: { key: form } } : { kind: "message", key: form };
  const said = opts.addressConfirmed ? registryMessageKey(answer.message) : undefined;
  if (said) return { kind: "message", key: opts.failedWithKey, reason: { key: said } };
  return { kind: "message", key: opts.failedKey };
}

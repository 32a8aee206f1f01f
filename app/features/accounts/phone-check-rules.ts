import { Country } from "../../../registry/contract/enums";
import { phoneProblem } from "../../../registry/contract/phone";
import { phoneProblemKey } from "../../../registry/contract/registration-rules";
import { connectionLimitMessage } from "~/forms/limits";
import { fieldMessage, type FieldError } from "~/texts/text-key";
import type { TextKey } from "~/texts/texts";

/** What the phone availability check shows (ACC-015), as locale keys. */
export type PhoneCheckView = {
  status: "valid" | "invalid" | "duplicate" | "error";
  /** The feedback under the phone field. */
  key: TextKey;
  /** The key's parameters (the minutes to wait). */
  params?: Record<string, string>;
  /** The check failed without a message: the toast 'Phone number validation failed...' shows too. */
  toast?: true;
  /** Refused by the per-connection limit (docs/decisions/021): a message for the whole form. */
  limited?: true;
};

/** The registry's answer to POST /validate-phone, as the registry client gives it. */
export type PhoneCheckAnswer = {
  status: number;
  success: boolean;
  results: { status: string } | null;
  /**
   * A refusal's locale keys: `phoneNumber` for the number, `form` for the whole request (e.g. too many attempts),
   * checked to be texts (withCheckedErrors, app/texts/text-key.server.ts).
   */
  errors?: Readonly<Record<string, FieldError>>;
  /** Seconds to wait (Retry-After) of a refusal. */
  retryAfter?: number;
};

/** ACC-015: the toast when the check fails without a message. */
export const PHONE_CHECK_TOAST: TextKey = "register.phoneCheckToast";

/**
 * The phone availability check's outcome -> its feedback (ACC-015: 'Phone number is available', or the
 * server message, else 'Unable to validate phone number', or, when the check itself failed, 'Unable to validate
 * phone number. Please try again.' with the toast). `answer` is null when the check got no answer at all (the
 * registry or the portal could not be reached, or answered something that is not the contract).
 */
export function phoneCheckView(phone: string, answer: PhoneCheckAnswer | null, country: number = Country.UnitedStates): PhoneCheckView {
  const invalidKey: TextKey = country === Country.Other ? "validation.phoneInvalid" : "validation.phoneInvalidUs";
  // The local rule first, with what is wrong (an impossible area code, another country's number: docs/decisions/090).
  const problem = phoneProblem(phone, country);
  if (problem) return { status: "invalid", key: phoneProblemKey(problem, country) };
  if (!answer) return { status: "error", key: "register.phoneCheckFailed", toast: true };
  if (answer.status === 429) return { status: "error", ...connectionLimitMessage(answer.retryAfter), limited: true };
  const serverError = answer.errors?.phoneNumber ?? answer.errors?.form;
  const serverKey = serverError && fieldMessage(serverError)[0];
  switch (answer.results?.status) {
    case "valid":
      if (answer.success) return { status: "valid", key: "register.phoneAvailable" };
      break;
    case "duplicate":
      return { status: "duplicate", key: serverKey ?? "validation.phoneTaken" };
    case "invalid":
      return { status: "invalid", key: serverKey ?? invalidKey };
  }
  if (serverKey) return { status: "error", key: serverKey };
  return { status: "error", key: "register.phoneCheckUnable" };
}

import { CodeResult, Country } from "../../../registry/contract/enums";
import { phoneProblem } from "../../../registry/contract/phone";
import { phoneProblemKey } from "../../../registry/contract/registration-rules";
import { isValidEmail } from "../../../registry/contract/registration";
import type { TextKey } from "~/texts/texts";

/**
 * The confirm screen's checks (ACC-035, ACC-027); a mobile number by the rule of the address's
 * country (docs/decisions/049): outside the US, with its country code.
 */
export function contactError(kind: "email" | "text", value: string, country: number = Country.UnitedStates): TextKey | undefined {
  if (kind === "email") return isValidEmail(value) ? undefined : "mfa.emailInvalid";
  const problem = phoneProblem(value, country);
  if (problem === null) return undefined;
  // A North American number that cannot exist says what is wrong with it (docs/decisions/090).
  if (problem === "areaCode" || problem === "exchange") return phoneProblemKey(problem, country);
  return country === Country.Other ? "mfa.mobileInvalidOther" : "mfa.mobileInvalid";
}

/** The country whose phone rule applies, as the confirm forms carry it (the registry checks again with the record's). */
export function countryOf(value: unknown): number {
  return String(value) === String(Country.Other) ? Country.Other : Country.UnitedStates;
}

/** A code as typed: spaces and hyphens are fine ("123 456", "123-456"). */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** Before asking the registry: empty -> required; anything but digits cannot be the code we sent. */
export function codeError(code: string): TextKey | undefined {
  if (code === "") return "confirm.codeRequired";
  if (!/^\d{1,12}$/.test(code)) return "confirm.codeInvalid";
  return undefined;
}

/** The verification result (ACC-027) -> the message, or null when the code was right. */
export function codeResultMessage(result: number | null | undefined): TextKey | null {
  switch (result) {
    case CodeResult.Valid:
      return null;
    case CodeResult.InvalidCode:
      return "confirm.codeInvalid";
    case CodeResult.CodeExpired:
      return "confirm.codeExpired";
    default:
      return "confirm.checkFailed";
  }
}

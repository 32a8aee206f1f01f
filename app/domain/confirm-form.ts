import { CodeResult } from "../../registry/contract/enums";
import { isValidPhone } from "../../registry/contract/phone";
import { isValidEmail } from "../../registry/contract/registration";

/** The confirm screen's checks (000 §5 "Confirm screen", §8, §9). */
export function contactError(kind: "email" | "text", value: string): string | undefined {
  if (kind === "email") return isValidEmail(value) ? undefined : "mfa.emailInvalid";
  return isValidPhone(value) ? undefined : "mfa.mobileInvalid";
}

/** A code as typed: spaces and hyphens are fine ("123 456", "123-456"). */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** Before asking the registry: empty -> required; anything but digits cannot be the code we sent. */
export function codeError(code: string): string | undefined {
  if (code === "") return "confirm.codeRequired";
  if (!/^\d{1,12}$/.test(code)) return "confirm.codeInvalid";
  return undefined;
}

/** The verification result (000 §9 CodeResult) -> the message, or null when the code was right. */
export function codeResultMessage(result: number | null | undefined): string | null {
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

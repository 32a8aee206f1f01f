import { isValidPhone } from "../../registry/contract/phone";

/** What the live phone check shows (000 §5 Phone), as locale keys. */
export type PhoneCheckView = { status: "valid" | "invalid" | "duplicate" | "error"; key: string };

/**
 * The registry's answer to POST /validate-phone -> the feedback: 'Phone number is available', the message for a
 * number already registered or not valid, 'too many attempts', or 'Unable to validate phone number. Please try again.'
 */
export function phoneCheckView(phone: string, answer: { status: number; results: { status: string } | null } | null): PhoneCheckView {
  if (!isValidPhone(phone)) return { status: "invalid", key: "validation.phoneInvalidUs" };
  if (!answer) return { status: "error", key: "register.phoneCheckFailed" };
  if (answer.status === 429) return { status: "error", key: "register.tooManyAttempts" };
  switch (answer.results?.status) {
    case "valid":
      return { status: "valid", key: "register.phoneAvailable" };
    case "duplicate":
      return { status: "duplicate", key: "validation.phoneTaken" };
    case "invalid":
      return { status: "invalid", key: "validation.phoneInvalidUs" };
    default:
      return { status: "error", key: "register.phoneCheckFailed" };
  }
}

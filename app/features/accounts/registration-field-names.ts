import { ADDRESS_FIELDS, NAME_FIELDS } from "../../../registry/contract/registration-rules";
import type { TextKey } from "~/texts/texts";

/** The registration form's fields, in the order of ACC-002 (also the error summary's order). */
export const REGISTER_FIELDS = [
  ...NAME_FIELDS,
  "email",
  "phoneNumber",
  "password",
  "confirmPassword",
  ...ADDRESS_FIELDS,
  "preferredLanguage",
  "gender",
  "agreedToHipaa",
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

/** The defaults of ACC-009: country United States (1); preference email (1) is added to the payload. */
export const REGISTER_DEFAULTS: Partial<Record<RegisterField, string>> = { country: "1", usState: "0", preferredLanguage: "0", gender: "0" };

/** Confirm-password messages of ACC-010, ACC-017 (match checked only once confirm is filled). */
export function confirmPasswordError(password: string, confirm: string): TextKey | undefined {
  if (confirm === "") return "validation.confirmPasswordRequired";
  if (confirm !== password) return "validation.passwordsDoNotMatch";
  return undefined;
}

/**
 * Not a field: set in the form handed back after a HIPAA step without JavaScript when the passwords typed before it
 * are kept in the session (ACC-039), so the page says the password fields may stay empty.
 */
export const PASSWORD_KEPT = "passwordKept";

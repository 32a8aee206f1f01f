import { isValidEmail, passwordError } from "../../../registry/contract/registration-rules";
import type { TextKey } from "~/texts/texts";

/**
 * The password screens' rules (ACC-020, ACC-023, ACC-024, ACC-030):
 * each answers field -> locale key, empty when the form can be sent.
 */
export type Errors = Record<string, TextKey>;

/** Forgot password: a valid email, else 'Email is required' (and the form-level alert). */
export function forgotErrors(v: { email: string }): Errors {
  return isValidEmail(v.email) ? {} : { email: "forgot.emailRequired" };
}

/** ACC-020's length rules, for the screens whose own message covers an empty password. */
function lengthError(password: string): TextKey | undefined {
  const e = passwordError(password);
  return e === "validation.passwordRequired" ? undefined : e;
}

type NewPasswordKeys = { required: TextKey; confirmRequired: TextKey; mismatch: TextKey };
const RESET_KEYS: NewPasswordKeys = { required: "reset.passwordRequired", confirmRequired: "reset.confirmRequired", mismatch: "reset.mismatch" };
const PROFILE_KEYS: NewPasswordKeys = {
  required: "profile.passwordRequired",
  confirmRequired: "profile.confirmRequired",
  mismatch: "profile.mismatch",
};

/** A new password (ACC-020) and its confirmation, in the screen's own messages. */
function newPasswordErrors(v: { password: string; confirmPassword: string }, keys: NewPasswordKeys): Errors {
  const e: Errors = {};
  if (v.password === "") e.password = keys.required;
  else {
    const length = lengthError(v.password);
    if (length) e.password = length;
  }
  if (v.confirmPassword === "") e.confirmPassword = keys.confirmRequired;
  else if (v.confirmPassword !== v.password) e.confirmPassword = keys.mismatch;
  return e;
}

/** Reset password: valid email, a password (ACC-020), confirm equal to it. */
export function resetErrors(v: { email: string; password: string; confirmPassword: string }): Errors {
  return { ...(isValidEmail(v.email) ? {} : { email: "reset.emailRequired" }), ...newPasswordErrors(v, RESET_KEYS) };
}

/** Profile 'New Password' (ACC-029, ACC-030), with ACC-020's length rules and the current password (docs/decisions/025). */
export function passwordUpdateErrors(v: { currentPassword: string; password: string; confirmPassword: string }): Errors {
  return { ...(v.currentPassword === "" ? { currentPassword: "validation.currentPasswordRequired" } : {}), ...newPasswordErrors(v, PROFILE_KEYS) };
}

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

/** Reset password: valid email, a password (ACC-020), confirm equal to it. */
export function resetErrors(v: { email: string; password: string; confirmPassword: string }): Errors {
  const e: Errors = {};
  if (!isValidEmail(v.email)) e.email = "reset.emailRequired";
  if (v.password === "") e.password = "reset.passwordRequired";
  else {
    const length = lengthError(v.password);
    if (length) e.password = length;
  }
  if (v.confirmPassword === "") e.confirmPassword = "reset.confirmRequired";
  else if (v.confirmPassword !== v.password) e.confirmPassword = "reset.mismatch";
  return e;
}

/** Profile 'New Password' (ACC-029, ACC-030), with ACC-020's length rules and the current password (docs/decisions/025). */
export function passwordUpdateErrors(v: { currentPassword: string; password: string; confirmPassword: string }): Errors {
  const e: Errors = {};
  if (v.currentPassword === "") e.currentPassword = "validation.currentPasswordRequired";
  if (v.password === "") e.password = "profile.passwordRequired";
  else {
    const length = lengthError(v.password);
    if (length) e.password = length;
  }
  if (v.confirmPassword === "") e.confirmPassword = "profile.confirmRequired";
  else if (v.confirmPassword !== v.password) e.confirmPassword = "profile.mismatch";
  return e;
}

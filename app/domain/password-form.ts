import { isValidEmail, passwordError } from "../../registry/contract/registration";
import { ResetStatus } from "../../registry/contract/accounts";

/**
 * The password screens' rules (000 §5 "Forgot password", "Reset password", "Password update"; DECISIONS D6):
 * each answers field -> locale key, empty when the form can be sent.
 */
export type Errors = Record<string, string>;

/** Forgot password: a valid email, else 'Email is required' (and the form-level alert). */
export function forgotErrors(v: { email: string }): Errors {
  return isValidEmail(v.email) ? {} : { email: "forgot.emailRequired" };
}

/** D6's length rules, for the screens whose own message covers an empty password. */
function lengthError(password: string): string | undefined {
  const e = passwordError(password);
  return e === "validation.passwordRequired" ? undefined : e;
}

/** Reset password: valid email, a password (D6 rules), confirm equal to it. */
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

/** Profile 'New Password' (000 §5 Password update), with D6's length rules and the current password (docs/decisions/025). */
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

/** The reason shown after 'We were unable to reset your password due to the following reason:' (by statusId). */
export function resetReasonKey(statusId: number): string {
  switch (statusId) {
    case ResetStatus.LinkInvalid:
      return "reset.reasonLinkInvalid";
    case ResetStatus.LinkExpired:
      return "reset.reasonLinkExpired";
    case ResetStatus.EmailMismatch:
      return "reset.reasonEmailMismatch";
    case ResetStatus.PasswordRejected:
      return "reset.reasonPasswordRejected";
    default:
      return "reset.reasonUnknown";
  }
}

/** The reset view's state (000 §4): -1 the form, 1 success, above 1 a failure with its reason. */
export type ResetView = { kind: "form" } | { kind: "done" } | { kind: "failed"; reasonKey: string };
export function resetView(outcome: { statusId: number } | undefined): ResetView {
  if (!outcome || outcome.statusId < 1) return { kind: "form" };
  if (outcome.statusId === ResetStatus.Success) return { kind: "done" };
  return { kind: "failed", reasonKey: resetReasonKey(outcome.statusId) };
}

import { ResetStatus } from "../../../registry/contract/accounts";
import type { TextKey } from "~/texts/texts";

// The rules themselves are zod-free, so the browser re-checks with them too (ACC-017).
export { forgotErrors, passwordUpdateErrors, resetErrors, type Errors } from "./password-rules";

/** The reason shown after 'We were unable to reset your password due to the following reason:' (by statusId). */
export function resetReasonKey(statusId: number): TextKey {
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

/** The reset view's state (ACC-024): -1 the form, 1 success, above 1 a failure with its reason. */
export type ResetView = { kind: "form" } | { kind: "done" } | { kind: "failed"; reasonKey: TextKey };
export function resetView(outcome: { statusId: number } | undefined): ResetView {
  if (!outcome || outcome.statusId < 1) return { kind: "form" };
  if (outcome.statusId === ResetStatus.Success) return { kind: "done" };
  return { kind: "failed", reasonKey: resetReasonKey(outcome.statusId) };
}

import { redirect } from "react-router";
import { ResetStatus } from "../../../registry/contract/accounts";
import { forgotErrors, resetErrors } from "./password-form";
import { connectionLimitMessage, isConnectionLimit } from "~/forms/limits";
import { notSavedMessageKey } from "~/registry/client.server";
import { reach } from "~/registry/reach.server";
import { formFailure, inputFailure, linkValue, textFields } from "~/forms/form.server";
import type { FieldErrors } from "~/forms/types";
import { asFieldError } from "~/texts/text-key.server";
import type { TextKey } from "~/texts/texts";
import type { PortalContext } from "~/platform/context";

const FORGOT_FIELDS = ["email"] as const;
const RESET_FIELDS = ["email", "password", "confirmPassword"] as const;

/**
 * 'Forgot Password' (ACC-023): the same answer whether or not the account exists. Over the
 * per-connection limit (docs/decisions/021, which says nothing about the account) the form comes back with the email
 * kept and how long to wait. When the registry cannot be reached nothing was sent, so the patient is told so (the same
 * for every address) and the form comes back with the email kept, to try again.
 */
export async function forgotAction(form: FormData, context: PortalContext) {
  const values = textFields(form, FORGOT_FIELDS);
  const refused = inputFailure("forgot", values, FORGOT_FIELDS);
  if (refused) return refused;
  const errors = forgotErrors(values);
  if (Object.keys(errors).length) return formFailure("forgot", values, errors, FORGOT_FIELDS, { key: "forgot.cannotAccept" });
  const sent = await reach(context.registry.forgotPassword(values.email.trim(), context.clientAddress));
  if (!sent.reached) {
    context.log({ level: "error", msg: "forgot-password request failed", error: sent.error.name });
    return formFailure("forgot", values, {}, FORGOT_FIELDS, { key: "errors.registryDown" }, 503);
  }
  if (isConnectionLimit(sent.answer)) return formFailure("forgot", values, {}, FORGOT_FIELDS, connectionLimitMessage(sent.answer.retryAfter), 429);
  return redirect("/register?forgot=sent");
}

/**
 * 'Enter New Password' (ACC-024). The reset token comes in a hidden field and never goes back into a
 * URL: after the post the patient lands on /register?reset=1 and the outcome waits in the session.
 */
export async function resetAction(form: FormData, context: PortalContext) {
  const values = textFields(form, RESET_FIELDS);
  const token = linkValue(String(form.get("resetToken") ?? ""), 500);
  const refused = inputFailure("reset", { ...values, resetToken: token }, RESET_FIELDS);
  if (refused) return refused;
  const fail = (errors: FieldErrors, key?: TextKey, status = 400) =>
    formFailure("reset", { ...values, resetToken: token }, errors, RESET_FIELDS, key ? { key } : undefined, status);
  const errors = resetErrors(values);
  if (Object.keys(errors).length) return fail(errors, "reset.cannotAccept");
  if (!token) {
    context.session.set("resetOutcome", { statusId: ResetStatus.LinkInvalid });
    return redirect("/register?reset=1");
  }
  const sent = await reach(context.registry.resetPassword({ token, email: values.email.trim(), password: values.password }, context.clientAddress));
  if (!sent.reached) return fail({}, notSavedMessageKey(sent.error), 503);
  const answer = sent.answer;
  // A password the registry refuses (a common one) is a field error: the patient picks another on the same form.
  const passwordError = answer.errors?.password;
  if (passwordError) return fail({ password: asFieldError(passwordError) });
  // Any other refusal without a status reads as "could not be reset" (reset.reasonUnknown).
  const statusId = answer.results?.statusId ?? (answer.success ? ResetStatus.Success : 0);
  context.session.set("resetOutcome", { statusId: statusId > 0 ? statusId : 99 });
  return redirect("/register?reset=1");
}

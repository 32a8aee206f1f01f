import { redirect, type AppLoadContext } from "react-router";
import { signIn } from "~/platform/auth.server";
import { connectionLimitMessage, isConnectionLimit } from "~/forms/limits";
import { RegistryUnavailableError, unavailableMessageKey } from "~/registry/client.server";
import { formFailure, inputFailure, textFields } from "~/forms/form.server";
import type { FieldErrors } from "~/forms/types";
import type { TextKey } from "~/texts/texts";

const LOGIN_FIELDS = ["email", "password"] as const;

/** The login dialog's post (ACC-021, ACC-022). */
export async function loginAction(form: FormData, context: AppLoadContext) {
  const values = textFields(form, LOGIN_FIELDS);
  const refused = inputFailure("login", values, LOGIN_FIELDS);
  if (refused) return refused;
  const errors: FieldErrors = {};
  if (!values.email.trim()) errors.email = "login.emailRequired";
  if (!values.password) errors.password = "login.passwordRequired";
  const fail = (e: FieldErrors, key?: TextKey, status = 400, params?: Record<string, string>) =>
    formFailure("login", values, e, LOGIN_FIELDS, key ? { key, params } : undefined, status);
  if (Object.keys(errors).length) return fail(errors);
  try {
    const answer = await context.registry.authenticate(values.email.trim(), values.password, context.clientAddress);
    if (isConnectionLimit(answer)) {
      const message = connectionLimitMessage(answer.retryAfter);
      return fail({}, message.key, 429, message.params);
    }
    if (answer.status === 429) return fail({}, "login.lockedOut", 429);
    if (!answer.success || !answer.results) return fail({}, "login.failed", 401);
    const record = await context.registry.passRecord(answer.results.medicalRecordId, answer.results.token);
    if (!record.success || !record.results) return fail({}, "login.failed", 401);
    signIn(context.session, answer.results, record.results.medicalRecord);
    return redirect("/landing");
  } catch (error) {
    if (error instanceof RegistryUnavailableError) return fail({}, unavailableMessageKey(error), 503);
    throw error;
  }
}

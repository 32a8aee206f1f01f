import { redirect } from "react-router";
import { addFlash, withPatient } from "~/platform/auth.server";
import { codeError, codeResultMessage, contactError, countryOf, normalizeCode } from "./confirm-form";
import { connectionLimitMessage, isConnectionLimit } from "~/forms/limits";
import { translator } from "~/texts/texts.server";
import { asFieldError, textKey } from "~/texts/text-key.server";
import type { FieldError } from "~/texts/text-key";
import { registryMessageKey } from "~/texts/registry-messages";
import type { FormMessage } from "~/forms/types";
import type { Answer } from "~/registry/client.server";
import { answerOr } from "~/registry/reach.server";
import type { ContactKind } from "~/platform/session-keys";
import { formFailure, formKept, inputFailure, textFields } from "~/forms/form.server";
import type { PortalContext } from "~/platform/context";

export const CONTACT_FIELDS = ["email", "phoneNumber"] as const;
const fieldOf = (kind: ContactKind) => (kind === "email" ? "email" : "phoneNumber");
export const isKind = (v: unknown): v is ContactKind => v === "email" || v === "text";

/** The reason after 'We were unable to send the confirmation code for the following reason:' (translated). */
function sendFailure(context: PortalContext, answer: Answer<unknown> | null): FormMessage {
  const t = translator(context.lang);
  const reasonKey = answer?.errors?.form ?? Object.values(answer?.errors ?? {})[0];
  const key = (reasonKey === undefined ? undefined : textKey(reasonKey)) ?? registryMessageKey(answer?.message);
  // The registry's own English message never reaches the page as it came (ACC-036).
  const reason = key ? t(key) : answer === null ? t("errors.registryDown") : t("mfa.sendFailed");
  return { key: "confirm.sendFailed", params: { message: reason } };
}

async function sendCode(context: PortalContext, kind: ContactKind, value: string, currentPassword?: string): Promise<Answer<unknown> | null> {
  return withPatient(context, async ({ token, medicalRecordId }) => {
    return answerOr<Answer<unknown>, null>(
      kind === "email"
        ? context.registry.sendConfirmationEmail(token, medicalRecordId, value.trim(), currentPassword)
        : context.registry.sendConfirmationText(token, medicalRecordId, value.trim()),
      null,
    );
  });
}

/**
 * 'Send Confirmation Email' / 'Send Confirmation Text' on the screen (ACC-025, ACC-026): a valid value opens the
 * send dialog (the form comes back with it open, so this works without JavaScript); an invalid one shows the
 * alert of ACC-035.
 */
export function startSend(form: FormData, kind: ContactKind) {
  const values = textFields(form, CONTACT_FIELDS);
  const field = fieldOf(kind);
  const refused = inputFailure("contacts", values, [field]);
  if (refused) return refused;
  const error = contactError(kind, values[field], countryOf(form.get("country")));
  if (error) return formFailure("contacts", values, { [field]: error }, CONTACT_FIELDS);
  return formKept("contacts", values, CONTACT_FIELDS, kind === "email" ? "send-email" : "send-text");
}

/**
 * The send dialog's button: sends the code, then the 'Enter Confirmation Code' dialog opens. A new email address
 * comes with the current password (docs/decisions/025); a wrong or missing one reopens the dialog with the field's
 * error (the password is never rendered back).
 */
export async function sendAction(form: FormData, context: PortalContext, kind: ContactKind) {
  const value = String(form.get("value") ?? "");
  const refused = inputFailure("contacts", { [fieldOf(kind)]: value }, [fieldOf(kind)]);
  if (refused) return refused;
  const error = contactError(kind, value, countryOf(form.get("country")));
  if (error) return formFailure("contacts", { [fieldOf(kind)]: value }, { [fieldOf(kind)]: error }, CONTACT_FIELDS);
  const currentPassword = kind === "email" ? String(form.get("currentPassword") ?? "").slice(0, 1000) : undefined;
  const open = kind === "email" ? "send-email" : "send-text";
  const answer = await sendCode(context, kind, value, currentPassword);
  const passwordError = answer?.errors?.currentPassword;
  if (passwordError)
    return formFailure(
      "send",
      { kind, value },
      { currentPassword: asFieldError(passwordError) },
      ["currentPassword"],
      undefined,
      answer.status,
      open,
    );
  if (!answer?.success) {
    return formFailure("send", { kind, value }, {}, [], sendFailure(context, answer), answer ? answer.status : 503, open);
  }
  context.session.set("pendingCode", { kind, value: value.trim() });
  return redirect(`/confirm?code=${kind}`);
}

/** 'Send a new code' in the code dialog (the wrong-try count is kept by the registry, ACC-027). */
export async function resendAction(context: PortalContext) {
  const pending = context.session.get("pendingCode");
  if (!pending) {
    addFlash(context.session, { kind: "alert", key: "confirm.noPendingCode" });
    return redirect("/confirm");
  }
  const answer = await sendCode(context, pending.kind, pending.value);
  if (!answer?.success) return formFailure("code", { code: "" }, {}, ["code"], sendFailure(context, answer), answer ? 400 : 503);
  addFlash(context.session, { kind: "status", key: "confirm.newCodeSent" });
  return redirect(`/confirm?code=${pending.kind}`);
}

/** 'Confirm Code': the registry's result code chooses the message (ACC-027). */
export async function verifyAction(form: FormData, context: PortalContext) {
  const pending = context.session.get("pendingCode");
  if (!pending) {
    addFlash(context.session, { kind: "alert", key: "confirm.noPendingCode" });
    return redirect("/confirm");
  }
  const typed = String(form.get("code") ?? "");
  const refused = inputFailure("code", { code: typed }, ["code"]);
  if (refused) return refused;
  const code = normalizeCode(typed);
  const fail = (key: FieldError, status = 400) => formFailure("code", { code: typed }, { code: key }, ["code"], undefined, status);
  const local = codeError(code);
  if (local) return fail(local);
  const result = await withPatient(context, async ({ token, medicalRecordId }) => {
    return answerOr(
      context.registry.updateConfirmation(
        token,
        medicalRecordId,
        { code, value: pending.value, isEmail: pending.kind === "email" },
        context.clientAddress,
      ),
      null,
    );
  });
  if (!result) return formFailure("code", { code: typed }, {}, ["code"], { key: "errors.notSaved" }, 503);
  if (isConnectionLimit(result)) return formFailure("code", { code: typed }, {}, ["code"], connectionLimitMessage(result.retryAfter), 429);
  // A contact that became another account's meanwhile comes as a reason (mfa.contactTaken), not a result code.
  const reason = result.errors?.form;
  const message = reason ? asFieldError(reason) : codeResultMessage(result.results);
  if (message) return fail(message);
  context.session.unset("pendingCode");
  addFlash(context.session, { kind: "status", key: pending.kind === "email" ? "confirm.emailConfirmed" : "confirm.mobileConfirmed" });
  return redirect("/confirm");
}

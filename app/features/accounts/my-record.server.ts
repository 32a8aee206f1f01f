import { redirect, redirectDocument } from "react-router";
import { MY_RECORD_FORMATS, type MyRecordFormat } from "../../../registry/contract/my-record";
import { addFlash, clearSignIn, withPatient } from "~/platform/auth.server";
import { attachment } from "~/platform/attachment.server";
import { notSavedMessageKey } from "~/registry/client.server";
import { answerOr, reach } from "~/registry/reach.server";
import { formFailure, inputFailure, textFields } from "~/forms/form.server";
import type { FieldErrors } from "~/forms/types";
import type { TextKey } from "~/texts/texts";
import { asFieldErrors } from "~/texts/text-key.server";
import type { PortalContext } from "~/platform/context";

/**
 * The patient's own record (ACC-043, ACC-044; docs/decisions/108) and closing the account (ACC-045, ACC-046;
 * docs/decisions/107): the registry makes the files and closes the account; these serve and ask.
 */

export const CLOSE_FIELDS = ["currentPassword"] as const;

/** GET /profile/download/{pdf|json}: the file as an attachment in the page's language, never cached. */
export async function recordDownload(context: PortalContext, param: string | undefined): Promise<Response> {
  const format = MY_RECORD_FORMATS.find((f) => f === param) as MyRecordFormat | undefined;
  if (!format) return redirect("/profile");
  const failed = () => {
    addFlash(context.session, { kind: "alert", key: "myRecord.downloadFailed" });
    return redirect("/profile");
  };
  return withPatient(context, async ({ token, medicalRecordId }) => {
    const answer = await answerOr(context.registry.myRecordFile(token, medicalRecordId, format, context.lang), null);
    if (!answer?.success) return failed();
    return attachment(answer.bytes, answer.contentType, answer.fileName);
  });
}

/**
 * POST /profile/close: with the current password, the registry closes the account; the portal then ends the
 * sign-in and says so on /register. A wrong or empty password: the page again with the error, nothing changed.
 */
export async function closeAccountAction(form: FormData, context: PortalContext) {
  const values = textFields(form, CLOSE_FIELDS);
  const refused = inputFailure("close", values, CLOSE_FIELDS);
  if (refused) return refused;
  const fail = (errors: FieldErrors, key?: TextKey, status = 400) =>
    formFailure("close", values, errors, CLOSE_FIELDS, key ? { key } : undefined, status);
  if (values.currentPassword === "") return fail(asFieldErrors({ currentPassword: "validation.currentPasswordRequired" }));
  const sent = await reach(
    withPatient(context, ({ token, medicalRecordId }) => context.registry.closeAccount(token, medicalRecordId, values.currentPassword)),
  );
  if (!sent.reached) return fail({}, notSavedMessageKey(sent.error), 503);
  const answer = sent.answer;
  if (!answer.success) {
    const { form: _reason, ...fieldErrors } = answer.errors ?? {};
    if (Object.keys(fieldErrors).length) return fail(asFieldErrors(fieldErrors), undefined, answer.status === 429 ? 429 : 400);
    return fail({}, "myRecord.closeFailed");
  }
  clearSignIn(context.session);
  addFlash(context.session, { kind: "status", key: "myRecord.closed" });
  // A new document: the tab keeps nothing of the patient (docs/decisions/088).
  return redirectDocument("/register");
}

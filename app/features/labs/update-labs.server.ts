import { redirect } from "react-router";
import { LabFormReason } from "../../../registry/contract";
import { addFlash } from "~/platform/auth.server";
import { validateUpdateLabs, type UpdateLabsAction } from "./update-labs-form";
import { keyToUse, rememberedKey, rememberKey } from "./lab-staff-key";
import type { Session } from "~/platform/session.server";
import { connectionLimitMessage, isConnectionLimit } from "~/forms/limits";
import { notSavedMessageKey } from "~/registry/client.server";
import { reach } from "~/registry/reach.server";
import { UPDATE_LABS_FIELDS, UPDATE_LABS_FORM } from "./update-labs-form-ids";
import { formFailure, inputFailure, textFields } from "~/forms/form.server";
import type { FieldErrors } from "~/forms/types";
import type { TextKey } from "~/texts/texts";
import type { PortalContext } from "~/platform/context";

/**
 * /update-labs (LAB-006, LAB-007): lab staff record that the lab received an order ('Update
 * Requisition') or that its results are in ('Process Lab Results'), with the lab staff key. The four toasts are
 * flash messages; a refusal keeps the requisition typed (never the key) and says which field is wrong. A registry
 * that cannot be reached is said in the form's error summary (no toast: the spec logs network errors only).
 */

const TOASTS: Record<UpdateLabsAction, { ok: TextKey; failed: TextKey }> = {
  requisition: { ok: "updateLabs.requisitionUpdated", failed: "updateLabs.requisitionFailed" },
  results: { ok: "updateLabs.resultsUpdated", failed: "updateLabs.resultsFailed" },
};

/**
 * The key this browser remembers (docs/decisions/045), or null; an entry past its limits is dropped from the
 * session here, so the cookie stops carrying it.
 */
export function sessionLabKey(session: Session, now = Date.now()): string | null {
  const entry = session.get("labStaffKey");
  const key = rememberedKey(entry, now);
  if (entry && !key) session.unset("labStaffKey");
  return key;
}

export async function updateLabsAction(form: FormData, context: PortalContext) {
  if (form.get("intent") === "forget-key") {
    context.session.unset("labStaffKey");
    addFlash(context.session, { kind: "status", key: "updateLabs.keyForgotten" });
    return redirect("/update-labs");
  }
  const typed = textFields(form, UPDATE_LABS_FIELDS);
  // The key is a secret: it never goes back into the page.
  const kept = { requisition: typed.requisition };
  const refused = inputFailure(UPDATE_LABS_FORM, typed, UPDATE_LABS_FIELDS);
  if (refused) return refused;
  // Nothing typed: the key this browser remembers, if any (docs/decisions/045).
  const chosen = keyToUse(typed.labStaffKey, sessionLabKey(context.session));
  const checked = validateUpdateLabs({ intent: form.get("intent"), requisition: typed.requisition, labStaffKey: chosen.key });
  if (!checked.ok) return formFailure(UPDATE_LABS_FORM, kept, checked.errors, UPDATE_LABS_FIELDS);
  const { action, requisition, labStaffKey } = checked.value;
  const toast = TOASTS[action];
  const sent = await reach(
    action === "requisition"
      ? context.registry.updateLabRequisition(requisition, labStaffKey, context.clientAddress)
      : context.registry.processLabResults(requisition, labStaffKey, context.clientAddress),
  );
  if (!sent.reached) return formFailure(UPDATE_LABS_FORM, kept, {}, UPDATE_LABS_FIELDS, { key: notSavedMessageKey(sent.error) }, 503);
  const answer = sent.answer;
  rememberAfter(context.session, labStaffKey, answer.success ? null : answer.errors?.form);
  if (answer.success) {
    addFlash(context.session, { kind: "status", key: toast.ok });
    return redirect("/update-labs");
  }
  // Too many wrong keys from this connection (docs/decisions/021): said in the form's summary, requisition kept.
  if (isConnectionLimit(answer)) return formFailure(UPDATE_LABS_FORM, kept, {}, UPDATE_LABS_FIELDS, connectionLimitMessage(answer.retryAfter), 429);
  addFlash(context.session, { kind: "alert", key: toast.failed });
  const reason = answer.errors?.form;
  const errors: FieldErrors =
    reason === LabFormReason.staffKeyInvalid
      ? { labStaffKey: "updateLabs.staffKeyInvalid" }
      : reason === LabFormReason.requisitionUnknown
        ? { requisition: "updateLabs.requisitionUnknown" }
        : {};
  // 200, not 400: after a refused post the page's data is loaded again, so the toast shows with JavaScript too.
  return formFailure(UPDATE_LABS_FORM, kept, errors, UPDATE_LABS_FIELDS, undefined, 200);
}

/**
 * The registry checks the key before anything else: a success or an unknown requisition means it took the key, which
 * is then remembered (its idle time starts again); a refused key is forgotten. Other answers (too many tries, the
 * registry down) change nothing.
 */
function rememberAfter(session: Session, key: string, refusal: string | null | undefined) {
  if (refusal === LabFormReason.staffKeyInvalid) session.unset("labStaffKey");
  else if (refusal === null || refusal === LabFormReason.requisitionUnknown)
    session.set("labStaffKey", rememberKey(session.get("labStaffKey"), key, Date.now()));
}

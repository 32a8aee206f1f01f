import { redirect } from "react-router";
import { LabFormReason } from "../../../registry/contract";
import { addFlash } from "~/platform/auth.server";
import { requireRole, requireStaffPerson } from "~/platform/staff-auth.server";
import { validateUpdateLabs, type UpdateLabsAction } from "./update-labs-form";
import { notSavedMessageKey } from "~/registry/client.server";
import { reach } from "~/registry/reach.server";
import { UPDATE_LABS_FIELDS, UPDATE_LABS_FORM, UPDATE_LABS_PATH } from "./update-labs-form-ids";
import { formFailure, inputFailure, textFields } from "~/forms/form.server";
import type { FieldErrors } from "~/forms/types";
import type { TextKey } from "~/texts/texts";
import type { PortalContext } from "~/platform/context";

/**
 * /update-labs (LAB-006, LAB-007; docs/decisions/133): a signed-in lab person records that the lab received an
 * order ('Update Requisition') or that its results are in ('Process Lab Results'). Not signed in: the staff sign-in;
 * no lab role: 404. The registry takes only an order of the person's lab: another lab's requisition is answered as
 * an unknown one. The four toasts are flash messages; a refusal keeps the requisition typed and says what is wrong.
 * A registry that cannot be reached is said in the form's error summary (no toast: the spec logs network errors only).
 */

const TOASTS: Record<UpdateLabsAction, { ok: TextKey; failed: TextKey }> = {
  requisition: { ok: "updateLabs.requisitionUpdated", failed: "updateLabs.requisitionFailed" },
  results: { ok: "updateLabs.resultsUpdated", failed: "updateLabs.resultsFailed" },
};

/** The page's loader: a signed-in lab person, or the staff sign-in (404 for a person without the lab role). */
export async function updateLabsPage(context: PortalContext): Promise<{ ok: true }> {
  const { person } = await requireStaffPerson(context);
  requireRole(person, "lab");
  return { ok: true };
}

export async function updateLabsAction(form: FormData, context: PortalContext) {
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "lab");
  const typed = textFields(form, UPDATE_LABS_FIELDS);
  const refused = inputFailure(UPDATE_LABS_FORM, typed, UPDATE_LABS_FIELDS);
  if (refused) return refused;
  const checked = validateUpdateLabs({ intent: form.get("intent"), requisition: typed.requisition });
  if (!checked.ok) return formFailure(UPDATE_LABS_FORM, typed, checked.errors, UPDATE_LABS_FIELDS);
  const { action, requisition } = checked.value;
  const toast = TOASTS[action];
  const sent = await reach(
    action === "requisition" ? context.registry.staffLab.received(token, requisition) : context.registry.staffLab.processResults(token, requisition),
  );
  if (!sent.reached) return formFailure(UPDATE_LABS_FORM, typed, {}, UPDATE_LABS_FIELDS, { key: notSavedMessageKey(sent.error) }, 503);
  const answer = sent.answer;
  if (answer.success) {
    addFlash(context.staffSession, { kind: "status", key: toast.ok });
    return redirect(UPDATE_LABS_PATH);
  }
  addFlash(context.staffSession, { kind: "alert", key: toast.failed });
  const errors: FieldErrors = answer.errors?.form === LabFormReason.requisitionUnknown ? { requisition: "updateLabs.requisitionUnknown" } : {};
  // 200, not 400: after a refused post the page's data is loaded again, so the toast shows with JavaScript too.
  return formFailure(UPDATE_LABS_FORM, typed, errors, UPDATE_LABS_FIELDS, undefined, 200);
}

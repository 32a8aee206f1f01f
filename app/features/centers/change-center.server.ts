import type { TextKey } from "~/texts/texts";
import { redirect } from "react-router";
import { LabFormReason, type Screening } from "../../../registry/contract";
import { addFlash, readPassRecord, withPatient } from "~/platform/auth.server";
import { changeCenterDecision, validateChangeCenterReason, type ChangeCenterDialogView } from "../../../registry/contract/change-center";
import { parseRegistryId } from "~/forms/registry-id";
import { CANCEL_CENTER_KEEP_MS, canChooseCenter } from "./select-center-view";
import { answerOr } from "~/registry/reach.server";
import { CHANGE_CENTER_FIELDS, CHANGE_CENTER_FORM } from "./change-center-form";
import { formFailure, inputFailure, textFields } from "~/forms/form.server";
import type { PortalContext } from "~/platform/context";

/**
 * The dashboard's change-center flow (CEN-009, CEN-010; PLT-007, PLT-010) and its
 * 'Request Labs' button (LAB-001, LAB-008). The dialogs open through /landing?change={screeningId}; the
 * Additional Center Registration answer is kept in the session for the selection that follows.
 */

/**
 * Which dialog ?change={id} opens (CEN-009): 'Please Give Additional Time' inside the 3-day wait, the Additional
 * Center Registration when the change closes out a referral, else straight to /select-center/{id}. An id that is
 * not one of the patient's screenings that can choose a center opens nothing.
 */
export function changeCenterDialog(screenings: readonly Screening[], param: string | null, now = new Date()): ChangeCenterDialogView | null {
  const id = parseRegistryId(param);
  const s = id === null ? undefined : screenings.find((x) => x.id === id);
  if (!s || !canChooseCenter(s)) return null;
  const decision = changeCenterDecision(s, now);
  if (decision.kind === "closeOutWarning") return { kind: "closeOut", screeningId: s.id, centerName: decision.centerName };
  if (decision.kind === "additionalCenter") return { kind: "additional", screeningId: s.id };
  throw redirect(decision.href);
}

/**
 * 'Continue' of the Additional Center Registration: 'This is required' for a missing reason, or for Other without
 * additional information; otherwise the answer is kept and the patient chooses the new center. The decision is
 * taken again first, so a change still inside the 3-day wait shows its warning instead.
 */
export async function changeCenterAction(form: FormData, context: PortalContext, now = new Date()) {
  const values = textFields(form, ["screeningId", ...CHANGE_CENTER_FIELDS]);
  const refused = inputFailure(CHANGE_CENTER_FORM, values, CHANGE_CENTER_FIELDS);
  if (refused) return refused;
  const record = await readPassRecord(context);
  if (!record) return formFailure(CHANGE_CENTER_FORM, values, {}, CHANGE_CENTER_FIELDS, { key: "errors.notSaved" }, 503);
  const dialog = changeCenterDialog(record.screeningList, values.screeningId, now);
  if (!dialog) return redirect("/landing");
  if (dialog.kind === "closeOut") return redirect(`/landing?change=${dialog.screeningId}`);
  const checked = validateChangeCenterReason({ reason: values.reason, other: values.other });
  if (!checked.ok) return formFailure(CHANGE_CENTER_FORM, values, checked.errors, CHANGE_CENTER_FIELDS);
  context.session.set("cancelCenter", {
    screeningId: dialog.screeningId,
    ...checked.value,
    expiresAt: now.getTime() + CANCEL_CENTER_KEEP_MS,
  });
  return redirect(`/select-center/${dialog.screeningId}`);
}

const ORDER_REFUSALS: Partial<Record<string, TextKey>> = {
  [LabFormReason.orderPending]: "labActions.orderPending",
  [LabFormReason.orderCurrent]: "labActions.orderCurrent",
  [LabFormReason.labsNotAvailable]: "labActions.notAvailable",
  [LabFormReason.optedOut]: "selectCenter.optedOut",
};

/** 'Request Labs' (LAB-001, LAB-008): POST order-labs again; the dashboard says how it went. */
export async function requestLabsAction(form: FormData, context: PortalContext) {
  const { session } = context;
  const screeningId = parseRegistryId(String(form.get("screeningId") ?? ""));
  if (screeningId === null) {
    addFlash(session, { kind: "alert", key: "labActions.requestFailed" });
    return redirect("/landing");
  }
  await withPatient(context, async ({ token, medicalRecordId }) => {
    const answer = await answerOr(context.registry.orderLabs(token, medicalRecordId, screeningId), null);
    if (answer?.success) addFlash(session, { kind: "status", key: "labActions.requested" });
    else addFlash(session, { kind: "alert", key: ORDER_REFUSALS[answer?.errors?.form ?? ""] ?? "labActions.requestFailed" });
  });
  return redirect("/landing");
}

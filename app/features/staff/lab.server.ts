import { data, redirect } from "react-router";
import { STAFF_LAB_STATES, type StaffLabOrder, type StaffLabOrderDetail, type StaffLabState } from "../../../registry/contract/staff-lab";
import { addFlash } from "~/platform/auth.server";
import type { PortalContext } from "~/platform/context";
import { requireRole, requireStaffPerson } from "~/platform/staff-auth.server";
import { unavailableMessageKey } from "~/registry/client.server";
import { reach } from "~/registry/reach.server";
import { formFailure, inputFailure, textFields } from "~/forms/form.server";
import type { FieldError } from "~/texts/text-key";
import { LAB_DECLINE_FIELDS, LAB_DECLINE_FORM, LAB_VALUES_FORM, labValueFields, valueErrors, valuesFromForm } from "./lab-form";

/**
 * The lab's area of the staff console (docs/decisions/133, "Lab"): the orders of the person's lab(s) by state, and
 * one order with approve, decline with a reason, the recorded values and 'results are in'. The registry checks the
 * person's lab on every call; another lab's order is a 404 there, and a 404 here.
 */

export type LabListData = { unavailable: true } | { unavailable: false; state: StaffLabState; orders: StaffLabOrder[] };

export function labState(asked: string | null): StaffLabState {
  return (STAFF_LAB_STATES as readonly string[]).includes(asked ?? "") ? (asked as StaffLabState) : "waiting";
}

const notFound = () => data({ message: "staffLab.notFound" }, { status: 404 });

/** GET /staff/lab?state=: the person's lab orders of one list. */
export async function labListData(context: PortalContext, state: StaffLabState): Promise<LabListData> {
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "lab");
  const sent = await reach(context.registry.staffLab.orders(token, state));
  if (!sent.reached) return { unavailable: true };
  if (sent.answer.status === 403) throw new Response("not found", { status: 404 });
  if (!sent.answer.results) return { unavailable: true };
  return { unavailable: false, state, orders: sent.answer.results };
}

function orderId(param: string | undefined): number {
  if (!/^[1-9]\d{0,9}$/.test(param ?? "")) throw notFound();
  return Number(param);
}

export type LabOrderData = { unavailable: true } | ({ unavailable: false } & StaffLabOrderDetail);

/** GET /staff/lab/orders/{id}: one order of the person's lab (404 for another lab's or an unknown one). */
export async function labOrderData(context: PortalContext, param: string | undefined): Promise<LabOrderData> {
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "lab");
  const sent = await reach(context.registry.staffLab.order(token, orderId(param)));
  if (!sent.reached) return { unavailable: true };
  if (sent.answer.status === 404 || sent.answer.status === 403) throw notFound();
  if (!sent.answer.results) return { unavailable: true };
  return { unavailable: false, ...sent.answer.results };
}

type Done = "staffLab.approved" | "staffLab.declined" | "staffLab.valuesRecorded" | "staffLab.resultsRecorded";

/** POST /staff/lab/orders/{id}: `intent` approve, decline (with a reason), values, results. */
export async function labOrderAction(form: FormData, context: PortalContext, param: string | undefined) {
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "lab");
  const id = orderId(param);
  const here = `/staff/lab/orders/${id}`;
  const intent = form.get("intent");
  const done = (key: Done) => {
    addFlash(context.staffSession, { kind: "status", key });
    return redirect(here);
  };
  /** A refusal of the registry: 404 as a 404 page, 409 (not waiting / not approved) said on the page. */
  const refusal = (answer: { status: number; errors?: Record<string, string> }) => {
    if (answer.status === 404 || answer.status === 403) throw notFound();
    const form = answer.errors?.form;
    return form === "staffLab.notWaiting" || form === "staffLab.notApproved" ? form : "staffConsole.failed";
  };
  const alert = (key: "staffLab.notWaiting" | "staffLab.notApproved" | "staffConsole.failed" | ReturnType<typeof unavailableMessageKey>) => {
    addFlash(context.staffSession, { kind: "alert", key });
    return redirect(here);
  };

  if (intent === "decline") {
    const values = textFields(form, LAB_DECLINE_FIELDS);
    const refused = inputFailure(LAB_DECLINE_FORM, values, LAB_DECLINE_FIELDS);
    if (refused) return refused;
    const fail = (error: FieldError | null, status = 400, message?: { key: ReturnType<typeof unavailableMessageKey> | "staffConsole.failed" }) =>
      formFailure(LAB_DECLINE_FORM, values, error ? { declineReason: error } : {}, LAB_DECLINE_FIELDS, message, status);
    if (!values.declineReason.trim()) return fail("staffLab.reasonRequired");
    const sent = await reach(context.registry.staffLab.decline(token, id, values.declineReason));
    if (!sent.reached) return fail(null, 503, { key: unavailableMessageKey(sent.error) });
    if (sent.answer.success) return done("staffLab.declined");
    if (sent.answer.status === 400) return fail((sent.answer.errors?.reason as FieldError | undefined) ?? "staffLab.reasonRequired");
    return alert(refusal(sent.answer));
  }

  if (intent === "values") {
    const names = labValueFields();
    const values = textFields(form, names);
    const refused = inputFailure(LAB_VALUES_FORM, values, names);
    if (refused) return refused;
    const typed = valuesFromForm(values);
    if (!typed.ok) return formFailure(LAB_VALUES_FORM, values, typed.errors, names);
    const sent = await reach(context.registry.staffLab.values(token, id, typed.values));
    if (!sent.reached) return formFailure(LAB_VALUES_FORM, values, {}, names, { key: unavailableMessageKey(sent.error) }, 503);
    if (sent.answer.success) return done("staffLab.valuesRecorded");
    if (sent.answer.status === 400) return formFailure(LAB_VALUES_FORM, values, valueErrors(sent.answer.errors, typed.rows), names);
    return alert(refusal(sent.answer));
  }

  if (intent !== "approve" && intent !== "results") throw notFound();
  const sent = await reach(intent === "approve" ? context.registry.staffLab.approve(token, id) : context.registry.staffLab.results(token, id));
  if (!sent.reached) return alert(unavailableMessageKey(sent.error));
  if (sent.answer.success) return done(intent === "approve" ? "staffLab.approved" : "staffLab.resultsRecorded");
  return alert(refusal(sent.answer));
}

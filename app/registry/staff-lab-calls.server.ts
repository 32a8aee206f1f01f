import { z } from "zod";
import { labValuesRecorded, type LabValueInput } from "../../registry/contract/labs";
import { staffLabOrder, staffLabOrderDetail, type StaffLabState } from "../../registry/contract/staff-lab";
import type { StaffCaller } from "./staff-calls.server";

/** A requisition in a path: trimmed, percent-encoded, "-" for none (the registry answers 400 for it). */
const requisitionPath = (requisition: string) => encodeURIComponent(requisition.trim() || "-");

/**
 * The lab's calls of the staff console (docs/decisions/133, "Lab"), with the signed-in lab person's token: the orders
 * of their lab(s), one order, approve, decline with a reason, values, results; and the two calls of /update-labs.
 */
/** Results schemas made once (registry/contract/envelope.ts keeps one envelope per results schema). */
const ordersResults = z.array(staffLabOrder);
const noResults = z.null();

export function staffLabCalls(call: StaffCaller) {
  return {
    orders: (token: string, state: StaffLabState) => call("GET", `/api/staff/lab/orders?state=${state}`, ordersResults, { token }),
    order: (token: string, id: number) => call("GET", `/api/staff/lab/orders/${id}`, staffLabOrderDetail, { token }),
    approve: (token: string, id: number) => call("POST", `/api/staff/lab/orders/${id}/approve`, staffLabOrder, { token }),
    decline: (token: string, id: number, reason: string) =>
      call("POST", `/api/staff/lab/orders/${id}/decline`, staffLabOrder, { token, body: { reason } }),
    values: (token: string, id: number, values: LabValueInput[]) =>
      call("POST", `/api/staff/lab/orders/${id}/values`, labValuesRecorded, { token, body: { values } }),
    results: (token: string, id: number) => call("POST", `/api/staff/lab/orders/${id}/results`, staffLabOrder, { token }),
    /** /update-labs: the lab received the order of this requisition (LAB-006). */
    received: (token: string, requisition: string) =>
      call("POST", `/api/pass/update-lab-requisition/${requisitionPath(requisition)}`, noResults, { token }),
    /** /update-labs: the results of this requisition are in (LAB-007). */
    processResults: (token: string, requisition: string) =>
      call("POST", `/api/pass/process-lab-results/${requisitionPath(requisition)}`, noResults, { token }),
  };
}
export type StaffLabCalls = ReturnType<typeof staffLabCalls>;

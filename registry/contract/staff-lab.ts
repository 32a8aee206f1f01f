import { z } from "zod";
import { LAB_VALUE_FLAGS } from "./labs";

/**
 * The lab's area of the staff console (docs/decisions/133, "Lab"): a lab's person sees the orders of their lab(s) —
 * waiting for approval (oldest first), approved, with results — approves or declines a waiting one, records the
 * values the lab reported and the results. Each order shows its dates and the patient's name and birth date (a lab
 * needs them to match a sample), no other health data. Another lab's order answers 404, as an unknown one.
 */

export const STAFF_LAB_STATES = ["waiting", "approved", "results"] as const;
export type StaffLabState = (typeof STAFF_LAB_STATES)[number];

/** GET /api/staff/lab/orders?state= */
export const staffLabOrdersQuery = z.object({
  state: z.enum(STAFF_LAB_STATES).optional().describe("Which orders: waiting for approval (the default), approved, with results."),
});

/** A declined order's reason: for the lab's staff, never sent to the patient. */
export const LAB_DECLINE_REASON_MAX = 500;

/** One order as the lab sees it; ISO times, dates YYYY-MM-DD. */
export const staffLabOrder = z.object({
  id: z.number().int(),
  labId: z.number().int(),
  lab: z.string(),
  state: z.enum(["waiting", "approved", "results", "declined", "closed"]),
  requisition: z.string().nullable(),
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  expiresOn: z.string().nullable(),
  receivedAt: z.string().nullable(),
  resultsAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  patient: z.object({ firstName: z.string(), lastName: z.string(), birthDate: z.string() }),
});
export type StaffLabOrder = z.infer<typeof staffLabOrder>;

/** A recorded value (contract/labs.ts LabValue). */
const recordedValue = z.object({
  name: z.string(),
  value: z.string(),
  unit: z.string(),
  referenceRange: z.string(),
  flag: z.enum(LAB_VALUE_FLAGS).nullable(),
});

/** GET /api/staff/lab/orders/{id}: the order and the values recorded for it. */
export const staffLabOrderDetail = z.object({ order: staffLabOrder, values: z.array(recordedValue) });
export type StaffLabOrderDetail = z.infer<typeof staffLabOrderDetail>;

/** POST /api/staff/lab/orders/{id}/decline */
export const staffLabDeclineBody = z.object({ reason: z.string().max(LAB_DECLINE_REASON_MAX * 2) });

/** `errors.form` keys of this area's refusals (the portal's texts: app/locales/*\/staff-lab.ts). */
export const StaffLabReason = {
  /** 409: the order is not waiting for approval any more (approved, declined or replaced meanwhile). */
  notWaiting: "staffLab.notWaiting",
  /** 409: the order is not approved (values and results need its requisition number), or it was replaced. */
  notApproved: "staffLab.notApproved",
} as const;
export type StaffLabReasonValue = (typeof StaffLabReason)[keyof typeof StaffLabReason];

export const StaffLabMessage: Record<StaffLabReasonValue | "approved" | "declined" | "resultsRecorded", string> = {
  "staffLab.notWaiting": "This lab order is not waiting for approval",
  "staffLab.notApproved": "This lab order is not approved",
  approved: "Lab order approved",
  declined: "Lab order declined",
  resultsRecorded: "Lab results recorded",
};

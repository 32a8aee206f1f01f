import { z } from "zod";
import { RegistryMessage } from "../contract/envelope";
import { labValuesBody, labValuesRecorded, LabValuesMessage } from "../contract/labs";
import { StaffRole } from "../contract/staff-accounts";
import {
  LAB_DECLINE_REASON_MAX,
  staffLabDeclineBody,
  staffLabOrder,
  staffLabOrderDetail,
  staffLabOrdersQuery,
  StaffLabMessage,
  StaffLabReason,
  type StaffLabOrder,
  type StaffLabState,
} from "../contract/staff-lab";
import { textProblem } from "../contract/text-rules";
import { ValidationKey } from "../contract/validation-keys";
import { declineLabOrder, findLabOrderForLab, labOrdersOfLabs, pendingLabOrders, type LabOrderForLab } from "../data/lab-orders";
import { labResultValues } from "../data/lab-result-values";
import { readJsonObject } from "../http/body";
import type { Ctx } from "../http/context";
import { ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { auditStaff, requireGrant, type GrantOf, type SignedInStaff } from "../http/staff";
import { checkLabValues, problemErrors } from "../domain/lab-values";
import { journeyText, labOrderDeclinedEmail } from "../messages/compose";
import { notifyPatient } from "../outbox/channels";
import { recordLabValues } from "./lab-results";
import { approveLabOrders } from "./labs-approval";
import { recordResultsOf } from "./labs";
import { labGrantOf, refuseLabOrder, staffActor } from "./staff-lab-access";

/**
 * The lab's area of the staff console (docs/decisions/133, "Lab"). Every call: a signed-in person with a lab grant
 * (403 audited otherwise, http/staff.ts), then the order of one of their labs: an unknown order and another lab's
 * answer the same 404, written to the audit as `staff.refused` naming the person. Every read of an order (the list
 * writes one row per patient listed) and every action is audited under the person's lab grant.
 */

type LabGrant = GrantOf<typeof StaffRole.lab>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function stateOf(o: LabOrderForLab): StaffLabOrder["state"] {
  if (o.declinedAt) return "declined";
  if (o.resultsAt) return "results";
  if (o.supersededAt) return "closed";
  return o.approvedAt ? "approved" : "waiting";
}

function view(o: LabOrderForLab): StaffLabOrder {
  return {
    id: o.id,
    labId: o.labId,
    lab: o.labName,
    state: stateOf(o),
    requisition: o.requisition,
    requestedAt: o.requestedAt.toISOString(),
    approvedAt: iso(o.approvedAt),
    expiresOn: o.expiresOn,
    receivedAt: iso(o.receivedAt),
    resultsAt: iso(o.resultsAt),
    declinedAt: iso(o.declinedAt),
    declineReason: o.declineReason,
    patient: { firstName: o.firstName, lastName: o.lastName, birthDate: o.birthDate },
  };
}

/** The order of `params.orderId` if it is of one of the person's labs; else 404, audited. */
async function labOrder(ctx: Ctx, params: Record<string, string>): Promise<{ staff: SignedInStaff; grant: LabGrant; order: LabOrderForLab }> {
  const { staff, grant: anyLab } = await requireGrant(ctx, StaffRole.lab);
  const id = /^[1-9]\d{0,9}$/.test(params.orderId ?? "") ? Number(params.orderId) : null;
  const order = id ? await findLabOrderForLab(ctx.db, id) : null;
  const grant = order && labGrantOf(staff, order.labId);
  if (!order || !grant) {
    await refuseLabOrder(ctx, staff, anyLab, { labOrderId: id ?? 0 });
    throw new Refusal(404, RegistryMessage.notFound);
  }
  return { staff, grant, order };
}

/** The order as it is now, read again after a change. */
async function answerOrder(ctx: Ctx, orderId: number, message: string): Promise<Response> {
  return ok(view((await findLabOrderForLab(ctx.db, orderId))!), message);
}

/** GET /api/staff/lab/orders?state=waiting|approved|results: the orders of the person's labs. */
async function list(ctx: Ctx): Promise<Response> {
  const { staff, grant } = await requireGrant(ctx, StaffRole.lab);
  const asked = ctx.url.searchParams.get("state");
  const state: StaffLabState = asked === "approved" || asked === "results" ? asked : "waiting";
  const labIds = staff.grants.flatMap((g) => (g.role === StaffRole.lab ? [g.labId] : []));
  const orders = await labOrdersOfLabs(ctx.db, labIds, state);
  const at = ctx.now();
  for (const o of orders) {
    await auditStaff(ctx.db, staff, labGrantOf(staff, o.labId) ?? grant, "labs.order.list", {
      at,
      medicalRecordId: o.medicalRecordId,
      detail: { labOrderId: o.id, state },
    });
  }
  return ok(orders.map(view));
}

/** GET /api/staff/lab/orders/{orderId}: one order and the values recorded for it. */
async function read(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { staff, grant, order } = await labOrder(ctx, params);
  const values = await labResultValues(ctx.db, order.id);
  await auditStaff(ctx.db, staff, grant, "labs.order.read", {
    at: ctx.now(),
    medicalRecordId: order.medicalRecordId,
    detail: { labOrderId: order.id },
  });
  return ok({ order: view(order), values });
}

/** POST /api/staff/lab/orders/{orderId}/approve: as `approve-labs` (requisition number, 90 days, the patient's message). */
async function approve(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { staff, grant, order } = await labOrder(ctx, params);
  const now = ctx.now();
  const approved = await ctx.db.transaction(async (tx) => {
    const due = await pendingLabOrders(tx, { orderId: order.id });
    return due.length ? approveLabOrders(tx, ctx.settings, due, "staff", now, staffActor(staff, grant)) : [];
  });
  if (!approved.length) throw new Refusal(409, StaffLabMessage[StaffLabReason.notWaiting], { form: StaffLabReason.notWaiting });
  return answerOrder(ctx, order.id, StaffLabMessage.approved);
}

/**
 * POST /api/staff/lab/orders/{orderId}/decline {reason}: a waiting order is closed with the reason (kept for the
 * lab's staff); the patient is told by email or text that it was not approved and may request labs again; no reason
 * is sent (it may say something medical). 400 errors.reason; 409 notWaiting.
 */
async function decline(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { staff, grant, order } = await labOrder(ctx, params);
  const body = staffLabDeclineBody.safeParse(await readJsonObject(ctx.request));
  const reason = body.success ? body.data.reason.trim() : "";
  const problem = !reason ? ValidationKey.required : textProblem(reason, { max: LAB_DECLINE_REASON_MAX, multiline: true });
  if (problem) throw new Refusal(400, RegistryMessage.badRequest, { reason: problem });
  const now = ctx.now();
  const declined = await ctx.db.transaction(async (tx) => {
    if (!(await declineLabOrder(tx, { orderId: order.id, reason, now }))) return false;
    await notifyPatient(
      tx,
      ctx.settings,
      order.medicalRecordId,
      "labs",
      {
        email: (lang, to) => labOrderDeclinedEmail(lang, to, `${ctx.settings.publicUrl}/landing`),
        text: (lang, to) => journeyText(lang, to, "labOrderDeclined"),
      },
      now,
    );
    await auditStaff(tx, staff, grant, "labs.order.decline", { at: now, medicalRecordId: order.medicalRecordId, detail: { labOrderId: order.id } });
    return true;
  });
  if (!declined) throw new Refusal(409, StaffLabMessage[StaffLabReason.notWaiting], { form: StaffLabReason.notWaiting });
  return answerOrder(ctx, order.id, StaffLabMessage.declined);
}

/** An approved order still open (or with results): values and results need its requisition number. */
function requireApproved(order: LabOrderForLab): void {
  if (!order.approvedAt || (order.supersededAt && !order.resultsAt)) {
    throw new Refusal(409, StaffLabMessage[StaffLabReason.notApproved], { form: StaffLabReason.notApproved });
  }
}

/** POST /api/staff/lab/orders/{orderId}/values {values}: as `record-lab-values` (replaces the whole set). */
async function values(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { staff, grant, order } = await labOrder(ctx, params);
  requireApproved(order);
  const body = await readJsonObject(ctx.request);
  const checked = checkLabValues(body.values);
  if (!checked.ok) throw new Refusal(400, RegistryMessage.badRequest, problemErrors(checked.problems));
  const { recorded } = await recordLabValues(ctx.db, order, checked.values, ctx.now(), staffActor(staff, grant));
  return ok({ recorded }, LabValuesMessage.recorded);
}

/** POST /api/staff/lab/orders/{orderId}/results: as process-lab-results (the registration is sent to the center). */
async function results(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { staff, grant, order } = await labOrder(ctx, params);
  requireApproved(order);
  await recordResultsOf(ctx, order, staffActor(staff, grant));
  return answerOrder(ctx, order.id, StaffLabMessage.resultsRecorded);
}

const answered = { auth: "staff", answer: staffLabOrder } as const;

export const staffLabRoutes: Route<Ctx>[] = [
  {
    method: "GET",
    pattern: "/api/staff/lab/orders",
    handle: list,
    doc: {
      summary: "Lab staff: the orders of their lab(s): waiting for approval (oldest first), approved, or with results.",
      auth: "staff",
      query: staffLabOrdersQuery,
      answer: z.array(staffLabOrder),
    },
  },
  {
    method: "GET",
    pattern: "/api/staff/lab/orders/:orderId",
    handle: read,
    doc: {
      summary: "Lab staff: one order of their lab and its recorded values (404 for another lab's).",
      auth: "staff",
      answer: staffLabOrderDetail,
    },
  },
  {
    method: "POST",
    pattern: "/api/staff/lab/orders/:orderId/approve",
    handle: approve,
    doc: { summary: "Lab staff: approves a waiting order (requisition number, valid 90 days; the patient is told).", ...answered },
  },
  {
    method: "POST",
    pattern: "/api/staff/lab/orders/:orderId/decline",
    handle: decline,
    doc: { summary: "Lab staff: declines a waiting order with a reason (the patient is told, without it).", body: staffLabDeclineBody, ...answered },
  },
  {
    method: "POST",
    pattern: "/api/staff/lab/orders/:orderId/values",
    handle: values,
    doc: {
      summary: "Lab staff: records the values the lab reported (replaces the set).",
      auth: "staff",
      body: labValuesBody,
      answer: labValuesRecorded,
    },
  },
  {
    method: "POST",
    pattern: "/api/staff/lab/orders/:orderId/results",
    handle: results,
    doc: { summary: "Lab staff: the results are in; the registration is sent to the center and the patient told.", ...answered },
  },
];

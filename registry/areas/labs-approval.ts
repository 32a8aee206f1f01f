import { audit, type Actor } from "../data/audit";
import { approveLabOrder, pendingLabOrders, placeLabOrder, requisitionTaken, type PendingLabOrder } from "../data/lab-orders";
import type { Db } from "../db/types";
import { approvalCutoff, expiryDate, newRequisition } from "../domain/lab-orders";
import { journeyText, labOrderApprovedEmail } from "../messages/compose";
import { patientDate } from "../contract/patient-dates";
import { notifyPatient } from "../outbox/channels";
import type { RegistrySettings } from "../settings";

/**
 * Placing and approving lab orders (LAB-002), shared by the patient calls, the staff command `approve-labs` and
 * the automatic approval after LAB_APPROVAL_DELAY.
 */

export type ApprovedLabOrder = { orderId: number; screeningId: number; medicalRecordId: number; requisition: string; expiresOn: string };

/** A requisition number no order has yet (the unique index is the last guard). */
async function freshRequisition(db: Db): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const candidate = newRequisition();
    if (!(await requisitionTaken(db, candidate))) return candidate;
  }
  throw new Error("no free requisition number");
}

/**
 * Approves waiting orders (already locked by pendingLabOrders): a requisition number, an expiry 90 days out, the
 * 'lab order is ready' email (an automated message: not to opted-out patients, PLT-016) and an audit entry each.
 */
export async function approveLabOrders(
  db: Db,
  settings: RegistrySettings,
  orders: readonly PendingLabOrder[],
  by: "staff" | "automatic",
  now: Date,
  staffActor?: Actor,
): Promise<ApprovedLabOrder[]> {
  const approved: ApprovedLabOrder[] = [];
  // "staff": the approve-labs command (an operator on the server), or a lab's person on the console (`staffActor`).
  const actor: Actor = by === "staff" ? (staffActor ?? { kind: "operator" }) : { kind: "system" };
  for (const order of orders) {
    const requisition = await freshRequisition(db);
    const expiresOn = expiryDate(now);
    if (!(await approveLabOrder(db, { orderId: order.id, by, requisition, expiresOn, now }))) continue;
    await notifyPatient(
      db,
      settings,
      order.medicalRecordId,
      "labs",
      {
        email: (lang, to) => labOrderApprovedEmail(lang, to, patientDate(expiresOn, lang), `${settings.publicUrl}/landing`),
        text: (lang, to) => journeyText(lang, to, "labOrderReady"),
      },
      now,
    );
    await audit(db, {
      actor,
      action: "labs.order.approve",
      medicalRecordId: order.medicalRecordId,
      detail: { labOrderId: order.id, by },
      at: now,
    });
    approved.push({ orderId: order.id, screeningId: order.screeningId, medicalRecordId: order.medicalRecordId, requisition, expiresOn });
  }
  return approved;
}

/** Approves the orders due under LAB_APPROVAL_DELAY (all, or one screening's); none when the delay is `never`. */
export async function approveDueLabOrders(db: Db, settings: RegistrySettings, now: Date, screeningId?: number): Promise<ApprovedLabOrder[]> {
  const cutoff = approvalCutoff(settings.labApprovalDelayMinutes, now);
  if (!cutoff) return [];
  return db.transaction(async (tx) => {
    const due = await pendingLabOrders(tx, { requestedBy: cutoff, ...(screeningId === undefined ? {} : { screeningId }) });
    return due.length ? approveLabOrders(tx, settings, due, "automatic", now) : [];
  });
}

/**
 * Places a lab order for a screening (in the caller's transaction) and, when LAB_APPROVAL_DELAY is 0, approves it at
 * once (demo mode).
 */
export async function placeLabOrderFor(db: Db, settings: RegistrySettings, screeningId: number, medicalRecordId: number, now: Date): Promise<number> {
  const orderId = await placeLabOrder(db, screeningId, now);
  await audit(db, {
    actor: { kind: "patient", id: medicalRecordId },
    action: "labs.order.place",
    medicalRecordId,
    detail: { labOrderId: orderId, screeningId },
    at: now,
  });
  if (settings.labApprovalDelayMinutes === 0) {
    await approveLabOrders(db, settings, [{ id: orderId, screeningId, medicalRecordId, requestedAt: now }], "automatic", now);
  }
  return orderId;
}

/**
 * The automatic approval in a running registry: every minute, the orders due under LAB_APPROVAL_DELAY are approved
 * (so the dashboard shows 'Download Labs' without anyone asking). Nothing runs when the delay is `never` or 0 (0
 * approves when the order is placed). The patient's lab calls also approve their own due order on the spot.
 */
export function startLabApprovalSweep(
  db: Db,
  settings: RegistrySettings,
  log: (entry: Record<string, unknown>) => void,
  intervalMs = 60_000,
): { stop(): void } {
  const delay = settings.labApprovalDelayMinutes;
  if (delay === null || delay === undefined || delay === 0) return { stop() {} };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    approveDueLabOrders(db, settings, new Date())
      .then((approved) => {
        if (approved.length) log({ level: "info", event: "labs.approved.automatic", count: approved.length });
      })
      .catch((error: unknown) =>
        log({ level: "error", event: "labs.approval-sweep.failed", error: error instanceof Error ? error.name : typeof error }),
      )
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

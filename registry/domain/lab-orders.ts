import { randomInt } from "node:crypto";
import { LabFormReason, LabIssue, REQUISITION_ALPHABET, REQUISITION_LENGTH, type LabFormReasonValue, type LabIssueKey } from "../contract/labs";
import { RegistrationStatus } from "../contract/enums";
import { LAB_REQUEST_WINDOW_DAYS } from "../contract/limits";

/**
 * The lab order rules of LAB-001, LAB-002, LAB-003, LAB-004 (no SQL): when an order may be placed, what a patient
 * can download, when an order is approved automatically, and its requisition number and expiry.
 */

/** An order is valid for 90 days from its approval (LAB-002). */
export const LAB_ORDER_VALID_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the rules read of a screening's newest lab order. */
export type OrderFacts = {
  requestedAt: Date;
  approvedAt: Date | null;
  /** YYYY-MM-DD, the last day the order is valid; null until approved. */
  expiresOn: string | null;
};

/** What the rules read of a screening and its patient. */
export type LabFacts = {
  status: number;
  preferredCenterId: number;
  isOptedOut: boolean;
  /** The screening's newest order, or null. */
  order: OrderFacts | null;
};

export type OrderState = "none" | "pending" | "approved" | "expired";

/** The last day of an order approved at `approvedAt`: 90 days later (UTC), YYYY-MM-DD. */
export function expiryDate(approvedAt: Date): string {
  return new Date(approvedAt.getTime() + LAB_ORDER_VALID_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/** An expiry date is valid through the whole of that day (UTC), as the portal reads it. */
export function isExpired(expiresOn: string, now: Date): boolean {
  return now.getTime() >= Date.parse(`${expiresOn}T00:00:00Z`) + DAY_MS;
}

export function orderState(order: OrderFacts | null, now: Date): OrderState {
  if (!order) return "none";
  if (!order.approvedAt || !order.expiresOn) return "pending";
  return isExpired(order.expiresOn, now) ? "expired" : "approved";
}

/** The lab step: a center is chosen and the registration waits for its lab tests. */
const atLabStep = (f: LabFacts) => f.status === RegistrationStatus.CompleteLabTests && f.preferredCenterId > 0;

/**
 * 'Request Labs' (POST order-labs), first match wins: opted out; not at the lab step (CompleteLabTests with a
 * center); an order waiting for approval requested within the last 7 days; an approved order not yet expired.
 * Null = a new order may be placed (none yet, the last one expired, or it waited more than 7 days).
 */
export function orderLabsRefusal(f: LabFacts, now: Date): LabFormReasonValue | null {
  if (f.isOptedOut) return LabFormReason.optedOut;
  if (!atLabStep(f)) return LabFormReason.labsNotAvailable;
  const state = orderState(f.order, now);
  if (state === "pending" && now.getTime() - f.order!.requestedAt.getTime() <= LAB_REQUEST_WINDOW_DAYS * DAY_MS) return LabFormReason.orderPending;
  if (state === "approved") return LabFormReason.orderCurrent;
  return null;
}

/**
 * Why there are no lab orders to download (LAB-003), in this order: opted out; the registration is
 * not at the lab step or beyond (CompleteLabTests or SentToCenter); no center; no order; the order expired.
 * Empty = the order is there: ready when approved, else pending.
 */
export function labTestsIssues(f: LabFacts, now: Date): LabIssueKey[] {
  if (f.isOptedOut) return [LabIssue.optedOut];
  const issues: LabIssueKey[] = [];
  if (f.status !== RegistrationStatus.CompleteLabTests && f.status !== RegistrationStatus.SentToCenter) issues.push(LabIssue.wrongStatus);
  if (f.preferredCenterId <= 0) issues.push(LabIssue.noCenter);
  if (issues.length) return issues;
  const state = orderState(f.order, now);
  if (state === "none") return [LabIssue.noOrder];
  if (state === "expired") return [LabIssue.orderExpired];
  return [];
}

/**
 * Why there are no lab results to download (LAB-004): results, once recorded, can always be downloaded; without
 * them, a screening that never had a lab order has nothing to wait for (noOrder); otherwise they are pending.
 */
export function labResultsIssues(f: { hasResults: boolean; hasOrder: boolean }): LabIssueKey[] {
  return f.hasResults || f.hasOrder ? [] : [LabIssue.noOrder];
}

/** LAB_APPROVAL_DELAY (LAB-002): a waiting order is approved automatically `delay` minutes after its request; null = never. */
export function dueForAutomaticApproval(requestedAt: Date, delayMinutes: number | null | undefined, now: Date): boolean {
  if (delayMinutes === null || delayMinutes === undefined) return false;
  return requestedAt.getTime() + delayMinutes * 60_000 <= now.getTime();
}

/** The latest request time that is due under `delayMinutes` at `now` (for a query over many orders); null = never. */
export function approvalCutoff(delayMinutes: number | null | undefined, now: Date): Date | null {
  if (delayMinutes === null || delayMinutes === undefined) return null;
  return new Date(now.getTime() - delayMinutes * 60_000);
}

/** A new requisition number: REQUISITION_LENGTH characters of REQUISITION_ALPHABET, from a CSPRNG. */
export function newRequisition(): string {
  let out = "";
  for (let i = 0; i < REQUISITION_LENGTH; i++) out += REQUISITION_ALPHABET[randomInt(REQUISITION_ALPHABET.length)];
  return out;
}

/**
 * What process-lab-results does to the registration status (LAB-007): a registration at the center or lab step
 * moves to SentToCenter; one that was re-screened meanwhile to Screening, RuledOut or IfPassCandidate keeps its status
 * (the results are still recorded).
 */
export function statusAfterResults(status: number): number {
  return status === RegistrationStatus.SelectCenter || status === RegistrationStatus.CompleteLabTests || status === RegistrationStatus.SentToCenter
    ? RegistrationStatus.SentToCenter
    : status;
}

/** Confirming a center (CEN-008): CompleteLabTests unless the registration is already SentToCenter. */
export function statusAfterCenterSelection(status: number): number {
  return status === RegistrationStatus.SentToCenter ? status : RegistrationStatus.CompleteLabTests;
}

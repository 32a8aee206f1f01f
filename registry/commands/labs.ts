import { PDFDocument } from "@cantoo/pdf-lib";
import { isRequisitionFormat, normalizeRequisition } from "../contract/labs";
import { audit } from "../data/audit";
import { attachLabResults, findLabOrderByRequisition, listLabOrders, pendingLabOrders, type LabOrderOverview } from "../data/lab-orders";
import type { Db } from "../db/types";
import { isExpired } from "../domain/lab-orders";
import { approveLabOrders, type ApprovedLabOrder } from "../areas/labs-approval";
import { recordLabValues } from "../areas/lab-results";
import { checkLabValues } from "../domain/lab-values";
import { parseLabValuesFile } from "../domain/lab-values-file";
import type { RegistrySettings } from "../settings";

/**
 * Staff commands of the lab orders (LAB-002, LAB-006, LAB-007, PLT-014): approve-labs, attach-lab-results, record-lab-values,
 * list-lab-orders.
 */

export type ApproveTarget = { all: true } | { orderId: number } | { screeningId: number };

/**
 * Approves waiting lab orders: one (by its order id, as list-lab-orders shows it), a screening's, or all of them.
 * Requisition numbers exist only from approval on, so an order waiting for approval is named by its id.
 * Throws when the named order is not waiting; answers an empty list when nothing waits.
 */
export async function approveLabs(db: Db, settings: RegistrySettings, target: ApproveTarget, now: Date = new Date()): Promise<ApprovedLabOrder[]> {
  return db.transaction(async (tx) => {
    const waiting = await pendingLabOrders(tx, "screeningId" in target ? { screeningId: target.screeningId } : {});
    const chosen = "orderId" in target ? waiting.filter((o) => o.id === target.orderId) : waiting;
    if ("orderId" in target && chosen.length === 0) throw new Error(`lab order ${target.orderId} is not waiting for approval (see list-lab-orders)`);
    return approveLabOrders(tx, settings, chosen, "staff", now);
  });
}

/** Largest results PDF accepted (the database keeps it). */
export const MAX_RESULTS_PDF_BYTES = 10 * 1024 * 1024;

/** Checks that bytes are a PDF that opens (header, size, pdf-lib can load it); answers a problem or null. */
export async function pdfProblem(bytes: Uint8Array): Promise<string | null> {
  if (bytes.byteLength === 0) return "the file is empty";
  if (bytes.byteLength > MAX_RESULTS_PDF_BYTES) return `the file is larger than ${MAX_RESULTS_PDF_BYTES / 1024 / 1024} MB`;
  if (Buffer.from(bytes.subarray(0, 5)).toString("latin1") !== "%PDF-") return "the file is not a PDF (it does not start with %PDF-)";
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    if (doc.getPageCount() === 0) return "the PDF has no pages";
  } catch {
    return "the PDF cannot be read";
  }
  return null;
}

/**
 * Attaches a results PDF to the approved order with this requisition number: process-lab-results then serves it
 * instead of a generated summary (and, when the results were already recorded, it replaces the summary).
 */
export async function attachResults(
  db: Db,
  requisitionInput: string,
  bytes: Uint8Array,
  now: Date = new Date(),
): Promise<{ orderId: number; requisition: string; bytes: number }> {
  const requisition = normalizeRequisition(requisitionInput);
  if (!isRequisitionFormat(requisition)) throw new Error(`"${requisitionInput}" is not a requisition number`);
  const problem = await pdfProblem(bytes);
  if (problem) throw new Error(`not attached: ${problem}`);
  return db.transaction(async (tx) => {
    const order = await findLabOrderByRequisition(tx, requisition);
    if (!order) throw new Error(`no lab order has the requisition number ${requisition}`);
    await attachLabResults(tx, order.id, bytes, now);
    await audit(tx, {
      actor: { kind: "operator" },
      action: "labs.results.attach",
      detail: { labOrderId: order.id, bytes: bytes.byteLength },
      at: now,
    });
    return { orderId: order.id, requisition, bytes: bytes.byteLength };
  });
}

/**
 * record-lab-values (docs/decisions/044): the values of a CSV or JSON file, checked as the registry call checks them,
 * recorded for the approved order with this requisition number (replacing earlier ones). Nothing is recorded when any
 * value is wrong; the error names each problem by its line (CSV) or position (JSON).
 */
export async function recordValuesFromFile(
  db: Db,
  requisitionInput: string,
  fileName: string,
  text: string,
  now: Date = new Date(),
): Promise<{ orderId: number; requisition: string; recorded: number; summaryReplaced: boolean }> {
  const requisition = normalizeRequisition(requisitionInput);
  if (!isRequisitionFormat(requisition)) throw new Error(`"${requisitionInput}" is not a requisition number`);
  const file = parseLabValuesFile(fileName, text);
  if (!file.ok) throw new Error(`not recorded: ${file.error}`);
  const checked = checkLabValues(file.rows);
  if (!checked.ok) {
    const lines = checked.problems.map((p) => {
      const index = /^values\.(\d+)/.exec(p.path)?.[1];
      return `  ${index === undefined ? "the file" : file.where[Number(index)]}: ${p.reason}`;
    });
    const count = checked.problems.length;
    throw new Error(`not recorded, ${count} problem${count > 1 ? "s" : ""}:\n${lines.join("\n")}`);
  }
  const order = await findLabOrderByRequisition(db, requisition);
  if (!order) throw new Error(`no lab order has the requisition number ${requisition}`);
  const done = await recordLabValues(db, order, checked.values, now, { kind: "operator" });
  return { orderId: order.id, requisition, ...done };
}

export function orderStateText(o: LabOrderOverview, now: Date): string {
  if (o.supersededAt) return "superseded";
  if (o.resultsAt) return "results recorded";
  if (!o.approvedAt) return "waiting for approval";
  if (o.expiresOn && isExpired(o.expiresOn, now)) return "expired";
  return o.receivedAt ? "received by the lab" : "approved";
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace("T", " ") : "-");

/** list-lab-orders: one line per order, newest first — ids, dates and states only, never names or results. */
export async function labOrdersReport(db: Db, now: Date = new Date()): Promise<string> {
  const orders = await listLabOrders(db);
  if (orders.length === 0) return "No lab orders.\n";
  const header = ["order", "screening", "record", "requested (UTC)", "state", "requisition", "valid until", "results document"];
  const rows = orders.map((o) => [
    String(o.id),
    String(o.screeningId),
    String(o.medicalRecordId),
    day(o.requestedAt),
    orderStateText(o, now),
    o.requisition ?? "-",
    o.expiresOn ?? "-",
    o.hasResultsDocument ? (o.resultsSource ?? "-") : "-",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n") + "\n";
}

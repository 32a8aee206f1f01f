import type { Db } from "../db/types";

/**
 * Lab orders (table lab_orders, migration 0004; LAB-002) and the screening's lab columns that mirror its current
 * order for the screening list item (labs_ordered, prescription_request_date_time, prescription_expiration_date,
 * prescription_download_date_time, labs_uploaded_date_time).
 */

export type LabOrder = {
  id: number;
  /** The lab the order goes to (docs/decisions/126). */
  labId: number;
  screeningId: number;
  requestedAt: Date;
  approvedAt: Date | null;
  approvedBy: "staff" | "automatic" | null;
  requisition: string | null;
  /** YYYY-MM-DD. */
  expiresOn: string | null;
  supersededAt: Date | null;
  downloadedAt: Date | null;
  receivedAt: Date | null;
  resultsAt: Date | null;
  resultsSource: "attached" | "generated" | null;
};

type Row = {
  id: number;
  lab_id: number;
  screening_id: number;
  requested_at: Date;
  approved_at: Date | null;
  approved_by: "staff" | "automatic" | null;
  requisition: string | null;
  expires_on: string | null;
  superseded_at: Date | null;
  downloaded_at: Date | null;
  received_at: Date | null;
  results_at: Date | null;
  results_source: "attached" | "generated" | null;
};

/** The order columns of Row, of the table aliased `o`. */
const COLUMNS = `o.id, o.lab_id, o.screening_id, o.requested_at, o.approved_at, o.approved_by, o.requisition,
  to_char(o.expires_on, 'YYYY-MM-DD') as expires_on, o.superseded_at, o.downloaded_at, o.received_at, o.results_at, o.results_source`;

function toOrder(r: Row): LabOrder {
  return {
    id: r.id,
    labId: r.lab_id,
    screeningId: r.screening_id,
    requestedAt: r.requested_at,
    approvedAt: r.approved_at,
    approvedBy: r.approved_by,
    requisition: r.requisition,
    expiresOn: r.expires_on,
    supersededAt: r.superseded_at,
    downloadedAt: r.downloaded_at,
    receivedAt: r.received_at,
    resultsAt: r.results_at,
    resultsSource: r.results_source,
  };
}

/** The screening's current order (the newest one; older ones are superseded), or null. */
export async function currentLabOrder(db: Db, screeningId: number): Promise<LabOrder | null> {
  const rows = await db.query<Row>(`select ${COLUMNS} from lab_orders o where o.screening_id = $1 order by o.id desc limit 1`, [
    screeningId,
  ]);
  return rows[0] ? toOrder(rows[0]) : null;
}

/** Every order of these screenings, superseded ones too, oldest first (the patient's record download, ACC-043). */
export async function labOrdersOfScreenings(db: Db, screeningIds: readonly number[]): Promise<LabOrder[]> {
  if (screeningIds.length === 0) return [];
  const rows = await db.query<Row>(`select ${COLUMNS} from lab_orders o where o.screening_id = any($1::integer[]) order by o.id`, [
    [...screeningIds],
  ]);
  return rows.map(toOrder);
}

/** The approved order with this requisition number, or null. */
export async function findLabOrderByRequisition(db: Db, requisition: string): Promise<LabOrder | null> {
  const rows = await db.query<Row>(`select ${COLUMNS} from lab_orders o where o.requisition = $1`, [requisition]);
  return rows[0] ? toOrder(rows[0]) : null;
}

export async function requisitionTaken(db: Db, requisition: string): Promise<boolean> {
  return (await db.query("select 1 from lab_orders where requisition = $1", [requisition])).length > 0;
}

/**
 * Places a new order for a screening: earlier open orders are superseded, and the screening's lab columns describe the
 * new one (ordered, requested now, no expiry or download yet). Answers the order id.
 */
export async function placeLabOrder(db: Db, screeningId: number, now: Date): Promise<number> {
  await db.query("update lab_orders set superseded_at = $2, updated_at = $2 where screening_id = $1 and superseded_at is null", [
    screeningId,
    now,
  ]);
  const [row] = await db.query<{ id: number }>(
    "insert into lab_orders (screening_id, requested_at, created_at, updated_at) values ($1, $2, $2, $2) returning id",
    [screeningId, now],
  );
  await db.query(
    `update screenings set labs_ordered = true, prescription_request_date_time = $2, prescription_expiration_date = null,
            prescription_download_date_time = null, updated_at = $2
      where id = $1`,
    [screeningId, now],
  );
  return row!.id;
}

/**
 * Approves a waiting order with its requisition number and last valid day; the screening shows the expiry when the
 * order is its current one. Answers false when the order was not waiting any more (approved or superseded meanwhile).
 */
export async function approveLabOrder(
  db: Db,
  a: { orderId: number; by: "staff" | "automatic"; requisition: string; expiresOn: string; now: Date },
): Promise<boolean> {
  const rows = await db.query<{ screening_id: number }>(
    `update lab_orders set approved_at = $2, approved_by = $3, requisition = $4, expires_on = $5, updated_at = $2
      where id = $1 and approved_at is null and superseded_at is null
      returning screening_id`,
    [a.orderId, a.now, a.by, a.requisition, a.expiresOn],
  );
  if (!rows[0]) return false;
  await db.query("update screenings set prescription_expiration_date = $2, updated_at = $3 where id = $1", [
    rows[0].screening_id,
    a.expiresOn,
    a.now,
  ]);
  return true;
}

export type PendingLabOrder = { id: number; screeningId: number; medicalRecordId: number; requestedAt: Date };

/**
 * Orders waiting for approval, oldest first, locked for this transaction (FOR UPDATE SKIP LOCKED: two approvers never
 * take the same order). Filters: one screening, or requested at or before `requestedBy`.
 */
export async function pendingLabOrders(
  db: Db,
  filter: { screeningId?: number; requestedBy?: Date; orderId?: number } = {},
): Promise<PendingLabOrder[]> {
  const where = ["o.approved_at is null", "o.superseded_at is null"];
  const params: unknown[] = [];
  if (filter.orderId !== undefined) where.push(`o.id = $${params.push(filter.orderId)}`);
  if (filter.screeningId !== undefined) where.push(`o.screening_id = $${params.push(filter.screeningId)}`);
  if (filter.requestedBy !== undefined) where.push(`o.requested_at <= $${params.push(filter.requestedBy)}`);
  const rows = await db.query<{ id: number; screening_id: number; medical_record_id: number; requested_at: Date }>(
    `select o.id, o.screening_id, s.medical_record_id, o.requested_at
       from lab_orders o join screenings s on s.id = o.screening_id
      where ${where.join(" and ")}
      order by o.requested_at, o.id
      for update of o skip locked`,
    params,
  );
  return rows.map((r) => ({ id: r.id, screeningId: r.screening_id, medicalRecordId: r.medical_record_id, requestedAt: r.requested_at }));
}

/** The patient downloaded the order: kept on the order and shown on the screening ('Lab tests downloaded', DSH-006). */
export async function markLabOrderDownloaded(db: Db, order: { id: number; screeningId: number }, now: Date): Promise<void> {
  await db.query("update lab_orders set downloaded_at = $2, updated_at = $2 where id = $1", [order.id, now]);
  await db.query("update screenings set prescription_download_date_time = $2, updated_at = $2 where id = $1", [order.screeningId, now]);
}

/** update-lab-requisition: the lab received the order (the first time is kept). */
export async function markLabOrderReceived(db: Db, orderId: number, now: Date): Promise<void> {
  await db.query("update lab_orders set received_at = coalesce(received_at, $2), updated_at = $2 where id = $1", [orderId, now]);
}

/** attach-lab-results: the PDF staff attach becomes the order's results document (replacing a generated summary). */
export async function attachLabResults(db: Db, orderId: number, pdf: Uint8Array, now: Date): Promise<void> {
  await db.query("update lab_orders set results_pdf = $2, results_source = 'attached', updated_at = $3 where id = $1", [
    orderId,
    Buffer.from(pdf),
    now,
  ]);
}

/**
 * process-lab-results: the results are recorded now, with `generated` as their document unless staff attached one;
 * the screening shows them uploaded and takes `status`.
 */
export async function recordLabResults(
  db: Db,
  r: { orderId: number; screeningId: number; generated: Uint8Array | null; status: number; now: Date },
): Promise<void> {
  await db.query(
    `update lab_orders
        set results_at = $2, updated_at = $2,
            results_pdf = case when results_source = 'attached' then results_pdf else $3 end,
            results_source = case when results_source = 'attached' then results_source else 'generated' end
      where id = $1`,
    [r.orderId, r.now, r.generated ? Buffer.from(r.generated) : null],
  );
  await db.query("update screenings set labs_uploaded_date_time = $2, status = $3, updated_at = $2 where id = $1", [
    r.screeningId,
    r.now,
    r.status,
  ]);
}

/** The newest recorded results of a screening (their document), or null. */
export async function latestLabResults(db: Db, screeningId: number): Promise<{ orderId: number; resultsAt: Date; pdf: Uint8Array } | null> {
  const rows = await db.query<{ id: number; results_at: Date; results_pdf: Uint8Array }>(
    `select id, results_at, results_pdf from lab_orders
      where screening_id = $1 and results_at is not null and results_pdf is not null
      order by results_at desc, id desc limit 1`,
    [screeningId],
  );
  const r = rows[0];
  return r ? { orderId: r.id, resultsAt: r.results_at, pdf: new Uint8Array(r.results_pdf) } : null;
}

export async function screeningHasLabOrder(db: Db, screeningId: number): Promise<boolean> {
  return (await db.query("select 1 from lab_orders where screening_id = $1 limit 1", [screeningId])).length > 0;
}

/** One line of `list-lab-orders`: ids, dates and states only (no names or health data). */
export type LabOrderOverview = LabOrder & { medicalRecordId: number; hasResultsDocument: boolean };

export async function listLabOrders(db: Db, limit = 500): Promise<LabOrderOverview[]> {
  const rows = await db.query<Row & { medical_record_id: number; has_pdf: boolean }>(
    `select ${COLUMNS}, s.medical_record_id, o.results_pdf is not null as has_pdf
       from lab_orders o join screenings s on s.id = o.screening_id
      order by o.id desc limit $1`,
    [limit],
  );
  return rows.map((r) => ({ ...toOrder(r), medicalRecordId: r.medical_record_id, hasResultsDocument: r.has_pdf }));
}

/** Recorded values changed after the results: a generated summary is replaced by the new one (an attached PDF stays). */
export async function replaceGeneratedResults(db: Db, orderId: number, pdf: Uint8Array, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `update lab_orders set results_pdf = $2, updated_at = $3
      where id = $1 and results_source = 'generated' and results_at is not null returning id`,
    [orderId, Buffer.from(pdf), now],
  );
  return rows.length > 0;
}

/**
 * A lab's person declines a waiting order (docs/decisions/133): it is closed (superseded) with when and why, and the
 * screening no longer shows an order waiting, so the patient may request labs again. False when it was not waiting.
 */
export async function declineLabOrder(db: Db, d: { orderId: number; reason: string; now: Date }): Promise<boolean> {
  const rows = await db.query<{ screening_id: number }>(
    `update lab_orders set declined_at = $2, decline_reason = $3, superseded_at = $2, updated_at = $2
      where id = $1 and approved_at is null and superseded_at is null
      returning screening_id`,
    [d.orderId, d.now, d.reason],
  );
  if (!rows[0]) return false;
  await db.query(
    `update screenings set labs_ordered = false, prescription_request_date_time = null, prescription_expiration_date = null,
            prescription_download_date_time = null, updated_at = $2
      where id = $1 and labs_uploaded_date_time is null`,
    [rows[0].screening_id, d.now],
  );
  return true;
}

/** The lists of a lab's console: waiting for approval, approved (no results yet), with results. */
export type LabOrderListState = "waiting" | "approved" | "results";

/** One order as a lab's person sees it: the dates, and the patient's name and birth date to match a sample. */
export type LabOrderForLab = LabOrder & {
  medicalRecordId: number;
  labName: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  declinedAt: Date | null;
  declineReason: string | null;
};

type LabRow = Row & {
  medical_record_id: number;
  lab_name: string;
  first_name: string;
  last_name: string;
  birth_date: string;
  declined_at: Date | null;
  decline_reason: string | null;
};

const LAB_COLUMNS = `${COLUMNS}, s.medical_record_id, l.name as lab_name, m.first_name, m.last_name,
  to_char(m.birth_date, 'YYYY-MM-DD') as birth_date, o.declined_at, o.decline_reason`;
const LAB_FROM = `lab_orders o join screenings s on s.id = o.screening_id join medical_records m on m.id = s.medical_record_id
  join labs l on l.id = o.lab_id`;

function toLabOrder(r: LabRow): LabOrderForLab {
  return {
    ...toOrder(r),
    medicalRecordId: r.medical_record_id,
    labName: r.lab_name,
    firstName: r.first_name,
    lastName: r.last_name,
    birthDate: r.birth_date,
    declinedAt: r.declined_at,
    declineReason: r.decline_reason,
  };
}

const LIST_WHERE: Record<LabOrderListState, string> = {
  waiting: "o.approved_at is null and o.superseded_at is null",
  approved: "o.approved_at is not null and o.results_at is null and o.superseded_at is null",
  results: "o.results_at is not null",
};
const LIST_ORDER: Record<LabOrderListState, string> = {
  waiting: "o.requested_at, o.id",
  approved: "o.approved_at desc, o.id desc",
  results: "o.results_at desc, o.id desc",
};

/** The orders of these labs in one list: waiting oldest first, the others newest first. */
export async function labOrdersOfLabs(db: Db, labIds: readonly number[], state: LabOrderListState, limit = 100): Promise<LabOrderForLab[]> {
  if (labIds.length === 0) return [];
  const rows = await db.query<LabRow>(
    `select ${LAB_COLUMNS} from ${LAB_FROM}
      where o.lab_id = any($1::integer[]) and ${LIST_WHERE[state]}
      order by ${LIST_ORDER[state]} limit $2`,
    [[...labIds], limit],
  );
  return rows.map(toLabOrder);
}

/** One order with its patient's name and birth date, or null. */
export async function findLabOrderForLab(db: Db, orderId: number): Promise<LabOrderForLab | null> {
  const rows = await db.query<LabRow>(`select ${LAB_COLUMNS} from ${LAB_FROM} where o.id = $1`, [orderId]);
  return rows[0] ? toLabOrder(rows[0]) : null;
}

/** A new lab (the `add-lab` command); answers its id. */
export async function insertLab(db: Db, name: string): Promise<number> {
  const [row] = await db.query<{ id: number }>("insert into labs (name) values ($1) returning id", [name]);
  return row!.id;
}

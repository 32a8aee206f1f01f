import { ReferralStatus } from "../contract/enums";
import type { Db } from "../db/types";

/** SQL of the center selection (CEN-008, CEN-009, CEN-011): the screening's center and its referrals' close-out. */

/** Locks a screening's row for the rest of the transaction (one selection or lab order at a time per screening). */
export async function lockScreening(db: Db, screeningId: number): Promise<void> {
  await db.query("select id from screenings where id = $1 for update", [screeningId]);
}

export async function recordIsOptedOut(db: Db, medicalRecordId: number): Promise<boolean> {
  const rows = await db.query<{ is_opted_out: boolean }>("select is_opted_out from medical_records where id = $1", [medicalRecordId]);
  return rows[0]?.is_opted_out ?? false;
}

/**
 * Closes out the screening's open referrals (Pending Center or Center Approved) as Cancelled by Patient, with the
 * reason (1-4) and additional information of CEN-009. Answers how many were closed.
 */
export async function closeOutReferrals(
  db: Db,
  screeningId: number,
  details: { reason: number; other: string },
  now: Date,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `update center_referrals set status_id = $2, cancel_reason = $3, cancel_other = $4, updated_at = $5
      where screening_id = $1 and status_id in ($6, $7)
      returning id`,
    [
      screeningId,
      ReferralStatus.CancelledByPatient,
      details.reason,
      details.other,
      now,
      ReferralStatus.PendingCenter,
      ReferralStatus.CenterApproved,
    ],
  );
  return rows.length;
}

/** Confirming a center (CEN-011): it becomes the preferred center, confirmed and cleared, with the new status. */
export async function confirmCenter(db: Db, screeningId: number, centerId: number, status: number, now: Date): Promise<void> {
  await db.query(
    `update screenings set preferred_center_id = $2, is_center_confirmed = true, is_cleared = true, status = $3, updated_at = $4
      where id = $1`,
    [screeningId, centerId, status, now],
  );
}

/** The cancel details stored on a screening's referrals, newest first (for tests and staff reading). */
export async function referralCloseOuts(
  db: Db,
  screeningId: number,
): Promise<Array<{ centerId: number; statusId: number; cancelReason: number | null; cancelOther: string }>> {
  const rows = await db.query<{ center_id: number; status_id: number; cancel_reason: number | null; cancel_other: string }>(
    "select center_id, status_id, cancel_reason, cancel_other from center_referrals where screening_id = $1 order by date_referred desc, id desc",
    [screeningId],
  );
  return rows.map((r) => ({ centerId: r.center_id, statusId: r.status_id, cancelReason: r.cancel_reason, cancelOther: r.cancel_other }));
}

import { ReferralStatus } from "../contract/enums";
import { REFERRAL_STATUS_TEXT } from "../contract/screening";
import type { Screening } from "../contract/schemas";
import type { Db } from "../db/types";
import { usDate } from "../domain/dates";

export type CenterReferral = Screening["centerReferrals"][number];
export type ReferralRow = { screeningId: number; referral: CenterReferral };

/** A referral's columns (REFERRAL_COLUMNS over REFERRAL_FROM: `r` the referral, `c` its center). */
export type ReferralDbRow = { screening_id: number; center_id: number; center_name: string; date_referred: Date; status_id: number };
export const REFERRAL_COLUMNS = "r.id as referral_id, r.screening_id, r.center_id, c.center_name, r.date_referred, r.status_id";
export const REFERRAL_FROM = "center_referrals r join transplant_centers c on c.center_id = r.center_id";
/** Newest first, by the names of REFERRAL_COLUMNS. */
export const REFERRAL_ORDER = "date_referred desc, referral_id desc";

/**
 * The referrals of every screening of a record, newest first (dateReferred MM/DD/YYYY in UTC, the status's
 * display text).
 */
export async function listReferralsOfRecord(db: Db, medicalRecordId: number): Promise<ReferralRow[]> {
  const rows = await db.query<ReferralDbRow>(
    `select ${REFERRAL_COLUMNS} from ${REFERRAL_FROM} join screenings s on s.id = r.screening_id
      where s.medical_record_id = $1 order by ${REFERRAL_ORDER}`,
    [medicalRecordId],
  );
  return rows.map(toReferralRow);
}

export function toReferralRow(r: ReferralDbRow): ReferralRow {
  return {
    screeningId: r.screening_id,
    referral: {
      centerId: r.center_id,
      centerName: r.center_name,
      dateReferred: usDate(r.date_referred),
      statusId: r.status_id,
      status: REFERRAL_STATUS_TEXT[r.status_id] ?? "",
    },
  };
}

/**
 * Refers a screening to a center (a referral in PendingCenter, dated `at`). For the center-selection call
 * (`POST /api/pass/{id}/screening/{sid}/center`, CEN-008), which comes with its own issue.
 */
export async function insertReferral(
  db: Db,
  r: { screeningId: number; centerId: number; at: Date; statusId?: number },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into center_referrals (screening_id, center_id, date_referred, status_id, created_at, updated_at)
     values ($1, $2, $3, $4, $3, $3) returning id`,
    [r.screeningId, r.centerId, r.at, r.statusId ?? ReferralStatus.PendingCenter],
  );
  return rows[0]!.id;
}

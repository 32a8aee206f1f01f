import type { Db } from "../db/types";

/** SQL of the center staff's referral steps (docs/decisions/041). */

export type StaffReferral = {
  id: number;
  screeningId: number;
  medicalRecordId: number;
  centerId: number;
  centerName: string;
  statusId: number;
  registrationStatus: number;
};

/** One referral with its screening's record and status, locked for the rest of the transaction; null when unknown. */
export async function lockReferral(db: Db, referralId: number): Promise<StaffReferral | null> {
  const rows = await db.query<{
    id: number; screening_id: number; medical_record_id: number; center_id: number; center_name: string; status_id: number; status: number;
  }>(
    `select r.id, r.screening_id, s.medical_record_id, r.center_id, c.center_name, r.status_id, s.status
       from center_referrals r
       join screenings s on s.id = r.screening_id
       join transplant_centers c on c.center_id = r.center_id
      where r.id = $1
      for update of r`,
    [referralId],
  );
  const r = rows[0];
  return r
    ? {
        id: r.id,
        screeningId: r.screening_id,
        medicalRecordId: r.medical_record_id,
        centerId: r.center_id,
        centerName: r.center_name,
        statusId: r.status_id,
        registrationStatus: r.status,
      }
    : null;
}

export async function setReferralStatus(db: Db, referralId: number, statusId: number, now: Date): Promise<void> {
  await db.query("update center_referrals set status_id = $2, updated_at = $3 where id = $1", [referralId, statusId, now]);
}

export type ReferralOverview = {
  id: number;
  screeningId: number;
  medicalRecordId: number;
  centerId: number;
  dateReferred: Date;
  statusId: number;
  registrationStatus: number;
};

/** Every referral, newest first (ids, dates and statuses: no names), optionally only those of one center. */
export async function listReferrals(db: Db, where: { centerId?: number } = {}): Promise<ReferralOverview[]> {
  const rows = await db.query<{
    id: number; screening_id: number; medical_record_id: number; center_id: number; date_referred: Date; status_id: number; status: number;
  }>(
    `select r.id, r.screening_id, s.medical_record_id, r.center_id, r.date_referred, r.status_id, s.status
       from center_referrals r join screenings s on s.id = r.screening_id
      where ($1::int is null or r.center_id = $1)
      order by r.date_referred desc, r.id desc`,
    [where.centerId ?? null],
  );
  return rows.map((r) => ({
    id: r.id,
    screeningId: r.screening_id,
    medicalRecordId: r.medical_record_id,
    centerId: r.center_id,
    dateReferred: r.date_referred,
    statusId: r.status_id,
    registrationStatus: r.status,
  }));
}

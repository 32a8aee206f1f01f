import type { Db } from "../db/types";
import { screeningAnswersOf } from "./screenings";

/** SQL of the transplant center's staff area (docs/decisions/133). */

export type CenterReferralRow = {
  id: number;
  centerId: number;
  centerName: string;
  patientName: string;
  dateReferred: Date;
  statusId: number;
};

/** The referrals to these centers, newest first, optionally of one status: ids, the patient's name, date and status. */
export async function centerReferrals(db: Db, centerIds: readonly number[], status: number | null, limit = 500): Promise<CenterReferralRow[]> {
  if (centerIds.length === 0) return [];
  const rows = await db.query<{
    id: number; center_id: number; center_name: string; first_name: string; last_name: string; date_referred: Date; status_id: number;
  }>(
    `select r.id, r.center_id, c.center_name, m.first_name, m.last_name, r.date_referred, r.status_id
       from center_referrals r
       join screenings s on s.id = r.screening_id
       join medical_records m on m.id = s.medical_record_id
       join transplant_centers c on c.center_id = r.center_id
      where r.center_id = any($1::integer[]) and ($2::smallint is null or r.status_id = $2)
      order by r.date_referred desc, r.id desc
      limit $3`,
    [[...centerIds], status, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    centerId: r.center_id,
    centerName: r.center_name,
    patientName: `${r.first_name} ${r.last_name}`,
    dateReferred: r.date_referred,
    statusId: r.status_id,
  }));
}

/** Which center a referral is to, and whose record it is; null when unknown. */
export async function referralOwner(db: Db, referralId: number): Promise<{ centerId: number; medicalRecordId: number; screeningId: number } | null> {
  const rows = await db.query<{ center_id: number; medical_record_id: number; screening_id: number }>(
    `select r.center_id, s.medical_record_id, r.screening_id
       from center_referrals r join screenings s on s.id = r.screening_id
      where r.id = $1`,
    [referralId],
  );
  const r = rows[0];
  return r ? { centerId: r.center_id, medicalRecordId: r.medical_record_id, screeningId: r.screening_id } : null;
}

export type CenterReferralRecord = {
  id: number;
  centerId: number;
  centerName: string;
  dateReferred: Date;
  statusId: number;
  centerReason: string;
  medicalRecordId: number;
  screeningId: number;
  patient: { firstName: string; middleInitial: string; lastName: string; preferredName: string; birthDate: string; email: string; phoneNumber: string };
  screening: {
    kidneyStatus: number; kidneyStatusOther: string; transplantCenterSituation: number; willingToTransfer: number; donorStatus: number;
    donorStatusOther: string; primaryGoal: number; primaryGoalOther: string; transplantType: number; antigenMatch: number;
  };
  consentSignedAt: Date | null;
};

/** One referral with what the center sees of the patient (docs/decisions/133); null when unknown. */
export async function centerReferralRecord(db: Db, referralId: number): Promise<CenterReferralRecord | null> {
  const rows = await db.query<{
    id: number; center_id: number; center_name: string; date_referred: Date; status_id: number; center_reason: string;
    medical_record_id: number; screening_id: number; first_name: string; middle_initial: string; last_name: string; preferred_name: string;
    birth_date: string; email: string; phone_number: string; kidney_status: number; kidney_status_other: string;
    transplant_center_situation: number; willing_to_transfer: number; donor_status: number; donor_status_other: string; primary_goal: number;
    primary_goal_other: string; transplant_type: number; antigen_match: number; signed_at: Date | null;
  }>(
    `select r.id, r.center_id, c.center_name, r.date_referred, r.status_id, r.center_reason, s.medical_record_id, r.screening_id,
            m.first_name, m.middle_initial, m.last_name, m.preferred_name, to_char(m.birth_date, 'YYYY-MM-DD') as birth_date, m.email,
            m.phone_number, s.kidney_status, s.kidney_status_other, s.transplant_center_situation, s.willing_to_transfer, s.donor_status,
            s.donor_status_other, s.primary_goal, s.primary_goal_other, s.transplant_type, s.antigen_match, cs.signed_at
       from center_referrals r
       join screenings s on s.id = r.screening_id
       join medical_records m on m.id = s.medical_record_id
       join transplant_centers c on c.center_id = r.center_id
       left join consent_signatures cs on cs.medical_record_id = m.id
      where r.id = $1`,
    [referralId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    centerId: r.center_id,
    centerName: r.center_name,
    dateReferred: r.date_referred,
    statusId: r.status_id,
    centerReason: r.center_reason,
    medicalRecordId: r.medical_record_id,
    screeningId: r.screening_id,
    patient: {
      firstName: r.first_name,
      middleInitial: r.middle_initial,
      lastName: r.last_name,
      preferredName: r.preferred_name,
      birthDate: r.birth_date,
      email: r.email,
      phoneNumber: r.phone_number,
    },
    screening: screeningAnswersOf(r),
    consentSignedAt: r.signed_at,
  };
}

/** A center closes a referral (declined or cancelled by the center) with its reason. */
export async function closeReferralByCenter(db: Db, referralId: number, statusId: number, reason: string, now: Date): Promise<void> {
  await db.query("update center_referrals set status_id = $2, center_reason = $3, updated_at = $4 where id = $1", [referralId, statusId, reason, now]);
}

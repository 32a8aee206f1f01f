import { ImmunoFreeStatus } from "../contract/enums";
import type { ScreeningBody } from "../contract/screening";
import type { Screening, ScreeningAnswers } from "../contract/schemas";
import type { Db } from "../db/types";
import { listReferralsOfRecord, type ReferralRow } from "./center-referrals";

/** What a save stores: the checked body (outcome corrections applied) and the status the registry computed. */
export type ScreeningValues = ScreeningBody & { status: number };

const VALUE_COLUMNS = [
  "status", "kidney_status", "kidney_status_other", "transplant_center_situation", "willing_to_transfer",
  "donor_status", "donor_status_other", "primary_goal", "primary_goal_other", "transplant_type", "antigen_match",
  "is_cleared", "is_immuno_free_candidate", "is_center_confirmed", "preferred_center_id",
] as const;

function valueParams(v: ScreeningValues): unknown[] {
  return [
    v.status, v.kidneyStatus, v.kidneyStatusOther, v.transplantCenterSituation, v.isWillingToTransfer,
    v.donorStatus, v.donorStatusOther, v.primaryGoal, v.primaryGoalOther, v.transplantType, v.antigenMatch,
    v.isCleared, v.isImmunoFreeCandidate, v.isCenterConfirmed, v.preferredCenterId > 0 ? v.preferredCenterId : null,
  ];
}

/** Creates a screening of a record; answers its id. */
export async function insertScreening(db: Db, medicalRecordId: number, v: ScreeningValues, now: Date): Promise<number> {
  const params = [medicalRecordId, now, ...valueParams(v)];
  const rows = await db.query<{ id: number }>(
    `insert into screenings (medical_record_id, created_at, updated_at, ${VALUE_COLUMNS.join(", ")})
     values ($1, $2, $2, ${VALUE_COLUMNS.map((_, i) => `$${i + 3}`).join(", ")})
     returning id`,
    params,
  );
  return rows[0]!.id;
}

/** Replaces the answers, flags and status of a screening (its lab fields and referrals stay). */
export async function updateScreening(db: Db, screeningId: number, v: ScreeningValues, now: Date): Promise<void> {
  await db.query(
    `update screenings set updated_at = $2, ${VALUE_COLUMNS.map((c, i) => `${c} = $${i + 3}`).join(", ")} where id = $1`,
    [screeningId, now, ...valueParams(v)],
  );
}

/** A screening's stored status, its row locked until the transaction ends (the screening exists). */
export async function lockedScreeningStatus(db: Db, screeningId: number): Promise<number> {
  const rows = await db.query<{ status: number }>("select status from screenings where id = $1 for update", [screeningId]);
  return rows[0]!.status;
}

/** The medical record a screening belongs to, or null when there is no such screening. */
export async function screeningOwner(db: Db, screeningId: number): Promise<number | null> {
  const rows = await db.query<{ medical_record_id: number }>("select medical_record_id from screenings where id = $1", [screeningId]);
  return rows[0]?.medical_record_id ?? null;
}

/** A screening's columns (SCREENING_COLUMNS over SCREENING_FROM: `s` the screening, `c` its preferred center). */
export type ScreeningRow = {
  id: number; status: number; kidney_status: number; kidney_status_other: string; transplant_center_situation: number;
  willing_to_transfer: number; donor_status: number; donor_status_other: string; primary_goal: number;
  primary_goal_other: string; transplant_type: number; antigen_match: number; is_cleared: boolean;
  is_immuno_free_candidate: boolean; is_center_confirmed: boolean; preferred_center_id: number | null;
  preferred_center: string | null; labs_ordered: boolean; prescription_request_date_time: Date | null;
  prescription_download_date_time: Date | null; prescription_expiration_date: string | null;
  labs_uploaded_date_time: Date | null;
};

export const SCREENING_COLUMNS = `
  s.id, s.status, s.kidney_status, s.kidney_status_other, s.transplant_center_situation, s.willing_to_transfer,
  s.donor_status, s.donor_status_other, s.primary_goal, s.primary_goal_other, s.transplant_type, s.antigen_match,
  s.is_cleared, s.is_immuno_free_candidate, s.is_center_confirmed, s.preferred_center_id,
  c.center_name as preferred_center, s.labs_ordered, s.prescription_request_date_time,
  s.prescription_download_date_time, s.prescription_expiration_date, s.labs_uploaded_date_time, s.created_at`;
export const SCREENING_FROM = "screenings s left join transplant_centers c on c.center_id = s.preferred_center_id";
/** Newest first, by the names of SCREENING_COLUMNS. */
export const SCREENING_ORDER = "created_at desc, id desc";

/**
 * A record's screenings as the screening list item of SCR-020, newest first, each with its center
 * referrals (newest first). Lab times are ISO 8601 and the expiry YYYY-MM-DD; an empty text means not set.
 */
export async function listScreenings(db: Db, medicalRecordId: number): Promise<Screening[]> {
  const rows = await db.query<ScreeningRow>(
    `select ${SCREENING_COLUMNS} from ${SCREENING_FROM} where s.medical_record_id = $1 order by ${SCREENING_ORDER}`,
    [medicalRecordId],
  );
  if (rows.length === 0) return [];
  const referrals = await listReferralsOfRecord(db, medicalRecordId);
  return rows.map((r) => toScreening(r, referrals.filter((x) => x.screeningId === r.id)));
}

/** One screening in the list-item shape, or null. */
export async function findScreening(db: Db, screeningId: number): Promise<Screening | null> {
  const [row] = await db.query<ScreeningRow & { medical_record_id: number }>(
    `select ${SCREENING_COLUMNS}, s.medical_record_id from ${SCREENING_FROM} where s.id = $1`,
    [screeningId],
  );
  if (!row) return null;
  const referrals = await listReferralsOfRecord(db, row.medical_record_id);
  return toScreening(row, referrals.filter((x) => x.screeningId === row.id));
}

const iso = (d: Date | null) => (d ? d.toISOString() : "");

/** A screening's answers from its row: what the patient's screening and a center's referral both show. */
export function screeningAnswersOf(
  r: Pick<
    ScreeningRow,
    | "kidney_status"
    | "kidney_status_other"
    | "transplant_center_situation"
    | "willing_to_transfer"
    | "donor_status"
    | "donor_status_other"
    | "primary_goal"
    | "primary_goal_other"
    | "transplant_type"
    | "antigen_match"
  >,
): ScreeningAnswers {
  return {
    kidneyStatus: r.kidney_status,
    kidneyStatusOther: r.kidney_status_other,
    transplantCenterSituation: r.transplant_center_situation,
    willingToTransfer: r.willing_to_transfer,
    donorStatus: r.donor_status,
    donorStatusOther: r.donor_status_other,
    primaryGoal: r.primary_goal,
    primaryGoalOther: r.primary_goal_other,
    transplantType: r.transplant_type,
    antigenMatch: r.antigen_match,
  };
}

export function toScreening(r: ScreeningRow, referrals: ReferralRow[]): Screening {
  return {
    id: r.id,
    status: r.status,
    ...screeningAnswersOf(r),
    isCleared: r.is_cleared,
    isImmunoFreeCandidate: r.is_immuno_free_candidate,
    isCenterConfirmed: r.is_center_confirmed,
    preferredCenterId: r.preferred_center_id ?? 0,
    preferredCenter: r.preferred_center ?? "",
    centerReferrals: referrals.map((x) => x.referral),
    labsOrdered: r.labs_ordered,
    prescriptionDownloadDateTime: iso(r.prescription_download_date_time),
    prescriptionRequestDateTime: iso(r.prescription_request_date_time),
    prescriptionExpirationDate: r.prescription_expiration_date ?? "",
    labsUploadedDateTime: iso(r.labs_uploaded_date_time),
  };
}

/**
 * DSH-013, MHX-006: a screening with the IfPassCandidate outcome starts the record's immune-tolerance registration
 * at the Registration stage when it has none, and moves an invited record (InviteSent) on to Registration.
 * A registration further along is left as it is.
 */
export async function startIfRegistration(db: Db, medicalRecordId: number, now: Date): Promise<void> {
  await db.query(
    `insert into if_registrations (medical_record_id, current_status, created_at, updated_at)
     values ($1, $2, $3, $3)
     on conflict (medical_record_id) do update set current_status = $2, updated_at = $3
      where if_registrations.current_status = $4`,
    [medicalRecordId, ImmunoFreeStatus.Registration, now, ImmunoFreeStatus.InviteSent],
  );
}

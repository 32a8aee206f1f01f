import type { MedicalHistory, MedicalHistoryAnswers } from "../contract/medical-history";
import type { Db } from "../db/types";

/** Medical history submissions (migration 0005): one row each, the latest (highest id) is the current one. */

type Row = {
  id: number; received_kidney_transplant: boolean; last_kidney_txp_date: string | null; addl_medicines: string | null;
  birth_date: string; height_ft: number; height_inches: number; weight: number; had_other_organ_transplant: boolean;
  other_organ_txp: string | null; other_organ_txp_details: string | null; birth_gender: boolean; has_cardiac_issues: boolean;
  has_pulmonary_issues: boolean; has_immuno_disease: boolean; has_high_blood_pressure: boolean; has_allergies: boolean;
  medical_condition_comments: string | null; submitted_at: Date;
};

/**
 * The birth date is the record's (one birth date per person, docs/decisions/129): a submission's must equal it when
 * it is made, and a later correction on the profile or the screening's validation shows in every submission read.
 */
const COLUMNS = `h.id, h.received_kidney_transplant, to_char(h.last_kidney_txp_date, 'YYYY-MM-DD') as last_kidney_txp_date, h.addl_medicines,
  to_char(m.birth_date, 'YYYY-MM-DD') as birth_date, h.height_ft, h.height_inches, h.weight::float8 as weight, h.had_other_organ_transplant,
  h.other_organ_txp, h.other_organ_txp_details, h.birth_gender, h.has_cardiac_issues, h.has_pulmonary_issues, h.has_immuno_disease,
  h.has_high_blood_pressure, h.has_allergies, h.medical_condition_comments, h.submitted_at`;
const FROM = "medical_histories h join medical_records m on m.id = h.medical_record_id";

function fromRow(r: Row): MedicalHistory {
  return {
    id: r.id, receivedKidneyTransplant: r.received_kidney_transplant, lastKidneyTxpDate: r.last_kidney_txp_date,
    addlMedicines: r.addl_medicines, birthDate: r.birth_date, heightFt: r.height_ft, heightInches: r.height_inches,
    weight: Number(r.weight), hadOtherOrganTransplant: r.had_other_organ_transplant, otherOrganTxp: r.other_organ_txp,
    otherOrganTxpDetails: r.other_organ_txp_details, birthGender: r.birth_gender, hasCardiacIssues: r.has_cardiac_issues,
    hasPulmonaryIssues: r.has_pulmonary_issues, hasImmunoDisease: r.has_immuno_disease, hasHighBloodPressure: r.has_high_blood_pressure,
    hasAllergies: r.has_allergies, medicalConditionComments: r.medical_condition_comments, submittedDateTime: r.submitted_at.toISOString(),
  };
}

/** Stores one submission; answers its id. */
export async function insertMedicalHistory(db: Db, medicalRecordId: number, a: MedicalHistoryAnswers, now: Date): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into medical_histories (
       medical_record_id, received_kidney_transplant, last_kidney_txp_date, addl_medicines, birth_date, height_ft, height_inches,
       weight, had_other_organ_transplant, other_organ_txp, other_organ_txp_details, birth_gender, has_cardiac_issues,
       has_pulmonary_issues, has_immuno_disease, has_high_blood_pressure, has_allergies, medical_condition_comments, submitted_at)
     values ($1, $2, $3::date, $4, $5::date, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
     returning id`,
    [
      medicalRecordId, a.receivedKidneyTransplant, a.lastKidneyTxpDate, a.addlMedicines, a.birthDate, a.heightFt, a.heightInches,
      a.weight, a.hadOtherOrganTransplant, a.otherOrganTxp, a.otherOrganTxpDetails, a.birthGender, a.hasCardiacIssues,
      a.hasPulmonaryIssues, a.hasImmunoDisease, a.hasHighBloodPressure, a.hasAllergies, a.medicalConditionComments, now,
    ],
  );
  return rows[0]!.id;
}

/** One submission by id (of any record: the caller checks ownership). */
export async function findMedicalHistory(db: Db, id: number): Promise<MedicalHistory | null> {
  const rows = await db.query<Row>(`select ${COLUMNS} from ${FROM} where h.id = $1`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The record's current (latest) submission, or null. */
export async function latestMedicalHistory(db: Db, medicalRecordId: number): Promise<MedicalHistory | null> {
  const rows = await db.query<Row>(`select ${COLUMNS} from ${FROM} where h.medical_record_id = $1 order by h.id desc limit 1`, [
    medicalRecordId,
  ]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** Every submission of the record, newest first (the patient's record download, ACC-043). */
export async function listMedicalHistories(db: Db, medicalRecordId: number): Promise<MedicalHistory[]> {
  const rows = await db.query<Row>(`select ${COLUMNS} from ${FROM} where h.medical_record_id = $1 order by h.id desc`, [medicalRecordId]);
  return rows.map(fromRow);
}

/**
 * The birth date (YYYY-MM-DD) the record holds, which a medical history's must equal; null for no such record. The row
 * is held (for share) until the caller's transaction ends, so the birth date cannot change before the submission is stored.
 */
export async function recordBirthDate(db: Db, medicalRecordId: number): Promise<string | null> {
  const rows = await db.query<{ birth_date: string }>(`select to_char(birth_date, 'YYYY-MM-DD') as birth_date from medical_records where id = $1 for share`, [
    medicalRecordId,
  ]);
  return rows[0]?.birth_date ?? null;
}

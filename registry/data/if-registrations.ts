import type { Db } from "../db/types";

/** Creates the record's immune-tolerance registration (DSH-013) at a stage of ImmunoFreeStatus. */
export async function insertIfRegistration(db: Db, medicalRecordId: number, currentStatus: number, now: Date): Promise<void> {
  await db.query(
    `insert into if_registrations (medical_record_id, current_status, created_at, updated_at) values ($1, $2, $3, $3)`,
    [medicalRecordId, currentStatus, now],
  );
}

/**
 * The record's immune-tolerance stage (ImmunoFreeStatus), or null without a registration. `lock` takes the row for
 * the rest of the transaction (stage changes of the same record wait for each other).
 */
export async function ifStage(db: Db, medicalRecordId: number, opts: { lock?: boolean } = {}): Promise<number | null> {
  const rows = await db.query<{ current_status: number }>(
    `select current_status from if_registrations where medical_record_id = $1${opts.lock ? " for update" : ""}`,
    [medicalRecordId],
  );
  return rows[0]?.current_status ?? null;
}

/**
 * Moves the record's stage from `from` to `to` (ImmunoFreeStatus); any other stage is kept, so a stage never goes
 * backwards. Answers the stage after, or null without a registration.
 */
export async function advanceIfStage(db: Db, medicalRecordId: number, step: { from: number; to: number }, now: Date): Promise<number | null> {
  await db.query(`update if_registrations set current_status = $3, updated_at = $4 where medical_record_id = $1 and current_status = $2`, [
    medicalRecordId,
    step.from,
    step.to,
    now,
  ]);
  return ifStage(db, medicalRecordId);
}

/** Sets the record's stage (staff steps, docs/decisions/041: the caller checked it is the next one). */
export async function setIfStage(db: Db, medicalRecordId: number, stage: number, now: Date): Promise<void> {
  await db.query("update if_registrations set current_status = $2, updated_at = $3 where medical_record_id = $1", [medicalRecordId, stage, now]);
}

import type { Db } from "../db/types";

/** Creates the record's immune-tolerance registration (000 §3 ifRegistration) at a stage of ImmunoFreeStatus. */
export async function insertIfRegistration(db: Db, medicalRecordId: number, currentStatus: number, now: Date): Promise<void> {
  await db.query(
    `insert into if_registrations (medical_record_id, current_status, created_at, updated_at) values ($1, $2, $3, $3)`,
    [medicalRecordId, currentStatus, now],
  );
}

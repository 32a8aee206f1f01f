import type { ProgramNote, ProgramParticipant } from "../contract/staff-program";
import type { Db } from "../db/types";

/**
 * The immune-tolerance program's participants as its staff console reads them (docs/decisions/133): every record with
 * an immune-tolerance registration (if_registrations), its stage and since when, and the notes of stage moves
 * (program_stage_notes, migration 0016).
 */

type ParticipantRow = { medical_record_id: number; first_name: string; last_name: string; current_status: number; updated_at: Date };

const participantOf = (r: ParticipantRow): ProgramParticipant => ({
  medicalRecordId: r.medical_record_id,
  name: `${r.first_name.trim()} ${r.last_name.trim()}`.trim(),
  stage: r.current_status,
  since: r.updated_at.toISOString(),
});

const SELECT = `select i.medical_record_id, m.first_name, m.last_name, i.current_status, i.updated_at
                  from if_registrations i join medical_records m on m.id = i.medical_record_id`;

/** Every participant, by stage, the longest at their stage first. */
export async function listParticipants(db: Db): Promise<ProgramParticipant[]> {
  const rows = await db.query<ParticipantRow>(`${SELECT} order by i.current_status, i.updated_at, i.medical_record_id`);
  return rows.map(participantOf);
}

/** One participant, or null when the record has no immune-tolerance registration (or does not exist). */
export async function findParticipant(db: Db, medicalRecordId: number): Promise<ProgramParticipant | null> {
  const rows = await db.query<ParticipantRow>(`${SELECT} where i.medical_record_id = $1`, [medicalRecordId]);
  return rows[0] ? participantOf(rows[0]) : null;
}

/** Stores the note of a stage move; answers its id. */
export async function insertProgramNote(
  db: Db,
  note: { medicalRecordId: number; staffId: number; from: number; to: number; text: string },
  now: Date,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into program_stage_notes (medical_record_id, staff_id, from_stage, to_stage, note, created_at)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [note.medicalRecordId, note.staffId, note.from, note.to, note.text, now],
  );
  return rows[0]!.id;
}

/** The notes of a participant's stage moves, newest first, with the name of who wrote each. */
export async function listProgramNotes(db: Db, medicalRecordId: number): Promise<ProgramNote[]> {
  const rows = await db.query<{ id: number; created_at: Date; from_stage: number; to_stage: number; note: string; name: string }>(
    `select n.id, n.created_at, n.from_stage, n.to_stage, n.note, s.name
       from program_stage_notes n join staff_people s on s.id = n.staff_id
      where n.medical_record_id = $1 order by n.id desc`,
    [medicalRecordId],
  );
  return rows.map((r) => ({ id: r.id, at: r.created_at.toISOString(), from: r.from_stage, to: r.to_stage, note: r.note, staffName: r.name }));
}

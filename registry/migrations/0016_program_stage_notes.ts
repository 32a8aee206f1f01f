/**
 * The immune-tolerance program's notes on a stage move (docs/decisions/133, "Program"): the program person who moved a
 * participant writes why. The note is shown on the participant's page in the staff console; the audit row of the move
 * names only the note's id, never its text (it may say something about the patient's health).
 */
export const programStageNotes = {
  id: "0016_program_stage_notes",
  sql: /* sql */ `
create table program_stage_notes (
  id integer generated always as identity primary key,
  medical_record_id integer not null references medical_records (id) on delete cascade,
  staff_id integer not null references staff_people (id),
  from_stage smallint not null,
  to_stage smallint not null,
  note text not null check (note <> '' and length(note) <= 2000),
  created_at timestamptz not null
);
create index program_stage_notes_record_idx on program_stage_notes (medical_record_id, id);
`,
};

import { ImmunoFreeStatus } from "../../../registry/contract/enums";
import { PROGRAM_NOTE_MAX, type ProgramMoveBody } from "../../../registry/contract/staff-program";
import type { FieldErrors } from "~/forms/types";
import type { TextKey } from "~/texts/texts";

/**
 * The program's forms (docs/decisions/133): moving a participant to the next stage with a note, and the audit's
 * filters. Pure: the actions, loaders and unit tests use them.
 */
export const MOVE_FIELDS = ["stage", "programNote"] as const;
export const AUDIT_FIELDS = ["medicalRecordId", "staffId", "from", "to"] as const;

/** The stage a program person may move a participant to from this one, or null (earlier stages are the patient's). */
export function nextProgramStage(stage: number): ProgramMoveBody["stage"] | null {
  if (stage === ImmunoFreeStatus.ESign) return ImmunoFreeStatus.Preworkuplab;
  if (stage === ImmunoFreeStatus.Preworkuplab) return ImmunoFreeStatus.Completed;
  return null;
}

/** The text key of a stage's name. */
export function stageKey(stage: number): TextKey {
  switch (stage) {
    case ImmunoFreeStatus.InviteSent:
      return "staffProgram.stages.inviteSent";
    case ImmunoFreeStatus.Registration:
      return "staffProgram.stages.registration";
    case ImmunoFreeStatus.MedicalHistory:
      return "staffProgram.stages.medicalHistory";
    case ImmunoFreeStatus.ESign:
      return "staffProgram.stages.eSign";
    case ImmunoFreeStatus.Preworkuplab:
      return "staffProgram.stages.preWorkupLabs";
    default:
      return "staffProgram.stages.completed";
  }
}

export function moveFromForm(
  values: Record<(typeof MOVE_FIELDS)[number], string>,
): { ok: true; body: ProgramMoveBody } | { ok: false; errors: FieldErrors } {
  const note = values.programNote.trim();
  const stage = Number(values.stage);
  const errors: FieldErrors = {};
  if (!note) errors.programNote = "staffProgram.participant.noteRequired";
  else if ([...note].length > PROGRAM_NOTE_MAX) errors.programNote = "staffProgram.participant.noteTooLong";
  if (stage !== ImmunoFreeStatus.Preworkuplab && stage !== ImmunoFreeStatus.Completed) errors.stage = "validation.invalidValue";
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, body: { stage: stage as ProgramMoveBody["stage"], note } };
}

const isDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const isId = (v: string) => /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647;

/** The audit's filters from the query string: each one kept when right, else the field's error. */
export function auditFiltersFrom(values: Record<(typeof AUDIT_FIELDS)[number], string>): FieldErrors {
  const errors: FieldErrors = {};
  const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as typeof values;
  if (trimmed.medicalRecordId && !isId(trimmed.medicalRecordId)) errors.medicalRecordId = "staffProgram.audit.recordInvalid";
  if (trimmed.staffId && !isId(trimmed.staffId)) errors.staffId = "validation.invalidValue";
  if (trimmed.from && !isDay(trimmed.from)) errors.from = "staffProgram.audit.dateInvalid";
  if (trimmed.to && !isDay(trimmed.to)) errors.to = "staffProgram.audit.dateInvalid";
  if (!errors.from && !errors.to && trimmed.from && trimmed.to && trimmed.to < trimmed.from) errors.to = "staffProgram.audit.toBeforeFrom";
  return errors;
}

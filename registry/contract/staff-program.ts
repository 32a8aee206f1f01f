import { z } from "zod";
import { ImmunoFreeStatus } from "./enums";
import { medicalHistory } from "./medical-history";
import { STAFF_PROGRAM_STAGES } from "./staff";

/**
 * The staff console's areas of the immune-tolerance program and of the registry's audit (docs/decisions/133). Every
 * call is a staff person's (`Authorization: Bearer st_…`, docs/decisions/126): the program's calls need the program
 * role, the audit's the administrator role. Refusals: 401 staffAccount.sessionEnded, 403 staffAccount.notAllowed
 * (another role), 404 staff.participantUnknown (no such participant: never whether the record exists), and the stage
 * move's 409s of contract/staff.ts.
 */

/** The program's stages as the console lists them (ImmunoFreeStatus), in order. */
export const PROGRAM_STAGE_ORDER = [
  ImmunoFreeStatus.InviteSent,
  ImmunoFreeStatus.Registration,
  ImmunoFreeStatus.MedicalHistory,
  ImmunoFreeStatus.ESign,
  ImmunoFreeStatus.Preworkuplab,
  ImmunoFreeStatus.Completed,
] as const;

/** A participant as listed: the record's id, the name, the stage and since when (ISO 8601). */
export const programParticipant = z.object({
  medicalRecordId: z.number().int(),
  name: z.string(),
  stage: z.number().int(),
  since: z.string(),
});
export type ProgramParticipant = z.infer<typeof programParticipant>;

/** A note written with a stage move, with who wrote it and when. */
export const programNote = z.object({
  id: z.number().int(),
  at: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  note: z.string(),
  staffName: z.string(),
});
export type ProgramNote = z.infer<typeof programNote>;

/**
 * One participant as the program needs them (minimum necessary): the name, the stage, the latest medical history's
 * answers, when the consent was signed (the PDF is its own call), and the notes of the stage moves, newest first.
 */
export const programParticipantDetail = programParticipant.extend({
  medicalHistory: medicalHistory.nullable(),
  consent: z.object({ signedAt: z.string(), documentVersion: z.string(), language: z.enum(["en", "es"]) }).nullable(),
  notes: z.array(programNote),
});
export type ProgramParticipantDetail = z.infer<typeof programParticipantDetail>;

export const PROGRAM_NOTE_MAX = 2000;

/** POST /api/staff/program/participants/{id}/stage: the next stage (Pre-workup Labs or Completed) and a note. */
export const programMoveBody = z.object({
  stage: z.union([z.literal(STAFF_PROGRAM_STAGES[0]), z.literal(STAFF_PROGRAM_STAGES[1])]),
  note: z.string().trim().min(1).max(PROGRAM_NOTE_MAX),
});
export type ProgramMoveBody = z.infer<typeof programMoveBody>;
export const programMoveResult = z.object({ medicalRecordId: z.number().int(), stage: z.number().int(), noteId: z.number().int() });

/** `errors.form` of a participant the program does not have (or a record that does not exist). */
export const StaffProgramReason = { unknown: "staff.participantUnknown" } as const;
export const StaffProgramMessage = { [StaffProgramReason.unknown]: "No participant has this id" } as const;

/** The consent PDF's file name. */
export const PROGRAM_CONSENT_FILE = "consent.pdf";

// ---- The audit (administrators) ----

export const AUDIT_PAGE_SIZE = 50;
/** The CSV export holds at most this many rows (the newest). */
export const AUDIT_CSV_MAX_ROWS = 50_000;
export const AUDIT_CSV_FILE = "audit.csv";

const positiveId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .refine((v) => Number(v) <= 2_147_483_647);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The audit's filters (query parameters, each optional): a record number, a staff person's id (the rows they did), and
 * days (YYYY-MM-DD, UTC) from and to, both included; `page` from 1.
 */
export const auditQuery = z.object({
  medicalRecordId: positiveId.optional(),
  staffId: positiveId.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/)
    .optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/**
 * One audit row as administrators see it: who (a patient's record id, a staff person's name and email, a command's
 * operator), under which role and organisation, the action, the record, where from. Never the row's detail (ids and
 * outcomes, but a reader should not need them and some could say something about a patient's health).
 */
export const auditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  actorKind: z.string(),
  actorId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  staffEmail: z.string().nullable(),
  operator: z.string().nullable(),
  role: z.string().nullable(),
  organisation: z.string().nullable(),
  action: z.string(),
  medicalRecordId: z.number().int().nullable(),
  clientAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;

/** A page of the audit, newest first. */
export const auditPage = z.object({
  rows: z.array(auditRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPage>;

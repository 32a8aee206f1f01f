import { pathId, readBody } from "../http/params";
import { RegistryMessage } from "../contract/envelope";
import { StaffMessage } from "../contract/staff";
import { StaffRole } from "../contract/staff-accounts";
import {
  AUDIT_CSV_FILE,
  AUDIT_CSV_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  auditPage,
  auditQuery,
  PROGRAM_CONSENT_FILE,
  programMoveBody,
  programMoveResult,
  programParticipant,
  programParticipantDetail,
  StaffProgramMessage,
  StaffProgramReason,
  type AuditRow,
} from "../contract/staff-program";
import { ValidationKey } from "../contract/validation-keys";
import { audit } from "../data/audit";
import { countAudit, searchAudit, type AuditFilter } from "../data/audit-search";
import { findConsentPdf, findConsentSignature } from "../data/consent-signatures";
import { latestMedicalHistory } from "../data/medical-histories";
import { findParticipant, insertProgramNote, listParticipants, listProgramNotes } from "../data/program-participants";
import { grantOrganisation } from "../data/staff-people";
import { csvLine } from "../domain/csv";
import type { Ctx } from "../http/context";
import { fileAnswer, ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { auditStaff, requireGrant, type GrantOf, type SignedInStaff } from "../http/staff";
import { bodyFieldErrors } from "../http/validation";
import { moveProgramStage, STATUS_OF_REASON } from "./staff";

/**
 * The staff console's program and audit areas (docs/decisions/133). Each call authorizes with registry/http/staff.ts:
 * the program's with the program role, the audit's with the administrator role; every read of a participant's record
 * (the page, the consent PDF) and every stage move writes an audit row naming the person, and so does every reading of
 * the audit itself.
 */

type ProgramGrant = GrantOf<typeof StaffRole.program>;

/**
 * The participant of the path, or 404 (no such record, or a record not in the program: the same answer), written to
 * the audit as `staff.refused` naming the person.
 */
async function participantOf(ctx: Ctx, staff: SignedInStaff, grant: ProgramGrant, params: Record<string, string>) {
  const medicalRecordId = pathId(params.id, "medicalRecordId");
  const participant = await findParticipant(ctx.db, medicalRecordId);
  if (participant) return participant;
  await audit(ctx.db, {
    actor: { kind: "staff", id: staff.person.id, role: grant.role, organisation: grantOrganisation(grant) },
    action: "staff.refused",
    detail: { role: grant.role, path: ctx.url.pathname.slice(0, 200), status: 404 },
    at: ctx.now(),
  });
  throw new Refusal(404, StaffProgramMessage[StaffProgramReason.unknown], { form: StaffProgramReason.unknown });
}

/** GET /api/staff/program/participants: every participant with their stage and since when. */
async function participants(ctx: Ctx): Promise<Response> {
  const { staff, grant } = await requireGrant(ctx, StaffRole.program);
  const list = await listParticipants(ctx.db);
  await auditStaff(ctx.db, staff, grant, "program.participants", { detail: { count: list.length }, at: ctx.now() });
  return ok(list);
}

/** GET /api/staff/program/participants/{id}: the participant, their medical history, consent and notes. */
async function participant(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { staff, grant } = await requireGrant(ctx, StaffRole.program);
  const found = await participantOf(ctx, staff, grant, params);
  const id = found.medicalRecordId;
  const [history, consent, notes] = await Promise.all([
    latestMedicalHistory(ctx.db, id),
    findConsentSignature(ctx.db, id),
    listProgramNotes(ctx.db, id),
  ]);
  await auditStaff(ctx.db, staff, grant, "program.participant.read", { medicalRecordId: id, at: ctx.now() });
  return ok({
    ...found,
    medicalHistory: history,
    consent: consent ? { signedAt: consent.signedAt.toISOString(), documentVersion: consent.documentVersion, language: consent.language } : null,
    notes,
  });
}

/** GET /api/staff/program/participants/{id}/consent.pdf: the signed consent as stored (404 when not signed). */
async function consentPdf(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { staff, grant } = await requireGrant(ctx, StaffRole.program);
  const found = await participantOf(ctx, staff, grant, params);
  const pdf = await findConsentPdf(ctx.db, found.medicalRecordId);
  if (!pdf) throw new Refusal(404, StaffProgramMessage[StaffProgramReason.unknown], { form: StaffProgramReason.unknown });
  await auditStaff(ctx.db, staff, grant, "program.consent.read", { medicalRecordId: found.medicalRecordId, at: ctx.now() });
  return fileAnswer(pdf, "application/pdf", PROGRAM_CONSENT_FILE);
}

/**
 * POST /api/staff/program/participants/{id}/stage {stage, note}: moves the participant to the next stage through
 * moveProgramStage (the same emails and texts as the program-stage command), the note stored in the same transaction;
 * the audit row names the person and the note's id only.
 */
async function move(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { staff, grant } = await requireGrant(ctx, StaffRole.program);
  const found = await participantOf(ctx, staff, grant, params);
  const body = await readBody(ctx, programMoveBody);
  const now = ctx.now();
  let noteId = 0;
  const outcome = await moveProgramStage(
    ctx.db,
    ctx.settings,
    found.medicalRecordId,
    body.stage,
    { kind: "staff", id: staff.person.id, role: grant.role, organisation: grantOrganisation(grant) },
    now,
    async (tx, step) => {
      noteId = await insertProgramNote(tx, { medicalRecordId: found.medicalRecordId, staffId: staff.person.id, ...step, text: body.note }, now);
      return { noteId };
    },
  );
  if (!outcome.ok) throw new Refusal(STATUS_OF_REASON[outcome.reason], StaffMessage[outcome.reason], { form: outcome.reason });
  return ok({ ...outcome.value, noteId }, StaffMessage.stageUpdated);
}

// ---- The audit (administrators) ----

const DAY_MS = 24 * 60 * 60 * 1000;

/** A YYYY-MM-DD day at 00:00 UTC, or 400 when it is no real day. */
function dayStart(value: string, field: string): Date {
  const at = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value)
    throw new Refusal(400, RegistryMessage.badRequest, { [field]: ValidationKey.invalidValue });
  return at;
}

/** The filters of the query string (400 naming a field that cannot be), and the page asked for. */
function auditFilter(ctx: Ctx): { filter: AuditFilter; page: number } {
  const raw = Object.fromEntries([...ctx.url.searchParams].filter(([, v]) => v !== ""));
  const parsed = auditQuery.safeParse(raw);
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, bodyFieldErrors(parsed.error, raw));
  const q = parsed.data;
  const from = q.from ? dayStart(q.from, "from") : null;
  const before = q.to ? new Date(dayStart(q.to, "to").getTime() + DAY_MS) : null;
  if (from && before && before <= from) throw new Refusal(400, RegistryMessage.badRequest, { to: ValidationKey.invalidValue });
  return {
    filter: { medicalRecordId: q.medicalRecordId ? Number(q.medicalRecordId) : null, staffId: q.staffId ? Number(q.staffId) : null, from, before },
    page: q.page ? Number(q.page) : 1,
  };
}

/** The audit detail of a reading of the audit: the filters (ids and days). */
function filterDetail(filter: AuditFilter): Record<string, string | number> {
  const detail: Record<string, string | number> = {};
  if (filter.medicalRecordId) detail.medicalRecordId = filter.medicalRecordId;
  if (filter.staffId) detail.staffId = filter.staffId;
  if (filter.from) detail.from = filter.from.toISOString().slice(0, 10);
  if (filter.before) detail.to = new Date(filter.before.getTime() - DAY_MS).toISOString().slice(0, 10);
  return detail;
}

/** GET /api/staff/audit?medicalRecordId=&staffId=&from=&to=&page=: a page of 50 rows, newest first. */
async function auditSearch(ctx: Ctx): Promise<Response> {
  const { staff, grant } = await requireGrant(ctx, StaffRole.administrator);
  const { filter, page } = auditFilter(ctx);
  const [rows, total] = await Promise.all([
    searchAudit(ctx.db, filter, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
    countAudit(ctx.db, filter),
  ]);
  // Written after the search: a reading of the audit is never among its own rows.
  await auditStaff(ctx.db, staff, grant, "audit.read", { detail: { ...filterDetail(filter), page }, at: ctx.now() });
  return ok({ rows, page, pageSize: AUDIT_PAGE_SIZE, total });
}

export const AUDIT_CSV_HEADER = [
  "time (UTC)",
  "actor kind",
  "actor id",
  "staff name",
  "staff email",
  "operator",
  "role",
  "organisation",
  "action",
  "record",
  "address",
  "user agent",
  "request id",
] as const;

const csvRow = (r: AuditRow) =>
  csvLine([
    r.at,
    r.actorKind,
    r.actorId,
    r.staffName,
    r.staffEmail,
    r.operator,
    r.role,
    r.organisation,
    r.action,
    r.medicalRecordId,
    r.clientAddress,
    r.userAgent,
    r.requestId,
  ]);

/** GET /api/staff/audit.csv?medicalRecordId=&staffId=&from=&to=: the whole result (at most 50,000 rows, newest) as CSV. */
async function auditCsv(ctx: Ctx): Promise<Response> {
  const { staff, grant } = await requireGrant(ctx, StaffRole.administrator);
  const { filter } = auditFilter(ctx);
  const rows = await searchAudit(ctx.db, filter, { limit: AUDIT_CSV_MAX_ROWS, offset: 0 });
  await auditStaff(ctx.db, staff, grant, "audit.export", { detail: { ...filterDetail(filter), rows: rows.length }, at: ctx.now() });
  const text = csvLine(AUDIT_CSV_HEADER) + rows.map(csvRow).join("");
  return fileAnswer(new TextEncoder().encode(text), "text/csv; charset=utf-8", AUDIT_CSV_FILE);
}

export const staffProgramRoutes: Route<Ctx>[] = [
  {
    method: "GET",
    pattern: "/api/staff/program/participants",
    handle: participants,
    doc: {
      summary: "The program: every participant (record id, name, stage, since when), by stage.",
      auth: "staff",
      answer: programParticipant.array(),
    },
  },
  {
    method: "GET",
    pattern: "/api/staff/program/participants/:id",
    handle: participant,
    doc: {
      summary: "The program: one participant with their latest medical history, the consent's signing and the notes of stage moves (audited).",
      auth: "staff",
      answer: programParticipantDetail,
    },
  },
  {
    method: "GET",
    pattern: "/api/staff/program/participants/:id/consent.pdf",
    handle: consentPdf,
    doc: {
      summary: "The program: the participant's signed consent as stored (consent.pdf; audited).",
      auth: "staff",
      answer: { file: "application/pdf" },
    },
  },
  {
    method: "POST",
    pattern: "/api/staff/program/participants/:id/stage",
    handle: move,
    doc: {
      summary:
        "The program: moves a participant to Pre-workup Labs (4) or Completed (5) with a note; the patient is emailed (and texted) as by the command.",
      auth: "staff",
      body: programMoveBody,
      answer: programMoveResult,
    },
  },
  {
    method: "GET",
    pattern: "/api/staff/audit",
    handle: auditSearch,
    doc: {
      summary: "Administrators: the audit by record, staff person and days (UTC, both included), newest first, 50 a page (audited).",
      auth: "staff",
      query: auditQuery,
      answer: auditPage,
    },
  },
  {
    method: "GET",
    pattern: "/api/staff/audit.csv",
    handle: auditCsv,
    doc: {
      summary: "Administrators: the same search as CSV (audit.csv, at most 50,000 rows, newest first; formula cells prefixed with ').",
      auth: "staff",
      query: auditQuery.omit({ page: true }),
      answer: { file: "text/csv" },
    },
  },
];

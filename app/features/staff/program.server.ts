import { data, redirect } from "react-router";
import type { AuditPage, ProgramParticipant, ProgramParticipantDetail } from "../../../registry/contract/staff-program";
import type { StaffListItem } from "../../../registry/contract/staff-accounts";
import { attachment } from "~/platform/attachment.server";
import { addFlash } from "~/platform/auth.server";
import type { PortalContext } from "~/platform/context";
import { requireRole, requireStaffPerson } from "~/platform/staff-auth.server";
import { unavailableMessageKey } from "~/registry/client.server";
import { reach } from "~/registry/reach.server";
import type { AuditFilters } from "~/registry/staff-program-calls.server";
import { formAnswer, formFailure, inputFailure, textFields } from "~/forms/form.server";
import type { FieldErrors, FormFailure, FormMessage } from "~/forms/types";
import { AUDIT_FIELDS, auditFiltersFrom, MOVE_FIELDS, moveFromForm } from "./program-form";

/**
 * The immune-tolerance program's pages and the administrators' audit (docs/decisions/133). The portal checks the role
 * for the page (404 otherwise), and the registry checks it again on every call and audits each reading.
 */

const notFound = () => data({ message: "staffProgram.participant.notFound" }, { status: 404 });

/** A participant's number from the path, or 404. */
function participantId(param: string | undefined): number {
  if (!/^[1-9]\d{0,9}$/.test(param ?? "") || Number(param) > 2_147_483_647) throw notFound();
  return Number(param);
}

/** A refusal of the registry as the portal answers it: 404 for another role or an unknown participant. */
function refused(answer: { status: number }): never | void {
  if (answer.status === 403 || answer.status === 404) throw notFound();
}

export type ParticipantsData = { unavailable: true } | { unavailable: false; participants: ProgramParticipant[] };

/** GET /staff/program: every participant. */
export async function participantsData(context: PortalContext): Promise<ParticipantsData> {
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "program");
  const outcome = await reach(context.registry.staffProgram.participants(token));
  if (!outcome.reached) return { unavailable: true };
  refused(outcome.answer);
  if (!outcome.answer.results) return { unavailable: true };
  return { unavailable: false, participants: outcome.answer.results };
}

export type ParticipantData = { unavailable: true } | { unavailable: false; participant: ProgramParticipantDetail };

/** GET /staff/program/{id}: one participant. */
export async function participantData(context: PortalContext, param: string | undefined): Promise<ParticipantData> {
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "program");
  const id = participantId(param);
  const outcome = await reach(context.registry.staffProgram.participant(token, id));
  if (!outcome.reached) return { unavailable: true };
  refused(outcome.answer);
  if (!outcome.answer.results) return { unavailable: true };
  return { unavailable: false, participant: outcome.answer.results };
}

/** GET /staff/program/{id}/consent.pdf: the signed consent, or back to the page saying why. */
export async function consentDownload(context: PortalContext, param: string | undefined): Promise<Response> {
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "program");
  const id = participantId(param);
  const outcome = await reach(context.registry.staffProgram.consentPdf(token, id));
  if (outcome.reached && outcome.answer.success) return attachment(outcome.answer.bytes, "application/pdf", `consent-${id}.pdf`);
  if (outcome.reached && outcome.answer.status === 403) throw notFound();
  addFlash(context.staffSession, {
    kind: "alert",
    key: outcome.reached ? "staffProgram.participant.noConsent" : unavailableMessageKey(outcome.error),
  });
  return redirect(`/staff/program/${id}`);
}

/** POST /staff/program/{id}: the move to the next stage, with its note. */
export async function moveAction(form: FormData, context: PortalContext, param: string | undefined) {
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "program");
  const id = participantId(param);
  const values = textFields(form, MOVE_FIELDS);
  const refusedInput = inputFailure("program-move", values, MOVE_FIELDS);
  if (refusedInput) return refusedInput;
  const fail = (errors: FieldErrors, message?: FormMessage, status = 400) =>
    formFailure("program-move", values, errors, MOVE_FIELDS, message, status);
  const move = moveFromForm(values);
  if (!move.ok) return fail(move.errors);
  const sent = await reach(context.registry.staffProgram.move(token, id, move.body));
  if (!sent.reached) return fail({}, { key: unavailableMessageKey(sent.error) }, 503);
  if (sent.answer.success) {
    addFlash(context.staffSession, { kind: "status", key: "staffProgram.participant.moved" });
    return redirect(`/staff/program/${id}`);
  }
  refused(sent.answer);
  if (sent.answer.status === 409) return fail({}, { key: "staffProgram.participant.stageChanged" }, 409);
  return fail({}, { key: "staffConsole.failed" }, sent.answer.status >= 400 ? sent.answer.status : 400);
}

export type AuditData =
  | { unavailable: true }
  | {
      unavailable: false;
      filters: Record<(typeof AUDIT_FIELDS)[number], string>;
      failure: FormFailure | null;
      people: Array<Pick<StaffListItem, "id" | "name" | "email">>;
      result: AuditPage | null;
      csvQuery: string;
    };

/** The filters of the page's query string (as typed) and the registry's query of them, or the form's errors. */
function auditFilters(url: URL): { values: Record<(typeof AUDIT_FIELDS)[number], string>; errors: FieldErrors; filters: AuditFilters } {
  const values = Object.fromEntries(AUDIT_FIELDS.map((f) => [f, (url.searchParams.get(f) ?? "").slice(0, 200)])) as Record<
    (typeof AUDIT_FIELDS)[number],
    string
  >;
  const errors = auditFiltersFrom(values);
  const page = url.searchParams.get("page") ?? "";
  const filters: AuditFilters = Object.fromEntries(AUDIT_FIELDS.map((f) => [f, values[f].trim()]));
  if (/^[1-9]\d{0,5}$/.test(page)) filters.page = page;
  return { values, errors, filters };
}

/** GET /staff/audit?medicalRecordId=&staffId=&from=&to=&page=: the filters, the people to choose from, a page of rows. */
export async function auditData(context: PortalContext, url: URL): Promise<AuditData> {
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "administrator");
  const { values, errors, filters } = auditFilters(url);
  const bad = Object.keys(errors).length > 0;
  const [people, result] = await Promise.all([
    reach(context.registry.staff.people(token)),
    bad ? Promise.resolve(null) : reach(context.registry.staffProgram.audit(token, filters)),
  ]);
  if (!people.reached || (result && !result.reached)) return { unavailable: true };
  if (people.answer.status === 403 || (result?.reached && result.answer.status === 403)) throw new Response("not found", { status: 404 });
  if (!people.answer.results) return { unavailable: true };
  if (result?.reached && !result.answer.success && result.answer.status !== 400) return { unavailable: true };
  const { page: _page, ...csvFilters } = filters;
  const csvQuery = new URLSearchParams(Object.entries(csvFilters).filter(([, v]) => v) as Array<[string, string]>).toString();
  return {
    unavailable: false,
    filters: values,
    failure: bad ? formAnswer("audit-search", values, errors, AUDIT_FIELDS) : null,
    people: people.answer.results.map((p) => ({ id: p.id, name: p.name, email: p.email })),
    result: result?.reached && result.answer.success ? result.answer.results : null,
    csvQuery,
  };
}

/** GET /staff/audit.csv?…: the search's CSV, or back to the page saying why. */
export async function auditCsvDownload(context: PortalContext, url: URL): Promise<Response> {
  const { token, person } = await requireStaffPerson(context);
  requireRole(person, "administrator");
  const { errors, filters } = auditFilters(url);
  const back = `/staff/audit${url.search}`;
  if (Object.keys(errors).length) return redirect(back);
  const { page: _page, ...csvFilters } = filters;
  const outcome = await reach(context.registry.staffProgram.auditCsv(token, csvFilters));
  if (outcome.reached && outcome.answer.success) return attachment(outcome.answer.bytes, "text/csv; charset=utf-8", "audit.csv");
  if (outcome.reached && outcome.answer.status === 403) throw new Response("not found", { status: 404 });
  addFlash(context.staffSession, { kind: "alert", key: outcome.reached ? "staffConsole.failed" : unavailableMessageKey(outcome.error) });
  return redirect(back);
}

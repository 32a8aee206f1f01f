import { z } from "zod";
import {
  auditPage,
  programMoveResult,
  programParticipant,
  programParticipantDetail,
  type ProgramMoveBody,
} from "../../registry/contract/staff-program";
import type { Answer } from "./client.server";
import type { StaffCaller } from "./staff-calls.server";

/** A file of a staff call: its bytes as the registry made them, or the refusal (JSON) with its status. */
export type StaffFileAnswer =
  | { success: true; status: 200; bytes: Uint8Array; contentType: string; fileName: string }
  | (Answer<unknown> & { success: false; bytes: null });

/** The client's way to fetch a file from a staff call (client.server.ts), checked for its content type. */
export type StaffFileCaller = (
  path: string,
  token: string,
  file: { contentType: "application/pdf" | "text/csv"; fileName: string },
) => Promise<StaffFileAnswer>;

/** The audit's filters as the registry takes them (each one left out when empty). */
export type AuditFilters = { medicalRecordId?: string; staffId?: string; from?: string; to?: string; page?: string };

function auditQueryString(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The staff console's program and audit calls (docs/decisions/133): the program's participants, one participant, the
 * consent PDF and the stage move; the administrators' audit search and its CSV.
 */
/** Results schemas made once (registry/contract/envelope.ts keeps one envelope per results schema). */
const participantsResults = z.array(programParticipant);

export function staffProgramCalls(call: StaffCaller, file: StaffFileCaller) {
  return {
    participants: (token: string) => call("GET", "/api/staff/program/participants", participantsResults, { token }),
    participant: (token: string, id: number) => call("GET", `/api/staff/program/participants/${id}`, programParticipantDetail, { token }),
    consentPdf: (token: string, id: number) =>
      file(`/api/staff/program/participants/${id}/consent.pdf`, token, { contentType: "application/pdf", fileName: "consent.pdf" }),
    move: (token: string, id: number, body: ProgramMoveBody) =>
      call("POST", `/api/staff/program/participants/${id}/stage`, programMoveResult, { token, body }),
    audit: (token: string, filters: AuditFilters) => call("GET", `/api/staff/audit${auditQueryString(filters)}`, auditPage, { token }),
    auditCsv: (token: string, filters: Omit<AuditFilters, "page">) =>
      file(`/api/staff/audit.csv${auditQueryString(filters)}`, token, { contentType: "text/csv", fileName: "audit.csv" }),
  };
}
export type StaffProgramCalls = ReturnType<typeof staffProgramCalls>;

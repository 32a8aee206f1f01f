import { redirect } from "react-router";
import { MedicalHistoryReason } from "../../../registry/contract/medical-history-refusal";
import { isoToday } from "../../../registry/contract/registration";
import { addFlash, type SignedIn } from "~/platform/auth.server";
import { submissionBody } from "./body";
import { medicalHistoryRefusal } from "./program";
import { answersFromSubmission, draftFromUnknown, newDraft, type Answers, type MedicalHistoryDraft } from "./draft";
import { answerOr } from "~/registry/reach.server";
import { sessionCookieBytes, WRITE_LIMIT, type Session } from "~/platform/session.server";
import type { PortalContext } from "~/platform/context";

/**
 * The medical history's server side (MHX-001, MHX-005; PLT-010; docs/decisions/015): the draft kept in the
 * encrypted session until it is submitted, and the submission through the registry client. The rules are in
 * app/features/medical-history; routes call these and render.
 */

/** Today (UTC, YYYY-MM-DD), as the registry counts it for "not later than today". */
export function today(now = new Date()): string {
  return isoToday(now);
}

/** The patient's draft from the session, or null (none, malformed, or another patient's). */
export function readDraft(session: Session, owner: number): MedicalHistoryDraft | null {
  return draftFromUnknown(session.get("medicalHistoryDraft"), owner);
}

/** Keeps the draft in the session; false (nothing changed) when the cookie would grow too large. */
export function writeDraft(session: Session, draft: MedicalHistoryDraft, basePath = "/"): boolean {
  // The registered birth date is the registry's, read on every load: never kept in the cookie.
  const { registeredBirthDate: _registered, ...kept } = draft;
  if (sessionCookieBytes({ ...session.data, medicalHistoryDraft: kept }, basePath) > WRITE_LIMIT) return false;
  session.set("medicalHistoryDraft", kept);
  return true;
}

export function clearDraft(session: Session): void {
  session.unset("medicalHistoryDraft");
}

/**
 * The answers a new questionnaire starts from: the latest submission's (a patient filling it in again changes
 * what they said before), and always the birth date the patient registered with (one birth date per person,
 * docs/decisions/129). Nothing when the registry cannot say.
 */
async function startingAnswers(context: PortalContext, patient: SignedIn, registeredBirthDate: string | undefined): Promise<Answers> {
  const latest = await answerOr(context.registry.latestMedicalHistory(patient.token, patient.medicalRecordId), null);
  const earlier = latest?.success && latest.results ? answersFromSubmission(latest.results) : {};
  return registeredBirthDate ? { ...earlier, birthDate: registeredBirthDate } : earlier;
}

/**
 * Only a patient of the ImmunoFree program fills the medical history: anyone else goes back to the dashboard with
 * the reason (thrown redirect). When the registry cannot say, the pages open (the submission would fail anyway).
 * Answers the birth date the patient registered with (YYYY-MM-DD), when the registry says.
 */
async function requireProgram(context: PortalContext, patient: SignedIn): Promise<string | undefined> {
  const record = await answerOr(context.registry.passRecord(patient.medicalRecordId, patient.token), null);
  if (!record?.success || !record.results) return undefined;
  const refusal = medicalHistoryRefusal(record.results.medicalRecord.ifRegistration);
  if (!refusal) return record.results.medicalRecord.birthDate || undefined;
  addFlash(context.session, { kind: "alert", key: refusal });
  throw redirect("/landing");
}

/**
 * The patient's draft, or a new one started (and kept) when there is none; only for patients of the program. It
 * carries the birth date the patient registered with, read now, which the medical history's must equal.
 */
export async function loadDraft(context: PortalContext, patient: SignedIn): Promise<MedicalHistoryDraft> {
  const registeredBirthDate = await requireProgram(context, patient);
  // The draft never holds a birth date the questions refused, so one that differs was corrected since on the profile
  // (or the screening's validation): the record's is the birth date, in the draft as everywhere.
  const withRegistered = (d: MedicalHistoryDraft): MedicalHistoryDraft =>
    registeredBirthDate ? { ...d, answers: { ...d.answers, birthDate: registeredBirthDate }, registeredBirthDate } : d;
  const kept = readDraft(context.session, patient.medicalRecordId);
  if (kept) return withRegistered(kept);
  const draft = newDraft(patient.medicalRecordId, await startingAnswers(context, patient, registeredBirthDate));
  if (!writeDraft(context.session, draft, context.basePath)) return withRegistered(newDraft(patient.medicalRecordId));
  return withRegistered(draft);
}

export type SubmitResult = { ok: true } | { ok: false; position: number } | { ok: false; position: null };

/**
 * 'Confirm and Submit' (MHX-005): the body is built from the draft (a draft with a question to fix goes back to
 * it) and posted. Success: the draft leaves the session and 'Medical History Complete' waits on the dashboard.
 * A patient the registry finds is not a candidate goes back to the dashboard with the reason, the draft dropped.
 * Any other refusal or the registry being down: 'We were unable to update your profile', the draft kept. A refused
 * sign-in is withPatient's (the patient signs in again and finds the draft).
 */
export async function submitDraft(context: PortalContext, patient: SignedIn, draft: MedicalHistoryDraft): Promise<SubmitResult> {
  const built = submissionBody(draft.answers, today(), draft.registeredBirthDate);
  if (!built.ok) return { ok: false, position: built.position };
  const answer = await answerOr(context.registry.saveMedicalHistory(patient.token, patient.medicalRecordId, built.body), null);
  if (answer?.errors?.form === MedicalHistoryReason.notInProgram) {
    // The registry's rule (the pages ask the same one): not a candidate, so back to the dashboard with the reason.
    clearDraft(context.session);
    addFlash(context.session, { kind: "alert", key: MedicalHistoryReason.notInProgram });
    throw redirect("/landing");
  }
  if (!answer?.success) {
    addFlash(context.session, { kind: "alert", key: "medical.saveFailed" });
    return { ok: false, position: null };
  }
  clearDraft(context.session);
  addFlash(context.session, {
    kind: "status",
    key: "medical.complete",
  });
  return { ok: true };
}

import { RegistryMessage, SCREENING_TEXT_MAX, type TransplantCenter } from "../../../registry/contract";
import { toRegister, type SignedIn } from "~/platform/auth.server";
import { draftFromUnknown, recordSaved, type ScreeningDraft } from "./draft";
import { screeningSaveBody } from "../../../registry/contract/save-outcome";
import type { CenterInfo, MachineContext } from "./step-machine";
import { SessionExpiredError } from "~/registry/client.server";
import { answerOr, reach } from "~/registry/reach.server";
import type { Session } from "~/platform/session.server";
import type { PortalContext } from "~/platform/context";

/**
 * The screening wizard's server side (PLT-010, SCR-014): the draft kept in the encrypted session, the centers
 * the step machine needs, and the save through the registry client. The rules themselves are in
 * app/features/screening; routes call these and render.
 */

export function readDraft(session: Session): ScreeningDraft {
  return draftFromUnknown(session.get("screeningDraft"));
}

/** Keeps the draft in the session; free texts are capped so the cookie stays under 4 KB. */
export function writeDraft(session: Session, draft: ScreeningDraft): void {
  const cap = (s: string) => s.slice(0, SCREENING_TEXT_MAX);
  session.set("screeningDraft", {
    ...draft,
    kidneyStatusOther: cap(draft.kidneyStatusOther),
    donorStatusOther: cap(draft.donorStatusOther),
    primaryGoalOther: cap(draft.primaryGoalOther),
    preferredCenter: draft.preferredCenter.slice(0, 200),
  });
}

/** 'Start Screening': a fresh draft (DSH-003). */
export function resetScreeningDraft(session: Session): void {
  session.unset("screeningDraft");
}

export type CentersAnswer = { centers: CenterInfo[]; failed: boolean };

/** GET /api/pass/centers: the centers by name, with membership (the machine's context). A failure answers none. */
export async function loadCenters(context: PortalContext, patient: SignedIn): Promise<CentersAnswer> {
  const answer = await answerOr(context.registry.transplantCenters(patient.token), null);
  if (!answer?.success || !answer.results) return { centers: [], failed: true };
  return { centers: answer.results.map(centerInfo), failed: false };
}

function centerInfo(c: TransplantCenter): CenterInfo {
  return { centerId: c.centerId, centerName: c.centerName, isMemberCenter: c.isMemberCenter };
}

/** GRANULAR_CENTER_STEPS=false (config/settings.ts) uses the combined TransplantCenterSituation screen (SCR-006). */
export function machineContext(centers: readonly CenterInfo[], granular: boolean): MachineContext {
  return { centers, granular };
}

export function isMemberCenter(ctx: MachineContext, centerId: number): boolean {
  return ctx.centers.some((c) => c.centerId === centerId && c.isMemberCenter);
}

export type SaveResult = { ok: true; draft: ScreeningDraft } | { ok: false; message: string };

/**
 * Saves the draft (SCR-014): the first save creates the screening (POST), later saves update it (PUT), with
 * the server-bound body. A refused or expired sign-in sends the patient to /register with the timeout message
 * (SCR-019); any other failure answers its message, and the caller keeps the patient on the step.
 */
export async function saveDraft(context: PortalContext, patient: SignedIn, draft: ScreeningDraft, member: boolean): Promise<SaveResult> {
  const body = screeningSaveBody(draft, member);
  const { token, medicalRecordId } = patient;
  let saved;
  try {
    saved = await reach(
      draft.currentScreeningId > 0
        ? context.registry.updateScreening(token, medicalRecordId, draft.currentScreeningId, body)
        : context.registry.createScreening(token, medicalRecordId, body),
    );
  } catch (error) {
    if (error instanceof SessionExpiredError) return timedOut(context.session);
    throw error;
  }
  if (!saved.reached) return { ok: false, message: RegistryMessage.unavailable };
  const answer = saved.answer;
  if (answer.success && answer.results) return { ok: true, draft: recordSaved(draft, answer.results.id) };
  const message = answer.message ?? RegistryMessage.internal;
  if (message.toLowerCase().includes(RegistryMessage.tokenExpired)) return timedOut(context.session);
  return { ok: false, message };
}

function timedOut(session: Session): never {
  return toRegister(session, { kind: "alert", key: "screening.errors.timedOut" });
}

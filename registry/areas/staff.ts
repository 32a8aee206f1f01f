import { pathId, readBody } from "../http/params";
import { ImmunoFreeStatus, ReferralStatus } from "../contract/enums";
import { REFERRAL_STATUS_TEXT } from "../contract/screening";
import {
  CENTER_STAFF_KEY_HEADER,
  PROGRAM_STAFF_KEY_HEADER,
  programStageBody,
  programStageResult,
  referralStatusBody,
  referralStatusResult,
  StaffMessage,
  StaffReason,
  type ProgramStageBody,
  type ProgramStageResult,
  type ReferralStatusBody,
  type ReferralStatusResult,
  type StaffReasonValue,
} from "../contract/staff";
import { audit, type Actor } from "../data/audit";
import { ifStage, setIfStage } from "../data/if-registrations";
import { RATE_LIMITS } from "../data/rate-limits";
import { closeReferralByCenter } from "../data/staff-center";
import { lockReferral, setReferralStatus } from "../data/staff-referrals";
import type { Db } from "../db/types";
import { programStep, referralCloseStep, referralStep } from "../domain/staff-steps";
import { limitClient } from "../http/client";
import type { Ctx } from "../http/context";
import { sameStaffKey } from "../http/staff-key";
import { ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { notifyJourney } from "../outbox/journey";
import type { RegistrySettings } from "../settings";

/**
 * The staff steps after the patient's part (docs/decisions/041): a transplant center approves or
 * completes a referral, the immune-tolerance program moves a record to Pre-workup Labs or Completed. One function
 * each, used by the staff calls (HTTP, with a staff key) and the staff commands (registry/commands/cli-staff.ts).
 * Each step is one transaction: the change, the audit entry, and the patient's email (and text) queued.
 */
export type StaffOutcome<T> = { ok: true; value: T } | { ok: false; reason: StaffReasonValue };
/** A signed-in staff person acting under a role (registry/http/staff.ts), as the audit names them. */
export type StaffPersonActor = Extract<Actor, { kind: "staff" }>;
export type StaffActor = "center" | "program" | "command" | StaffPersonActor;

/** The audit actor of a step: a holder of the center or program key, the operator of a staff command, or a person. */
function auditActor(actor: StaffActor): Actor {
  if (typeof actor === "object") return actor;
  return actor === "command" ? { kind: "operator" } : { kind: "staffKey", role: actor };
}

/** The audit detail's `by`: the key's kind, `command`, or `person` (the row's actor names them). */
const byOf = (actor: StaffActor): string => (typeof actor === "object" ? "person" : actor);

/** Audit detail (identifiers only) a step's caller adds, written in the step's transaction (e.g. a note's id). */
export type StepExtra = (tx: Db, step: { from: number; to: number }) => Promise<Record<string, string | number | boolean>>;

/** The audit row of a referral's new status, and the answer: ids and the status only. */
async function referralMoved(
  tx: Db,
  referral: { id: number; screeningId: number; centerId: number; statusId: number; medicalRecordId: number },
  statusId: number,
  actor: StaffActor,
  now: Date,
): Promise<StaffOutcome<ReferralStatusResult>> {
  await audit(tx, {
    actor: auditActor(actor),
    action: "referral.status",
    medicalRecordId: referral.medicalRecordId,
    detail: { referralId: referral.id, screeningId: referral.screeningId, from: referral.statusId, to: statusId, by: byOf(actor) },
    at: now,
  });
  const value = {
    referralId: referral.id,
    screeningId: referral.screeningId,
    centerId: referral.centerId,
    statusId,
    status: REFERRAL_STATUS_TEXT[statusId]!,
  };
  return { ok: true, value };
}

export async function moveReferral(
  db: Db,
  settings: RegistrySettings,
  referralId: number,
  statusId: ReferralStatusBody["statusId"],
  actor: StaffActor,
  now: Date,
): Promise<StaffOutcome<ReferralStatusResult>> {
  return db.transaction(async (tx) => {
    const referral = await lockReferral(tx, referralId);
    if (!referral) return { ok: false, reason: StaffReason.referralUnknown };
    const verdict = referralStep(referral, statusId);
    if (!verdict.ok) return verdict;
    await setReferralStatus(tx, referral.id, statusId, now);
    await notifyJourney(
      tx,
      settings,
      referral.medicalRecordId,
      { kind: statusId === ReferralStatus.CenterApproved ? "referralApproved" : "referralCompleted", center: referral.centerName },
      { now },
    );
    return referralMoved(tx, referral, statusId, actor, now);
  });
}

/**
 * A center declines (5) or cancels (6) an open referral with its reason (docs/decisions/133): one transaction, the
 * change, the audit entry (without the reason's text, which is the center's and kept on the referral), and the
 * patient's email and text saying what happened and what the patient can do (not the reason).
 */
export async function closeReferral(
  db: Db,
  settings: RegistrySettings,
  referralId: number,
  statusId: typeof ReferralStatus.DeclinedByCenter | typeof ReferralStatus.CancelledByCenter,
  reason: string,
  actor: StaffActor,
  now: Date,
): Promise<StaffOutcome<ReferralStatusResult>> {
  return db.transaction(async (tx) => {
    const referral = await lockReferral(tx, referralId);
    if (!referral) return { ok: false, reason: StaffReason.referralUnknown };
    const verdict = referralCloseStep(referral);
    if (!verdict.ok) return verdict;
    await closeReferralByCenter(tx, referral.id, statusId, reason, now);
    await notifyJourney(
      tx,
      settings,
      referral.medicalRecordId,
      { kind: statusId === ReferralStatus.DeclinedByCenter ? "referralDeclined" : "referralCancelledByCenter", center: referral.centerName },
      { now },
    );
    return referralMoved(tx, referral, statusId, actor, now);
  });
}

export async function moveProgramStage(
  db: Db,
  settings: RegistrySettings,
  medicalRecordId: number,
  stage: ProgramStageBody["stage"],
  actor: StaffActor,
  now: Date,
  extra?: StepExtra,
): Promise<StaffOutcome<ProgramStageResult>> {
  return db.transaction(async (tx) => {
    const current = await ifStage(tx, medicalRecordId, { lock: true });
    const verdict = programStep(current, stage);
    if (!verdict.ok) return verdict;
    await setIfStage(tx, medicalRecordId, stage, now);
    await notifyJourney(
      tx,
      settings,
      medicalRecordId,
      { kind: stage === ImmunoFreeStatus.Completed ? "programCompleted" : "preWorkupLabs" },
      { now },
    );
    const added = extra ? await extra(tx, { from: current!, to: stage }) : {};
    await audit(tx, {
      actor: auditActor(actor),
      action: "program.stage",
      medicalRecordId,
      detail: { ...added, from: current!, to: stage, by: byOf(actor) },
      at: now,
    });
    return { ok: true, value: { medicalRecordId, stage } };
  });
}

/**
 * The staff key check of these calls, before anything else (so ids cannot be probed without it). The key is compared
 * first, in constant time: a right key is never counted and never refused, so wrong keys sent from a shared address
 * lock no staff member out (docs/decisions/094). A wrong key counts against the per-client-address limit of wrong
 * keys (docs/decisions/021): 401, and 429 once over it.
 */
async function requireStaffKey(ctx: Ctx, header: string, expected: string | undefined): Promise<void> {
  // docs/decisions/133: the shared keys answer only while STAFF_SHARED_KEYS=on, for the changeover.
  if (!ctx.settings.staffSharedKeys) throw new Refusal(410, StaffMessage[StaffReason.sharedKeysRetired], { form: StaffReason.sharedKeysRetired });
  if (sameStaffKey(ctx.request.headers.get(header) ?? "", expected)) return;
  await limitClient(ctx, RATE_LIMITS.staffKey);
  await audit(ctx.db, { actor: { kind: "anonymous" }, action: "staff.refused", detail: { header }, at: ctx.now() });
  throw new Refusal(401, StaffMessage[StaffReason.staffKeyInvalid], { form: StaffReason.staffKeyInvalid });
}

export const STATUS_OF_REASON: Record<StaffReasonValue, number> = {
  [StaffReason.sharedKeysRetired]: 410,
  [StaffReason.staffKeyInvalid]: 401,
  [StaffReason.referralUnknown]: 404,
  [StaffReason.notInProgram]: 404,
  [StaffReason.referralClosed]: 409,
  [StaffReason.referralAlreadyAt]: 409,
  [StaffReason.notSentToCenter]: 409,
  [StaffReason.stageNotNext]: 409,
};

export function staffStepAnswer<T>(outcome: StaffOutcome<T>, message: string): Response {
  if (!outcome.ok) throw new Refusal(STATUS_OF_REASON[outcome.reason], StaffMessage[outcome.reason], { form: outcome.reason });
  return ok(outcome.value, message);
}

/** POST /api/staff/referrals/{referralId}/status {statusId: 2|4}, header X-Center-Staff-Key. */
async function referralStatus(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  await requireStaffKey(ctx, CENTER_STAFF_KEY_HEADER, ctx.settings.centerStaffKey);
  const referralId = pathId(params.referralId, "referralId");
  const body = await readBody(ctx, referralStatusBody);
  return staffStepAnswer(await moveReferral(ctx.db, ctx.settings, referralId, body.statusId, "center", ctx.now()), StaffMessage.referralUpdated);
}

/** POST /api/staff/program/{medicalRecordId}/stage {stage: 4|5}, header X-Program-Staff-Key. */
async function programStage(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  await requireStaffKey(ctx, PROGRAM_STAFF_KEY_HEADER, ctx.settings.programStaffKey);
  const medicalRecordId = pathId(params.medicalRecordId, "medicalRecordId");
  const body = await readBody(ctx, programStageBody);
  return staffStepAnswer(await moveProgramStage(ctx.db, ctx.settings, medicalRecordId, body.stage, "program", ctx.now()), StaffMessage.stageUpdated);
}

export const staffRoutes: Route<Ctx>[] = [
  {
    method: "POST",
    pattern: "/api/staff/referrals/:referralId/status",
    handle: referralStatus,
    doc: {
      summary:
        "A transplant center approves (2) or completes (4) a referral with the shared key (answers ids and the status only). Only with STAFF_SHARED_KEYS=on, for the changeover; 410 otherwise.",
      auth: "center-staff",
      body: referralStatusBody,
      answer: referralStatusResult,
    },
  },
  {
    method: "POST",
    pattern: "/api/staff/program/:medicalRecordId/stage",
    handle: programStage,
    doc: {
      summary:
        "The immune-tolerance program moves a record to Pre-workup Labs (4) or Completed (5) with the shared key. Only with STAFF_SHARED_KEYS=on, for the changeover; 410 otherwise.",
      auth: "program-staff",
      body: programStageBody,
      answer: programStageResult,
    },
  },
];

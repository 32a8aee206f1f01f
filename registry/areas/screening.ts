import { outcomeFieldsOfBody, registrationStatusOnSave, resaveMovesBackwards, saveOutcome } from "../contract/save-outcome";
import { DonorStatus, KidneyStatus, PrimaryGoal, ReferralStatus, RegistrationStatus } from "../contract/enums";
import { RegistryMessage } from "../contract/envelope";
import { screening as screeningSchema, type Screening } from "../contract/schemas";
import { screeningBody, screeningBodyErrors, type ScreeningBody } from "../contract/screening";
import { ValidationKey } from "../contract/validation-keys";
import { audit } from "../data/audit";
import { insertReferral } from "../data/center-referrals";
import { findCenter } from "../data/centers";
import {
  findScreening,
  insertScreening,
  lockedScreeningStatus,
  screeningOwner,
  startIfRegistration,
  updateScreening,
  type ScreeningValues,
} from "../data/screenings";
import { readJsonObject } from "../http/body";
import type { Ctx } from "../http/context";
import { requireOwnRecord } from "../http/patient";
import { ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { bodyFieldErrors, definedErrors, hasErrors } from "../http/validation";
import { placeLabOrderFor } from "./labs-approval";
import { notifyScreeningSaved } from "../outbox/journey";

/**
 * POST /api/pass/{id}/screening (PLT-019): saves a new screening of the patient's own record from the server-bound
 * body (SCR-020; SCR-014) and answers it in the list-item shape, with its id.
 */
async function createScreening(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const medicalRecordId = await requireOwnRecord(ctx, params.id);
  const values = await readScreening(ctx);
  const now = ctx.now();
  const screeningId = await ctx.db.transaction(async (tx) => {
    const id = await insertScreening(tx, medicalRecordId, values, now);
    await afterSave(ctx, tx, { screeningId: id, medicalRecordId, values, now }, "screening.create");
    return id;
  });
  return ok(await answer(ctx, screeningId));
}

/**
 * PUT /api/pass/{id}/screening/{screeningId}: the same body and rules, for a screening of the patient's own record.
 * A save that would move the registration backwards (a center holds it) is refused with 409 and nothing changes
 * (SCR-016, docs/decisions/033); the row is locked for the check, so a center selection cannot slip in between.
 */
async function updateOwnScreening(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const medicalRecordId = await requireOwnRecord(ctx, params.id);
  const screeningId = await requireOwnScreening(ctx, medicalRecordId, params.screeningId);
  const values = await readScreening(ctx);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const stored = await lockedScreeningStatus(tx, screeningId);
    if (resaveMovesBackwards(stored, values.status)) throw new Refusal(409, RegistryMessage.registrationMovedOn);
    await updateScreening(tx, screeningId, values, now);
    await afterSave(ctx, tx, { screeningId, medicalRecordId, values, now }, "screening.update");
  });
  return ok(await answer(ctx, screeningId));
}

/**
 * What follows every save of a screening, in its transaction: the referral to a member center it names, the
 * immune-tolerance registration of a candidate, the patient's email, the audit line.
 */
async function afterSave(
  ctx: Ctx,
  tx: Ctx["db"],
  { screeningId, medicalRecordId, values, now }: { screeningId: number; medicalRecordId: number; values: ScreeningValues; now: Date },
  action: "screening.create" | "screening.update",
): Promise<void> {
  await referToNamedCenter(ctx, tx, screeningId, medicalRecordId, values, now);
  if (values.status === RegistrationStatus.IfPassCandidate) await startIfRegistration(tx, medicalRecordId, now);
  await notifyScreeningSaved(tx, ctx.settings, screeningId, medicalRecordId, now);
  await audit(tx, { actor: { kind: "patient", id: medicalRecordId }, action, medicalRecordId, detail: { screeningId }, at: now });
}

/**
 * A member center named on the questionnaire is confirmed as a selection confirms one (docs/decisions/035): the
 * patient is referred to it (a Pending Center referral, unless one to it is open) and the lab order is placed (unless
 * one was), so the Complete page's "referred after your lab tests, check your email for lab instructions", the
 * dashboard's lab step and the 'lab order is ready' email say the same thing.
 */
async function referToNamedCenter(
  ctx: Ctx,
  tx: Ctx["db"],
  screeningId: number,
  medicalRecordId: number,
  values: ScreeningValues,
  now: Date,
): Promise<void> {
  if (values.status !== RegistrationStatus.CompleteLabTests || values.preferredCenterId <= 0) return;
  const screening = (await findScreening(tx, screeningId))!;
  const open = screening.centerReferrals.some(
    (r) => r.centerId === values.preferredCenterId && (r.statusId === ReferralStatus.PendingCenter || r.statusId === ReferralStatus.CenterApproved),
  );
  if (!open) await insertReferral(tx, { screeningId, centerId: values.preferredCenterId, at: now });
  if (!screening.labsOrdered) await placeLabOrderFor(tx, ctx.settings, screeningId, medicalRecordId, now);
}

async function answer(ctx: Ctx, screeningId: number): Promise<Screening> {
  const screening = await findScreening(ctx.db, screeningId);
  if (!screening) throw new Refusal(404, RegistryMessage.notFound);
  return screening;
}

/**
 * PLT-013: a screening id of the record (400 for an id that is not one, 404 unknown, 403 another record's). A try at
 * another record's screening leaves an audit row (`screening.refused`: who tried, whose record, which screening; 131).
 */
export async function requireOwnScreening(ctx: Ctx, medicalRecordId: number, param: string | undefined): Promise<number> {
  const id = /^[1-9]\d{0,9}$/.test(param ?? "") ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new Refusal(400, RegistryMessage.badRequest);
  const owner = await screeningOwner(ctx.db, id);
  if (owner === null) throw new Refusal(404, RegistryMessage.notFound);
  if (owner !== medicalRecordId) {
    const detail = { screeningId: id, method: ctx.request.method };
    await audit(ctx.db, {
      actor: { kind: "patient", id: medicalRecordId },
      action: "screening.refused",
      medicalRecordId: owner,
      detail,
      at: ctx.now(),
    });
    throw new Refusal(403, RegistryMessage.forbidden);
  }
  return id;
}

/**
 * The checked body of a save, and what the registry stores for it: the outcome corrections and the registration
 * status of SCR-014, computed with the shared rules (registry/contract/save-outcome.ts) from the preferred
 * center's membership as stored here. A status sent by the client is ignored. An "Other" description is kept
 * only with its Other answer.
 */
async function readScreening(ctx: Ctx): Promise<ScreeningValues> {
  const raw = await readJsonObject(ctx.request);
  const parsed = screeningBody.safeParse(raw);
  const errors = parsed.success ? {} : bodyFieldErrors(parsed.error, raw);
  // The Other rules, also when other fields are wrong, so one answer names every problem.
  const texts = parsed.success ? parsed.data : looseTexts(raw);
  for (const [field, key] of Object.entries(definedErrors(screeningBodyErrors(texts)))) errors[field] ??= key;
  let isMember = false;
  if (parsed.success && parsed.data.preferredCenterId > 0) {
    const center = await findCenter(ctx.db, parsed.data.preferredCenterId);
    if (!center) errors.preferredCenterId = ValidationKey.invalidValue;
    isMember = center?.isMemberCenter ?? false;
  }
  if (!parsed.success || hasErrors(errors)) throw new Refusal(400, RegistryMessage.badRequest, errors);

  const body: ScreeningBody = parsed.data;
  // Only a member center can be confirmed (CEN-011): a client's flag for another center is not taken.
  const fields = { ...outcomeFieldsOfBody(body), isCenterConfirmed: body.isCenterConfirmed && isMember };
  const corrected = saveOutcome(fields, isMember);
  return {
    ...body,
    kidneyStatusOther: body.kidneyStatus === KidneyStatus.Other ? body.kidneyStatusOther : "",
    donorStatusOther: body.donorStatus === DonorStatus.Other ? body.donorStatusOther : "",
    primaryGoalOther: body.primaryGoal === PrimaryGoal.Other ? body.primaryGoalOther : "",
    isCleared: corrected.isCleared,
    isCenterConfirmed: corrected.isCenterConfirmed,
    status: registrationStatusOnSave(fields, isMember),
  };
}

/** The fields the Other rules read, from a body that did not pass the schema. */
function looseTexts(raw: Record<string, unknown>) {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    kidneyStatus: Number(raw.kidneyStatus),
    kidneyStatusOther: text(raw.kidneyStatusOther),
    donorStatus: Number(raw.donorStatus),
    donorStatusOther: text(raw.donorStatusOther),
    primaryGoal: Number(raw.primaryGoal),
    primaryGoalOther: text(raw.primaryGoalOther),
  };
}

export const screeningRoutes: Route<Ctx>[] = [
  {
    method: "POST",
    pattern: "/api/pass/:id/screening",
    handle: createScreening,
    doc: { summary: "Save a new screening; the registry computes its status.", auth: "patient", body: screeningBody, answer: screeningSchema },
  },
  {
    method: "PUT",
    pattern: "/api/pass/:id/screening/:screeningId",
    handle: updateOwnScreening,
    doc: {
      summary: "Save a screening again (409 when that would move the registration back).",
      auth: "patient",
      body: screeningBody,
      answer: screeningSchema,
    },
  },
];

/*
 * The center selection (POST .../screening/{screeningId}/center) is in areas/referrals.ts and the lab calls (order-labs,
 * lab-tests/lab-results ready|download, the lab staff calls) in areas/labs.ts (LAB-001, LAB-002, decision record 012).
 */

import { ImmunoFreeStatus } from "../contract/enums";
import { RegistryMessage } from "../contract/envelope";
import { checkMedicalHistory, mayFillMedicalHistory, medicalHistory, medicalHistoryBody, MedicalHistoryKey } from "../contract/medical-history";
import { MedicalHistoryMessage, MedicalHistoryReason } from "../contract/medical-history-refusal";
import { isoToday } from "../contract/registration";
import { audit } from "../data/audit";
import { advanceIfStage, ifStage } from "../data/if-registrations";
import { findMedicalHistory, insertMedicalHistory, latestMedicalHistory, recordBirthDate } from "../data/medical-histories";
import { readJsonObject } from "../http/body";
import { notifyJourney } from "../outbox/journey";
import type { Ctx } from "../http/context";
import { requireOwnRecord } from "../http/patient";
import { ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";

/**
 * POST /api/pass/{id}/medical-history (MHX-005, PLT-019): the 15 questions' answers of the patient's own record
 * (contract/medical-history.ts). Each submission is kept; the latest is the current one. In the same transaction the
 * record's immune-tolerance stage moves from Registration to MedicalHistory (any other stage is kept). Results: the
 * stored submission. Only a candidate of the program may submit (Requirement MHX-006; `mayFillMedicalHistory`, decision 051): anyone
 * else gets 409 `errors.form = medical.notInProgram`, checked after the body, with the stage locked. One birth date
 * per person (docs/decisions/129): a birth date other than the record's is refused, 400
 * `errors.birthDate = validation.birthDateNotRegistered`, so the registry never holds two for one patient.
 */
async function submitMedicalHistory(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const medicalRecordId = await requireOwnRecord(ctx, params.id);
  const raw = await readJsonObject(ctx.request);
  const now = ctx.now();
  const checked = checkMedicalHistory(raw, isoToday(now));
  if (!checked.ok) throw new Refusal(400, RegistryMessage.badRequest, checked.errors);
  const id = await ctx.db.transaction(async (tx) => {
    if (!mayFillMedicalHistory(await ifStage(tx, medicalRecordId, { lock: true }))) {
      throw new Refusal(409, MedicalHistoryMessage.notInProgram, { form: MedicalHistoryReason.notInProgram });
    }
    // Read in the transaction that stores it, the record's row held so a profile change waits for it.
    if ((await recordBirthDate(tx, medicalRecordId)) !== checked.answers.birthDate) {
      throw new Refusal(400, RegistryMessage.badRequest, { birthDate: MedicalHistoryKey.birthDateNotRegistered });
    }
    const id = await insertMedicalHistory(tx, medicalRecordId, checked.answers, now);
    const before = await ifStage(tx, medicalRecordId, { lock: true });
    const stage = await advanceIfStage(tx, medicalRecordId, { from: ImmunoFreeStatus.Registration, to: ImmunoFreeStatus.MedicalHistory }, now);
    // docs/decisions/042: the email when the program's medical history step is done (not for a later resubmission).
    if (before !== stage && stage === ImmunoFreeStatus.MedicalHistory)
      await notifyJourney(tx, ctx.settings, medicalRecordId, { kind: "medicalHistory" }, { now });
    const detail: Record<string, number> = { medicalHistoryId: id };
    if (stage !== null) detail.ifStage = stage;
    await audit(tx, {
      actor: { kind: "patient", id: medicalRecordId },
      action: "medical-history.submit",
      medicalRecordId,
      detail,
      at: now,
    });
    return id;
  });
  return ok(await findMedicalHistory(ctx.db, id));
}

/** GET /api/pass/{id}/medical-history: the latest submission of the patient's own record, or null (results). */
async function currentMedicalHistory(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const medicalRecordId = await requireOwnRecord(ctx, params.id);
  const latest = await latestMedicalHistory(ctx.db, medicalRecordId);
  await audit(ctx.db, { actor: { kind: "patient", id: medicalRecordId }, action: "medical-history.read", medicalRecordId, at: ctx.now() });
  return ok(latest);
}

export const medicalHistoryRoutes: Route<Ctx>[] = [
  {
    method: "POST",
    pattern: "/api/pass/:id/medical-history",
    handle: submitMedicalHistory,
    doc: {
      summary: "Submit the medical history (candidates of the immune-tolerance program).",
      auth: "patient",
      body: medicalHistoryBody,
      answer: medicalHistory,
    },
  },
  {
    method: "GET",
    pattern: "/api/pass/:id/medical-history",
    handle: currentMedicalHistory,
    doc: { summary: "The latest medical history submitted, or null.", auth: "patient", answer: medicalHistory },
  },
];

import { RegistryMessage } from "../contract/envelope";
import {
  centerSelection,
  LabFormReason,
  LabMessage,
  selectCenterBody,
  type CenterSelection,
  type LabFormReasonValue,
  type SelectCenterBody,
} from "../contract/labs";
import { ValidationKey } from "../contract/validation-keys";
import { audit } from "../data/audit";
import { insertReferral } from "../data/center-referrals";
import { findCenter } from "../data/centers";
import { closeOutReferrals, confirmCenter, lockScreening, recordIsOptedOut } from "../data/center-selection";
import { findScreening } from "../data/screenings";
import { cancelDetails, selectionVerdict } from "../domain/center-selection";
import { statusAfterCenterSelection } from "../domain/lab-orders";
import { fill } from "../messages/index";
import { readJsonObject } from "../http/body";
import { bodyFieldErrors } from "../http/validation";
import type { Ctx } from "../http/context";
import { requireOwnRecord } from "../http/patient";
import { ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { placeLabOrderFor } from "./labs-approval";
import { notifyJourney } from "../outbox/journey";
import { requireOwnScreening } from "./screening";

/** The English message of each refusal of a selection. */
const REFUSAL_MESSAGE: Partial<Record<LabFormReasonValue, string>> = {
  [LabFormReason.optedOut]: LabMessage.optedOut,
  [LabFormReason.centerNotAvailable]: LabMessage.centerNotAvailable,
  [LabFormReason.sameCenter]: LabMessage.sameCenter,
  [LabFormReason.giveAdditionalTime]: LabMessage.giveAdditionalTime,
};

/**
 * POST /api/pass/{id}/screening/{screeningId}/center { centerId, reason, other } (PLT-019, CEN-008): confirms a
 * member center for the patient's own screening. The previous selection's open referrals are closed out as Cancelled
 * by Patient with the reason and additional information (CEN-009) when the selection changes a current center; a
 * Pending Center referral dated today is created; the center becomes the preferred, confirmed center; the status
 * moves to CompleteLabTests unless it is SentToCenter; a lab order is placed when none was.
 * Refusals: 400 field keys (centerId, reason, other); 409 errors.form = LabFormReason (opted out, not at a center
 * step, the same center, 'Please Give Additional Time').
 */
async function selectCenter(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const medicalRecordId = await requireOwnRecord(ctx, params.id);
  const screeningId = await requireOwnScreening(ctx, medicalRecordId, params.screeningId);
  const body = await readSelection(ctx);
  const now = ctx.now();
  const center = await ctx.db.transaction(async (tx) => {
    await lockScreening(tx, screeningId);
    const screening = (await findScreening(tx, screeningId))!;
    const isOptedOut = await recordIsOptedOut(tx, medicalRecordId);
    const verdict = selectionVerdict({ ...screening, isOptedOut }, body.centerId, now);
    if (verdict.kind === "refused") {
      const message = fill(REFUSAL_MESSAGE[verdict.reason] ?? RegistryMessage.badRequest, { center: screening.preferredCenter });
      throw new Refusal(409, message, { form: verdict.reason });
    }
    let closed = 0;
    let reason = 0;
    if (verdict.changing) {
      const details = cancelDetails(body.reason, body.other);
      if (!details.ok) throw new Refusal(400, RegistryMessage.badRequest, details.errors);
      reason = details.value.reason;
      closed = await closeOutReferrals(tx, screeningId, details.value, now);
    }
    await insertReferral(tx, { screeningId, centerId: body.centerId, at: now });
    await confirmCenter(tx, screeningId, body.centerId, statusAfterCenterSelection(screening.status), now);
    // docs/decisions/042: the selection's email, before the lab order's own (which may follow at once).
    const center = (await findCenter(tx, body.centerId))!;
    await notifyJourney(
      tx,
      ctx.settings,
      medicalRecordId,
      { kind: "centerSelected", center: center.centerName, labs: !screening.labsOrdered || screening.labsUploadedDateTime === "" },
      { now },
    );
    if (!screening.labsOrdered) await placeLabOrderFor(tx, ctx.settings, screeningId, medicalRecordId, now);
    await audit(tx, {
      actor: { kind: "patient", id: medicalRecordId },
      action: "screening.center.select",
      medicalRecordId,
      detail: {
        screeningId,
        centerId: body.centerId,
        ...(verdict.changing ? { fromCenterId: screening.preferredCenterId, reason, closed } : {}),
      },
      at: now,
    });
    return center;
  });
  const screening = (await findScreening(ctx.db, screeningId))!;
  const results: CenterSelection = { centerId: center.centerId, centerName: center.centerName, centerReferrals: screening.centerReferrals };
  return ok(results);
}

/**
 * The checked body: field -> key for a missing centerId (required), wrong types (invalidValue), an over-long
 * text (tooLong), and a center that is not a member center of the registry (invalidValue: only member centers are
 * listed on the select-center page, CEN-001).
 */
async function readSelection(ctx: Ctx): Promise<SelectCenterBody> {
  const raw = await readJsonObject(ctx.request);
  const parsed = selectCenterBody.safeParse(raw);
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, bodyFieldErrors(parsed.error, raw));
  const center = await findCenter(ctx.db, parsed.data.centerId);
  if (!center?.isMemberCenter) throw new Refusal(400, RegistryMessage.badRequest, { centerId: ValidationKey.invalidValue });
  return parsed.data;
}

export const referralRoutes: Route<Ctx>[] = [
  {
    method: "POST",
    pattern: "/api/pass/:id/screening/:screeningId/center",
    handle: selectCenter,
    doc: {
      summary: "Select a member center for the screening (a change names its reason); refers the patient and orders labs.",
      auth: "patient",
      body: selectCenterBody,
      answer: centerSelection,
    },
  },
];

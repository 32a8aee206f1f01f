import { changeCenterDecision, type ChangeCenterScreening } from "../contract/change-center";
import { RegistrationStatus } from "../contract/enums";
import { CHANGE_CENTER_REASON_OTHER, CHANGE_CENTER_REASONS, LabFormReason, type LabFormReasonValue } from "../contract/labs";
import { ValidationKey } from "../contract/validation-keys";

/**
 * The rules of a center selection (CEN-006, CEN-008, CEN-009, CEN-011), no SQL. The change-center decision is
 * the portal's own rule (registry/contract/change-center.ts), so the registry refuses exactly what the dashboard
 * blocks ('Please Give Additional Time') and asks for a reason exactly when the dashboard shows the Additional
 * Center Registration dialog.
 */

export type SelectionFacts = ChangeCenterScreening & { isOptedOut: boolean };

/** Where a center can be chosen: cleared to select one, at the lab step, or sent to a center (to change it). */
const SELECTABLE: readonly number[] = [RegistrationStatus.SelectCenter, RegistrationStatus.CompleteLabTests, RegistrationStatus.SentToCenter];

export type SelectionVerdict =
  | { kind: "refused"; reason: LabFormReasonValue }
  /** `changing`: the selection replaces a current center, so a reason is required and open referrals are closed out. */
  | { kind: "allowed"; changing: boolean };

/**
 * First match wins: opted out; a status where no center is chosen (Screening, RuledOut, IfPassCandidate); the
 * center already preferred; the current center's referral pending and younger than 3 days (CEN-009). Otherwise
 * allowed, `changing` when the dashboard would ask why (a referral exists, or a center with the status SentToCenter).
 */
export function selectionVerdict(s: SelectionFacts, centerId: number, now: Date): SelectionVerdict {
  if (s.isOptedOut) return { kind: "refused", reason: LabFormReason.optedOut };
  if (!SELECTABLE.includes(s.status)) return { kind: "refused", reason: LabFormReason.centerNotAvailable };
  if (s.preferredCenterId > 0 && s.preferredCenterId === centerId) return { kind: "refused", reason: LabFormReason.sameCenter };
  const decision = changeCenterDecision(s, now);
  if (decision.kind === "closeOutWarning") return { kind: "refused", reason: LabFormReason.giveAdditionalTime };
  return { kind: "allowed", changing: decision.kind === "additionalCenter" };
}

export type CancelDetails = { reason: number; other: string };

/**
 * The cancel-center details of a change (CEN-010): the reason must be above 0 ('This is
 * required': null, -1 or 0) and one of the four reasons (another number is not a valid value); Other (4) needs the
 * additional information ('This is required'). The text is trimmed; with the other reasons it is optional.
 */
export function cancelDetails(
  reason: number | null,
  other: string | null,
): { ok: true; value: CancelDetails } | { ok: false; errors: Record<string, string> } {
  if (reason === null || reason <= 0) return { ok: false, errors: { reason: ValidationKey.required } };
  if (!(CHANGE_CENTER_REASONS as readonly number[]).includes(reason)) return { ok: false, errors: { reason: ValidationKey.invalidValue } };
  const text = (other ?? "").trim();
  if (reason === CHANGE_CENTER_REASON_OTHER && !text) return { ok: false, errors: { other: ValidationKey.required } };
  return { ok: true, value: { reason, other: text } };
}

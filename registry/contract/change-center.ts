import { ReferralStatus, RegistrationStatus } from "./enums";
import { SCREENING_TEXT_MAX } from "./limits";
import { DAY_MS, parseRegistryDate } from "./registry-dates";

/**
 * Changing center (CEN-009) and the Additional Center Registration form's
 * validation (CEN-010).
 */

export const CLOSE_OUT_WAIT_DAYS = 3;

export type ChangeCenterScreening = {
  id: number;
  status: number;
  preferredCenterId: number;
  preferredCenter: string;
  centerReferrals: ReadonlyArray<{ centerId: number; centerName: string; dateReferred: string; statusId: number }>;
};

export type ChangeCenterDecision =
  /** 'Please Give Additional Time': the change is blocked. */
  | { kind: "closeOutWarning"; centerName: string; titleKey: string; textKey: string; buttonKey: string }
  /** The Additional Center Registration dialog (reason, additional information). */
  | { kind: "additionalCenter"; href: `/select-center/${number}` }
  | { kind: "selectCenter"; href: `/select-center/${number}` };

/**
 * 1. The current preferred center has a referral still pending with the center and referred within 3 days
 *    (referral date plus 3 days not before now) -> close-out warning naming the center;
 * 2. otherwise, any referral -> the additional-center dialog (then /select-center/{id});
 * 3. no referral, but a preferred center and the status sent to center -> the same dialog;
 * 4. otherwise straight to /select-center/{id}.
 */
export function changeCenterDecision(s: ChangeCenterScreening, now: Date): ChangeCenterDecision {
  const href = `/select-center/${s.id}` as const;
  const blocking = s.centerReferrals.find((r) => {
    if (s.preferredCenterId <= 0 || r.centerId !== s.preferredCenterId || r.statusId !== ReferralStatus.PendingCenter) return false;
    const referred = parseRegistryDate(r.dateReferred);
    return referred !== null && referred.getTime() + CLOSE_OUT_WAIT_DAYS * DAY_MS >= now.getTime();
  });
  if (blocking)
    return {
      kind: "closeOutWarning",
      centerName: blocking.centerName || s.preferredCenter,
      titleKey: "changeCenter.closeOutTitle",
      textKey: "changeCenter.closeOutText",
      buttonKey: "changeCenter.dismiss",
    };
  if (s.centerReferrals.length > 0) return { kind: "additionalCenter", href };
  if (s.preferredCenterId > 0 && s.status === RegistrationStatus.SentToCenter) return { kind: "additionalCenter", href };
  return { kind: "selectCenter", href };
}

/** The dialog ?change={screeningId} opens on the dashboard: the close-out warning or the Additional Center Registration. */
export type ChangeCenterDialogView = { kind: "closeOut"; screeningId: number; centerName: string } | { kind: "additional"; screeningId: number };

/** The reasons of the dialog (CEN-009); -1 is the unselected placeholder. */
export const changeCenterReasons = [
  { value: 1, labelKey: "changeCenter.reasonCloser" },
  { value: 2, labelKey: "changeCenter.reasonNeverContacted" },
  { value: 3, labelKey: "changeCenter.reasonNotAGoodFit" },
  { value: 4, labelKey: "changeCenter.reasonOther" },
] as const satisfies ReadonlyArray<{ value: number; labelKey: string }>;
export const CHANGE_CENTER_REASON_PLACEHOLDER = -1;
export const CHANGE_CENTER_REASON_OTHER = 4;

/** Longest 'Additional Information' (the contract's CHANGE_CENTER_OTHER_MAX; it also keeps the session cookie small). */
export const CHANGE_CENTER_OTHER_MAX = SCREENING_TEXT_MAX;

export type CancelCenterDetails = { reason: number; other: string };
type ChangeCenterError = "validation.required" | "validation.tooLong";
export type ChangeCenterValidation =
  | { ok: true; value: CancelCenterDetails }
  | { ok: false; errors: Partial<Record<"reason" | "other", ChangeCenterError>> };

/**
 * The reason must be one of the reasons (above 0), and Other (4) needs the additional information; the
 * information is at most CHANGE_CENTER_OTHER_MAX characters once trimmed.
 */
export function validateChangeCenterReason(input: { reason: number | string | undefined; other: string | undefined }): ChangeCenterValidation {
  const reason = typeof input.reason === "number" ? input.reason : Number((input.reason ?? "").trim() || NaN);
  const other = (input.other ?? "").trim();
  const errors: Partial<Record<"reason" | "other", ChangeCenterError>> = {};
  if (!(reason > 0) || !changeCenterReasons.some((r) => r.value === reason)) errors.reason = "validation.required";
  else if (reason === CHANGE_CENTER_REASON_OTHER && !other) errors.other = "validation.required";
  if (other.length > CHANGE_CENTER_OTHER_MAX) errors.other = "validation.tooLong";
  if (errors.reason || errors.other) return { ok: false, errors };
  return { ok: true, value: { reason, other } };
}

import { ImmunoFreeStatus, ReferralStatus, RegistrationStatus } from "../contract/enums";
import { StaffReason, type StaffReasonValue } from "../contract/staff";

/**
 * The rules of the staff steps after the patient's part (docs/decisions/041), pure:
 * - a referral moves Pending Center -> Center Approved -> Completed by Center; Completed by Center also straight from
 *   Pending Center, but only once the registration is Sent to Center (the lab results recorded). A referral
 *   cancelled by the patient, completed, or declined or cancelled by the center, never changes again; a center
 *   declines or cancels (docs/decisions/133) only a referral still open (Pending Center or Center Approved);
 * - the immune-tolerance stage moves E-Sign -> Pre-workup Labs -> Completed, one stage at a time (the patient's own
 *   steps, Medical History and E-Sign, are moved by the patient's calls).
 */
export type StepVerdict = { ok: true } | { ok: false; reason: StaffReasonValue };

/** The statuses after which a referral never changes. */
const CLOSED: ReadonlySet<number> = new Set([
  ReferralStatus.CancelledByPatient,
  ReferralStatus.CompletedByCenter,
  ReferralStatus.DeclinedByCenter,
  ReferralStatus.CancelledByCenter,
]);

/** Whether a center may decline or cancel a referral of this status: only an open one. */
export function referralCloseStep(referral: { statusId: number }): StepVerdict {
  return CLOSED.has(referral.statusId) ? { ok: false, reason: StaffReason.referralClosed } : { ok: true };
}

export function referralStep(
  referral: { statusId: number; registrationStatus: number },
  target: typeof ReferralStatus.CenterApproved | typeof ReferralStatus.CompletedByCenter,
): StepVerdict {
  const { statusId } = referral;
  if (CLOSED.has(statusId)) return { ok: false, reason: StaffReason.referralClosed };
  if (statusId === target) return { ok: false, reason: StaffReason.referralAlreadyAt };
  if (target === ReferralStatus.CompletedByCenter && referral.registrationStatus !== RegistrationStatus.SentToCenter)
    return { ok: false, reason: StaffReason.notSentToCenter };
  return { ok: true };
}

/** The stage that must be reached before `target`. */
const PREVIOUS_STAGE: Record<number, number> = {
  [ImmunoFreeStatus.Preworkuplab]: ImmunoFreeStatus.ESign,
  [ImmunoFreeStatus.Completed]: ImmunoFreeStatus.Preworkuplab,
};

export function programStep(stage: number | null, target: typeof ImmunoFreeStatus.Preworkuplab | typeof ImmunoFreeStatus.Completed): StepVerdict {
  if (stage === null) return { ok: false, reason: StaffReason.notInProgram };
  if (stage !== PREVIOUS_STAGE[target]) return { ok: false, reason: StaffReason.stageNotNext };
  return { ok: true };
}

import {
  DonorStatus,
  ImmunoFreeStatus,
  KidneyStatus,
  PrimaryGoal,
  ReferralStatus,
  RegistrationStatus,
  Transfer,
  TransplantCenterSituation,
} from "../../../registry/contract/enums";
import type { Screening } from "../../../registry/contract/schemas";
import { labButton, type LabButton } from "~/components/lab-buttons";
import { labsRequired, labsUploaded, showsNotClearedView } from "~/components/registration-views";
import { parseRegistryDate } from "../../../registry/contract/registry-dates";
import { choseOtherGoal } from "../../../registry/contract/save-outcome";
import { isoDay } from "../../../registry/contract/patient-dates";
import type { TextKey } from "~/texts/texts";
import type { MessageChoices } from "../../../registry/contract/message-choices";
import { newsText } from "~/platform/news-texts";

/**
 * One registration (screening) on the dashboard (DSH-004, DSH-005, DSH-006, DSH-008): header title and status text,
 * the thank-you alert, the four step cards with their badges and buttons, the not-cleared ('situation
 * changed') view, the labs-requirement message, the immune-tolerance view and the referrals table.
 */

export type StepCardId = "screening" | "selectCenter" | "labTests" | "sentToCenter";
export type StepCardButton =
  | { kind: "showResults"; labelKey: "landing.card.showResults" }
  | { kind: "selectCenter"; labelKey: "landing.card.selectCenter" }
  | { kind: "changeCenter"; labelKey: "landing.card.changeCenter" }
  | LabButton;
export type StepCardView = {
  id: StepCardId;
  titleKey: TextKey;
  /** A completed step shows a check mark on green; an incomplete one its badge. */
  complete: boolean;
  badgeKey: TextKey | null;
  button: StepCardButton | null;
};
export type ReferralRow = { centerId: number; centerName: string; dateReferred: string; statusId: number; status: string };
export type NotClearedView = {
  alertKey: "landing.notCleared.alert";
  reasonKey: TextKey;
  situationChangedKey: "landing.notCleared.situationChanged";
  viewAnswersKey: "landing.notCleared.viewAnswers";
};
export type RegistrationCardView = {
  titleKey: TextKey;
  statusTextKey: TextKey | null;
  thankYou: { centerName: string; labsRequired: boolean; textKey: TextKey; labsTextKey: TextKey } | null;
  steps: StepCardView[];
  notCleared: NotClearedView | null;
  labsRequirementShown: boolean;
  /** Staying with a non-member center: no lab tests or referral follow; the card says so. */
  stayingWith: { centerName: string; textKey: "landing.card.stayingNonMember" } | null;
  immuneToleranceView: boolean;
  /** The immune-tolerance view's text: possible eligibility, taking part, or every step done (docs/decisions/128). */
  immuneToleranceTextKey: TextKey;
  /** The current center approved or completed the referral (staff steps, docs/decisions/043). */
  referralUpdate: {
    centerName: string;
    textKey:
      | "landing.card.centerApprovedText"
      | "landing.card.completedByCenterText"
      | "landing.card.declinedByCenterText"
      | "landing.card.cancelledByCenterText";
  } | null;
  referrals: ReferralRow[];
};

export type CardContext = {
  /** Whether the screening's preferred center is a member center of the registry. */
  preferredCenterIsMember: boolean;
  now: Date;
  /** The stage the patient reached in the immune-tolerance program (ImmunoFreeStatus), null outside it. */
  programStage?: number | null;
  /** By which channels each kind of news reaches the patient (docs/decisions/128); null when unknown. */
  delivery?: MessageChoices | null;
};

type Status = number;
const isSideStatus = (status: Status) => status === RegistrationStatus.IfPassCandidate || status === RegistrationStatus.RuledOut;

export function isTransplantedKidney(kidneyStatus: number): boolean {
  return kidneyStatus === KidneyStatus.Transplanted || kidneyStatus === KidneyStatus.TransplantedNoImmunosuppression;
}

/**
 * Header title: 'In Need of a Kidney Transplant' for the 2-year-dialysis kidney status, else 'Pending'; a candidate's
 * card whose program registration is complete says so instead of 'Pending' (docs/decisions/128).
 */
export function cardTitleKey(s: Pick<Screening, "kidneyStatus" | "status">, programStage: number | null = null): TextKey {
  if (s.kidneyStatus === KidneyStatus.Dialysis2Years) return "landing.card.titleInNeed";
  if (programStage === ImmunoFreeStatus.Completed && showsImmuneToleranceView(s)) return "landing.card.titleProgramCompleted";
  return "landing.card.titlePending";
}

/**
 * The immune-tolerance view's text (docs/decisions/128): the specification's possible eligibility ("check your email
 * for updates", or by text for a patient who chose texts only) until the medical history is in; then that the patient
 * takes part; once every step is done, who contacts the patient next.
 */
export function immuneToleranceTextKey(programStage: number | null, delivery: MessageChoices | null): TextKey {
  if (programStage === ImmunoFreeStatus.Completed) return "landing.card.immuneToleranceCompleted";
  if (programStage !== null && programStage > ImmunoFreeStatus.Registration) return "landing.card.immuneToleranceInProgram";
  return newsText("landing.card.immuneToleranceText", delivery);
}

/**
 * The patient answered that a transplant center cares for them and stays there: the center was not selected, so the
 * thank-you says what the patient told (docs/decisions/128). A center chosen later (Change Center closes the earlier
 * referral out) was selected.
 */
export function inCareOfCenter(s: Pick<Screening, "transplantCenterSituation" | "willingToTransfer" | "centerReferrals">): boolean {
  return (
    s.transplantCenterSituation === TransplantCenterSituation.Selected &&
    s.willingToTransfer === Transfer.No &&
    !s.centerReferrals.some((r) => r.statusId === ReferralStatus.CancelledByPatient)
  );
}

/** The statuses a center sets on a referral (docs/decisions/043, 133). */
const CENTER_STEPS: ReadonlySet<number> = new Set([
  ReferralStatus.CenterApproved,
  ReferralStatus.CompletedByCenter,
  ReferralStatus.DeclinedByCenter,
  ReferralStatus.CancelledByCenter,
]);

/**
 * The newest referral to the screening's current center when that center approved, completed, declined or cancelled
 * it (docs/decisions/043, 133); null otherwise (no center, pending, or the patient closed it out for another center).
 */
export function currentReferralStep(s: Pick<Screening, "preferredCenterId" | "centerReferrals">): number | null {
  if (s.preferredCenterId <= 0) return null;
  const current = sortReferrals(s.centerReferrals).find((r) => r.centerId === s.preferredCenterId);
  return current && CENTER_STEPS.has(current.statusId) ? current.statusId : null;
}

/**
 * Status text at the right of the header (DSH-004); otherwise, once the current center approved or completed the
 * referral, that step (docs/decisions/043); a referral the center declined or cancelled says so even while the lab
 * tests are pending (docs/decisions/133); none for the other statuses.
 */
export function statusTextKey(s: Pick<Screening, "status" | "preferredCenterId" | "centerReferrals">): TextKey | null {
  if (s.status === RegistrationStatus.Screening) return "landing.card.statusScreening";
  if (s.status === RegistrationStatus.SelectCenter && s.preferredCenterId <= 0) return "landing.card.statusSelectCenter";
  const step = currentReferralStep(s);
  // A center that declined or cancelled the referral is the news, before any lab step (docs/decisions/133).
  if (step === ReferralStatus.DeclinedByCenter) return "landing.card.statusDeclinedByCenter";
  if (step === ReferralStatus.CancelledByCenter) return "landing.card.statusCancelledByCenter";
  if (s.status === RegistrationStatus.CompleteLabTests) return "landing.card.statusLabTests";
  if (step === ReferralStatus.CenterApproved) return "landing.card.statusCenterApproved";
  if (step === ReferralStatus.CompletedByCenter) return "landing.card.statusCompletedByCenter";
  return null;
}

/**
 * A step is complete when the status is beyond the step's status, or equal with a preferred center chosen
 * (DSH-005). The lab step is complete only beyond it: at CompleteLabTests a center is always chosen, so the
 * 'equal' clause would tick the lab step before any lab test and hide its 'Pending Lab Test Results' badge.
 */
export function isStepComplete(stepStatus: Status, s: Pick<Screening, "status" | "preferredCenterId">): boolean {
  if (s.status > stepStatus) return true;
  if (stepStatus === RegistrationStatus.CompleteLabTests) return false;
  return s.status === stepStatus && s.preferredCenterId > 0;
}

/** Registered with a non-member center and not willing to transfer. */
function staysWithNonMember(s: Screening, member: boolean): boolean {
  return (
    s.transplantCenterSituation === TransplantCenterSituation.Selected && s.preferredCenterId > 0 && !member && s.willingToTransfer === Transfer.No
  );
}

/**
 * The reason of the not-cleared alert, first match wins (DSH-008). Goal Other has its own reason (docs/decisions/095):
 * the spec's "already registered with a center and exploring" is false for a patient registered nowhere, and the goal,
 * not the donor or the registration, is what rules such a patient out.
 */
export function notClearedReasonKey(s: Screening, preferredCenterIsMember: boolean): TextKey {
  if (s.donorStatus === DonorStatus.NoDonor) return "landing.notCleared.reasonNoDonor";
  if (choseOtherGoal(s)) return "landing.notCleared.reasonOtherGoal";
  if (s.primaryGoal === PrimaryGoal.UnderstandOptions || s.status === RegistrationStatus.IfPassCandidate) return "landing.notCleared.reasonExploring";
  if (staysWithNonMember(s, preferredCenterIsMember)) return "landing.notCleared.reasonStaying";
  if (s.preferredCenterId <= 0 && s.willingToTransfer === Transfer.No) return "landing.notCleared.reasonNotWilling";
  return "landing.notCleared.reasonNotEligible";
}

/** The labs requirement message shows unless sent to center, in the not-cleared view, or staying with a non-member center. */
export function showsLabsRequirement(s: Screening, preferredCenterIsMember: boolean): boolean {
  return !(s.status === RegistrationStatus.SentToCenter || showsNotClearedView(s) || staysWithNonMember(s, preferredCenterIsMember));
}

/** The immune-tolerance (ImmunoFree) view: candidate status, or select-center with a transplanted kidney. */
export function showsImmuneToleranceView(s: Pick<Screening, "status" | "kidneyStatus">): boolean {
  return s.status === RegistrationStatus.IfPassCandidate || (s.status === RegistrationStatus.SelectCenter && isTransplantedKidney(s.kidneyStatus));
}

/**
 * Referrals, newest first; unreadable dates last, in their given order. A readable date becomes its day as
 * YYYY-MM-DD, which the card writes MM/DD/YYYY or DD/MM/AAAA (PatientDate numeric, docs/decisions/129); other text stays.
 */
export function sortReferrals(referrals: readonly ReferralRow[]): ReferralRow[] {
  return referrals
    .map((r, i) => ({ r, i, at: parseRegistryDate(r.dateReferred) }))
    .sort((a, b) => {
      if (a.at && b.at) return b.at.getTime() - a.at.getTime() || a.i - b.i;
      if (a.at) return -1;
      if (b.at) return 1;
      return a.i - b.i;
    })
    .map(({ r, at }) => ({ ...r, dateReferred: at ? isoDay(at) : r.dateReferred }));
}

function stepCards(s: Screening, now: Date): StepCardView[] {
  const screening: StepCardView = {
    id: "screening",
    titleKey: "landing.stepScreening",
    complete: isStepComplete(RegistrationStatus.Screening, s),
    badgeKey: null,
    button: { kind: "showResults", labelKey: "landing.card.showResults" },
  };
  screening.badgeKey = screening.complete ? null : "landing.badgePendingScreening";
  if (isSideStatus(s.status)) return [screening];

  const selectComplete = isStepComplete(RegistrationStatus.SelectCenter, s);
  const selectHidden = s.status === RegistrationStatus.IfPassCandidate || s.status < RegistrationStatus.SelectCenter;
  const select: StepCardView = {
    id: "selectCenter",
    titleKey: "landing.stepSelectCenter",
    complete: selectComplete,
    badgeKey: selectComplete
      ? null
      : isTransplantedKidney(s.kidneyStatus) || s.isImmunoFreeCandidate
        ? "landing.badgeUnavailable"
        : "landing.badgePendingCenterSelect",
    button: selectHidden
      ? null
      : s.preferredCenterId > 0
        ? { kind: "changeCenter", labelKey: "landing.card.changeCenter" }
        : { kind: "selectCenter", labelKey: "landing.card.selectCenter" },
  };

  // An order waiting for its results (placed at SentToCenter by a change of center) keeps the lab step open.
  const labsComplete = isStepComplete(RegistrationStatus.CompleteLabTests, s) && !(s.labsOrdered && !labsUploaded(s));
  const lab = labButton(s, now);
  const labs: StepCardView = {
    id: "labTests",
    titleKey: "landing.stepLabTests",
    complete: labsComplete,
    badgeKey: labsComplete
      ? null
      : s.status === RegistrationStatus.CompleteLabTests && s.prescriptionDownloadDateTime.trim() !== ""
        ? "landing.badgeLabTestsDownloaded"
        : s.labsOrdered
          ? "landing.badgePendingLabTestResults"
          : "landing.badgePendingLabTestStart",
    button: lab.kind === "none" ? null : lab,
  };

  const sentComplete = isStepComplete(RegistrationStatus.SentToCenter, s);
  const sent: StepCardView = {
    id: "sentToCenter",
    titleKey: "landing.stepSentToCenter",
    complete: sentComplete,
    badgeKey: sentComplete ? null : "landing.badgePendingLabTestCompletions",
    button: null,
  };
  return [screening, select, labs, sent];
}

function referralUpdate(s: Screening): RegistrationCardView["referralUpdate"] {
  const step = currentReferralStep(s);
  if (step === ReferralStatus.CenterApproved) return { centerName: s.preferredCenter, textKey: "landing.card.centerApprovedText" };
  if (step === ReferralStatus.CompletedByCenter) return { centerName: s.preferredCenter, textKey: "landing.card.completedByCenterText" };
  if (step === ReferralStatus.DeclinedByCenter) return { centerName: s.preferredCenter, textKey: "landing.card.declinedByCenterText" };
  if (step === ReferralStatus.CancelledByCenter) return { centerName: s.preferredCenter, textKey: "landing.card.cancelledByCenterText" };
  return null;
}

/**
 * A patient staying with a non-member center (cleared, Select Center status) has no lab tests or referral ahead: the
 * card shows the screening and center steps only, with a note naming the center and the way to transfer (Change
 * Center), instead of 'Pending Lab Test Start' and 'Pending Lab Test Completions' forever.
 */
export function registrationCard(s: Screening, ctx: CardContext): RegistrationCardView {
  const notCleared = showsNotClearedView(s);
  const staying = !notCleared && s.status === RegistrationStatus.SelectCenter && staysWithNonMember(s, ctx.preferredCenterIsMember);
  const programStage = ctx.programStage ?? null;
  const delivery = ctx.delivery ?? null;
  return {
    titleKey: cardTitleKey(s, programStage),
    statusTextKey: statusTextKey(s),
    thankYou:
      s.preferredCenterId > 0 && s.donorStatus === DonorStatus.HasDonor
        ? {
            centerName: s.preferredCenter,
            labsRequired: labsRequired(s),
            textKey: inCareOfCenter(s) ? "landing.card.thankYouInCareOf" : "landing.card.thankYou",
            labsTextKey: newsText("landing.card.thankYouLabs", delivery),
          }
        : null,
    steps: notCleared ? [] : staying ? stepCards(s, ctx.now).slice(0, 2) : stepCards(s, ctx.now),
    notCleared: notCleared
      ? {
          alertKey: "landing.notCleared.alert",
          reasonKey: notClearedReasonKey(s, ctx.preferredCenterIsMember),
          situationChangedKey: "landing.notCleared.situationChanged",
          viewAnswersKey: "landing.notCleared.viewAnswers",
        }
      : null,
    labsRequirementShown: showsLabsRequirement(s, ctx.preferredCenterIsMember),
    stayingWith: staying ? { centerName: s.preferredCenter, textKey: "landing.card.stayingNonMember" } : null,
    immuneToleranceView: showsImmuneToleranceView(s),
    immuneToleranceTextKey: immuneToleranceTextKey(programStage, delivery),
    referralUpdate: referralUpdate(s),
    referrals: sortReferrals(s.centerReferrals),
  };
}

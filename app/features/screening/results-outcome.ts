import { DonorStatus, PrimaryGoal } from "../../../registry/contract/enums";
import { staysWithCurrentCenter } from "./complete-variant";
import { choseOtherGoal, isMemberCenterSelected, saveOutcome, type OutcomeFields } from "../../../registry/contract/save-outcome";
import type { TextKey } from "~/texts/texts";

/**
 * Requirement DSH-010: the outcome message of the Screening Results dialog when it is not view-only: the dialog opened from
 * the page the save leads to (Complete / Not Eligible), titled 'Screening Questionnaire', with the answers and one of
 * six messages, and a seventh for a goal of the patient's own (Other, docs/decisions/095). Three of them (staying with a
 * non-member center, information seeker, a goal of one's own) carry a Return to Dashboard button.
 */

export type ResultsOutcome =
  | "sentToMemberCenter"
  | "immuneTolerance"
  | "staysNonMember"
  | "informationSeeker"
  | "otherGoal"
  | "cleared"
  | "notCleared";

export type ResultsOutcomeView = { outcome: ResultsOutcome; textKey: TextKey; returnToDashboard: boolean };

const TEXT: Record<ResultsOutcome, TextKey> = {
  sentToMemberCenter: "screening.complete.staysMember",
  immuneTolerance: "landing.card.immuneToleranceText",
  staysNonMember: "screening.complete.staysNonMember",
  informationSeeker: "screening.results.informationSeeker",
  otherGoal: "screening.complete.otherGoal",
  cleared: "screening.complete.cleared",
  notCleared: "screening.complete.notCleared",
};

/**
 * The message, first match wins, in the order of the status the save stores (SCR-014), after the outcome corrections:
 * no donor -> not cleared (the eligibility explanation; the Not Eligible page);
 * a member center (chosen or confirmed) -> sent to that center, referred after labs;
 * an immune-tolerance candidate -> possible eligibility, check email;
 * registered with a non-member center and not transferring -> stays, Return to Dashboard;
 * goal Other -> the one explanation for a goal of the patient's own (docs/decisions/095), Return to Dashboard;
 * goal 'Understand my options' -> information seeker (not cleared, SCR-010), Return to Dashboard;
 * cleared -> select only centers close enough; otherwise not cleared -> the eligibility explanation.
 */
export function resultsOutcome(s: OutcomeFields, preferredCenterIsMember: boolean): ResultsOutcomeView {
  const o = saveOutcome(s, preferredCenterIsMember);
  const outcome: ResultsOutcome =
    o.donorStatus === DonorStatus.NoDonor
      ? "notCleared"
      : isMemberCenterSelected(o, preferredCenterIsMember) || o.isCenterConfirmed
        ? "sentToMemberCenter"
        : o.isImmunoFreeCandidate
          ? "immuneTolerance"
          : staysWithCurrentCenter(o)
            ? "staysNonMember"
            : choseOtherGoal(o)
              ? "otherGoal"
              : o.primaryGoal === PrimaryGoal.UnderstandOptions
                ? "informationSeeker"
                : o.isCleared
                  ? "cleared"
                  : "notCleared";
  const returnToDashboard = outcome === "staysNonMember" || outcome === "informationSeeker" || outcome === "otherGoal";
  return { outcome, textKey: TEXT[outcome], returnToDashboard };
}

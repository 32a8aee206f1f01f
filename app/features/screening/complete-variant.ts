import { Transfer, TransplantCenterSituation } from "../../../registry/contract/enums";
import { pageAfterSave, type OutcomeFields, type PageAfterSave } from "../../../registry/contract/save-outcome";
import type { TextKey } from "~/texts/texts";

/**
 * The Complete page (SCR-013): which variant and text it shows, and its button (Continue or Return to
 * Dashboard), which leads to the page that follows the save (SCR-014, SCR-015).
 */

export type CompleteInput = OutcomeFields & { currentScreeningId: number; preferredCenter: string };

export type CompleteOutcome = "staysMember" | "staysNonMember" | "cleared" | "notCleared";

export type CompleteView =
  | { variant: "centerConfirmed"; headingKey: TextKey; textKey: TextKey; centerName: string; button: CompleteButton }
  | { variant: "immuneToleranceCandidate"; headingKey: TextKey; textKey: TextKey; button: CompleteButton }
  | {
      /** (c) 'Completed the questionnaire' with a screening id, (d) 'Based on your answers' without. */
      variant: "completed" | "basedOnAnswers";
      outcome: CompleteOutcome;
      headingKey: TextKey;
      textKey: TextKey;
      button: CompleteButton;
    };
export type CompleteButton = { labelKey: TextKey; href: PageAfterSave };

const RETURN = "screening.returnToDashboard";
const CONTINUE = "screening.complete.continue";

/** Registered with a center and staying there (willingness No, a center chosen). */
export function staysWithCurrentCenter(s: OutcomeFields): boolean {
  return s.transplantCenterSituation === TransplantCenterSituation.Selected && s.willingToTransfer === Transfer.No && s.preferredCenterId > 0;
}

/**
 * Variant, first match wins:
 * (a) a confirmed center the patient is not merely staying with -> Center Confirmed card, Return to Dashboard;
 * (b) an immune-tolerance candidate -> thank-you;
 * (c)/(d) the outcome text: staying with the current (member / non-member) center, cleared, or not cleared.
 * The button reads Return to Dashboard when staying with the current center, or when neither cleared nor a
 * candidate; otherwise Continue. Return to Dashboard leads to /landing, Continue to the page after the save.
 */
export function completeVariant(s: CompleteInput, preferredCenterIsMember: boolean): CompleteView {
  const stays = staysWithCurrentCenter(s);
  const returns = stays || (!s.isCleared && !s.isImmunoFreeCandidate);
  const labelKey = returns ? RETURN : CONTINUE;
  // 'Return to Dashboard' always leads to the dashboard; Continue to the page after the save.
  const href: PageAfterSave = returns ? "/landing" : pageAfterSave(s, s.currentScreeningId);
  if (s.isCenterConfirmed && !stays)
    return {
      variant: "centerConfirmed",
      headingKey: "screening.complete.centerConfirmedHeading",
      textKey: "screening.complete.centerConfirmedText",
      centerName: s.preferredCenter,
      button: { labelKey: RETURN, href: "/landing" },
    };
  if (s.isImmunoFreeCandidate)
    return {
      variant: "immuneToleranceCandidate",
      headingKey: "screening.complete.immunoFreeHeading",
      textKey: "screening.complete.immunoFreeText",
      button: { labelKey, href },
    };
  const outcome: CompleteOutcome = stays ? (preferredCenterIsMember ? "staysMember" : "staysNonMember") : s.isCleared ? "cleared" : "notCleared";
  const saved = s.currentScreeningId > 0;
  return {
    variant: saved ? "completed" : "basedOnAnswers",
    outcome,
    headingKey: saved ? "screening.complete.completedHeading" : "screening.complete.basedOnAnswersHeading",
    textKey: `screening.complete.${outcome}`,
    button: { labelKey, href },
  };
}

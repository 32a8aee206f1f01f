import { Transfer, TransplantCenterSituation } from "../../../registry/contract/enums";
import { choseOtherGoal, pageAfterSave, type OutcomeFields, type PageAfterSave } from "../../../registry/contract/save-outcome";
import type { TextKey } from "~/texts/texts";

/**
 * The Complete page (SCR-013): which variant and text it shows, and its button (Continue or Return to
 * Dashboard), which leads to the page that follows the save (SCR-014, SCR-015).
 */

export type CompleteInput = OutcomeFields & { currentScreeningId: number };

export type CompleteOutcome = "staysMember" | "staysNonMember" | "cleared" | "otherGoal" | "notCleared";

/**
 * The page after a successful save (the spec's variants (b) and (c); (a) Center Confirmed and (d) 'Based on your
 * answers' are not built: docs/decisions/103).
 */
export type CompleteView =
  | { variant: "immuneToleranceCandidate"; headingKey: TextKey; textKey: TextKey; button: CompleteButton }
  | { variant: "completed"; outcome: CompleteOutcome; headingKey: TextKey; textKey: TextKey; button: CompleteButton };
export type CompleteButton = { labelKey: TextKey; href: PageAfterSave };

const RETURN = "screening.returnToDashboard";
const CONTINUE = "screening.complete.continue";

/** Registered with a center and staying there (willingness No, a center chosen). */
export function staysWithCurrentCenter(s: OutcomeFields): boolean {
  return s.transplantCenterSituation === TransplantCenterSituation.Selected && s.willingToTransfer === Transfer.No && s.preferredCenterId > 0;
}

/**
 * Variant, first match wins:
 * (b) an immune-tolerance candidate -> thank-you;
 * (c) 'You have completed the questionnaire' with the outcome text: a member center confirmed (the patient stays
 *   with it, or the registry confirmed it on save: referred after the lab tests), staying with a non-member center,
 *   cleared, not cleared by a goal of the patient's own (Other: the one explanation of docs/decisions/095), or
 *   otherwise not cleared.
 * The button reads Return to Dashboard when staying with the current center (or its center is confirmed), or when
 * neither cleared nor a candidate; otherwise Continue. Return to Dashboard leads to /landing, Continue to the page
 * after the save.
 */
export function completeVariant(s: CompleteInput, preferredCenterIsMember: boolean): CompleteView {
  const stays = staysWithCurrentCenter(s);
  const confirmed = s.isCenterConfirmed || (stays && preferredCenterIsMember);
  const returns = stays || confirmed || (!s.isCleared && !s.isImmunoFreeCandidate);
  const labelKey = returns ? RETURN : CONTINUE;
  // 'Return to Dashboard' always leads to the dashboard; Continue to the page after the save.
  const href: PageAfterSave = returns ? "/landing" : pageAfterSave(s, s.currentScreeningId);
  if (s.isImmunoFreeCandidate)
    return {
      variant: "immuneToleranceCandidate",
      headingKey: "screening.complete.immunoFreeHeading",
      textKey: "screening.complete.immunoFreeText",
      button: { labelKey, href },
    };
  const outcome: CompleteOutcome = confirmed
    ? "staysMember"
    : stays
      ? "staysNonMember"
      : s.isCleared
        ? "cleared"
        : choseOtherGoal(s)
          ? "otherGoal"
          : "notCleared";
  return {
    variant: "completed",
    outcome,
    headingKey: "screening.complete.completedHeading",
    textKey: `screening.complete.${outcome}`,
    button: { labelKey, href },
  };
}

import { Transfer } from "../../../registry/contract/enums";
import { SCREENING_SUMMARY, withReturnTo } from "~/platform/return-to";
import type { AnswerSummary } from "./answer-summary-model";
import type { ScreeningAnswers, ScreeningDraft } from "./draft";
import { continueFrom, type MachineContext } from "./step-machine";
import { Step, stepPath, type StepValue } from "./steps";
import type { TextKey } from "~/texts/texts";

/**
 * Check your answers on the screening's Validate step (SCR-022, SCR-023; docs/decisions/110): a Change link per
 * answer to the page that asked it, and after that page's Continue, straight back to the summary unless the changed
 * answer makes a later page need an answer again.
 */

/**
 * The pages that may have asked each summary question, in order of preference; the first the draft has walked in
 * this pass is the one its Change link opens (the combined center screen, GRANULAR_CENTER_STEPS=false, asks the
 * three center questions). "Willing to transfer" is answered by the Transfer page, or set by the Registration
 * (not registered: yes) or Selection (a member center: no) page.
 */
const askedBy: Partial<Record<TextKey, readonly StepValue[]>> = {
  "screening.patientSituation.question": [Step.PatientSituation],
  "screening.postTransplant.question": [Step.PostTransplant],
  "screening.postTransplant.antigenQuestion": [Step.PostTransplant],
  "screening.centerRegistration.question": [Step.TransplantCenterRegistration, Step.TransplantCenterSituation],
  "screening.centerSelection.question": [Step.TransplantCenterSelection, Step.TransplantCenterSituation],
  "screening.summary.willingToTransferQuestion": [
    Step.TransplantCenterTransfer,
    Step.TransplantCenterSelection,
    Step.TransplantCenterRegistration,
    Step.TransplantCenterSituation,
  ],
  "screening.donorSituation.question": [Step.DonorSituation],
  "screening.primaryGoal.question": [Step.PrimaryGoal],
};

/** The page a summary question's Change link opens: one walked in this pass, else none (no link). */
export function changeStepOf(questionKey: TextKey, reached: readonly StepValue[]): StepValue | undefined {
  return askedBy[questionKey]?.find((step) => reached.includes(step));
}

/** The summary with a Change link on each answer whose page the draft has walked. */
export function withChangeLinks(summary: AnswerSummary, reached: readonly StepValue[]): AnswerSummary {
  if (summary.kind !== "answers") return summary;
  return {
    ...summary,
    groups: summary.groups.map((g) => ({
      ...g,
      items: g.items.map((item) => {
        const step = changeStepOf(item.questionKey, reached);
        return step === undefined ? item : { ...item, changeHref: withReturnTo(stepPath(step), SCREENING_SUMMARY) };
      }),
    })),
  };
}

const isWillingness = (v: number) => v === Transfer.Yes || v === Transfer.No;

/**
 * The answers a page after the changed one is given again on the way back. Each page keeps its answer in the draft,
 * except Transfer, whose answer is reset as it opens (SCR-008): the answer given before is carried only while the
 * center is the same one, so a new non-member center is asked about again.
 */
function carried(d: ScreeningDraft, before: ScreeningDraft): Partial<ScreeningAnswers> {
  const asksTransfer = d.step === Step.TransplantCenterTransfer || (d.step === Step.TransplantCenterSituation && d.situationSubStep === 3);
  if (asksTransfer && d.preferredCenterId > 0 && d.preferredCenterId === before.preferredCenterId && isWillingness(before.willingToTransfer))
    return { willingToTransfer: before.willingToTransfer };
  return {};
}

export type BackToSummary = { draft: ScreeningDraft; arrived: boolean };

/**
 * After a changed answer's Continue (`changed`: the draft on the page it led to; `before`: the draft as it was on the
 * changed page): each following page is passed as if the patient pressed Continue on it without changing anything,
 * up to the summary (`arrived`). The walk stops, on that page, at the first one whose Continue would fail (a new
 * question, or an answer the change no longer allows) or would save the screening (Complete, Not Eligible): the
 * patient answers it, and the walk goes on from there.
 */
export function backToSummary(changed: ScreeningDraft, before: ScreeningDraft, ctx: MachineContext): BackToSummary {
  let d = changed;
  // Each step moves forward through the flow, which has fewer than a dozen pages.
  for (let i = 0; i < 12 && d.step !== Step.PatientValidation; i++) {
    const next = continueFrom(d, carried(d, before), ctx);
    if (!next.ok || next.save) return { draft: d, arrived: false };
    d = next.draft;
  }
  return { draft: d, arrived: d.step === Step.PatientValidation };
}

import type { SituationSubStep } from "./draft";
import { progressOrder, Step, TRACKER_STEP_COUNT, trackerSteps, type StepValue } from "./steps";
import type { TextKey } from "~/texts/texts";

/**
 * The step tracker (SCR-003): 'Progress: Step X of N', the percentage (rounded share of completed steps
 * among the 8 shown), and per step: completed, current, clickable (completed or current).
 *
 * The specification gives the steps outside the tracker (SCR-003) the order 999, which read literally would mark all 8 steps
 * completed while the patient is on PostTransplant or the combined center screen. Here a step outside the
 * tracker stands at the place it takes in the flow: PostTransplant just after Health Status, the combined
 * center screen at Registration / Select Center / Transfer Care by sub-step, NotEligible just after Donor Status.
 */

export type TrackerStep = {
  step: StepValue;
  number: number;
  labelKey: TextKey;
  completed: boolean;
  current: boolean;
  clickable: boolean;
};
export type TrackerView = {
  /** X of 'Progress: Step X of N'. */
  stepNumber: number;
  total: number;
  percent: number;
  steps: TrackerStep[];
  textKey: TextKey;
};

/** Where a step stands on the tracker's order. */
export function trackerPosition(step: StepValue, subStep: SituationSubStep = 1): number {
  switch (step) {
    case Step.PostTransplant:
      return 1.5;
    case Step.TransplantCenterSituation:
      return progressOrder(Step.TransplantCenterRegistration) + (subStep - 1);
    case Step.NotEligible:
      return progressOrder(Step.DonorSituation) + 0.5;
    default:
      return progressOrder(step);
  }
}

export function stepTracker(current: StepValue, subStep: SituationSubStep = 1): TrackerView {
  const position = trackerPosition(current, subStep);
  const steps = trackerSteps.map(({ step, labelKey }, i) => {
    const order = progressOrder(step);
    const isCurrent = order === position;
    const completed = order < position || (step === Step.Complete && isCurrent);
    return { step, number: i + 1, labelKey, completed, current: isCurrent, clickable: completed || isCurrent };
  });
  const completedCount = steps.filter((s) => s.completed).length;
  const currentIndex = steps.findIndex((s) => s.current);
  const stepNumber = currentIndex >= 0 ? currentIndex + 1 : Math.min(completedCount + 1, TRACKER_STEP_COUNT);
  return {
    stepNumber,
    total: TRACKER_STEP_COUNT,
    percent: Math.round((completedCount / TRACKER_STEP_COUNT) * 100),
    steps,
    textKey: "screening.tracker.progress",
  };
}

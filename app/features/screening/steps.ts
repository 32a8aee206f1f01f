import type { ValueOf } from "../../../registry/contract/enums";
import type { TextKey } from "~/texts/texts";

/**
 * The wizard's steps, their page slugs (SCR-001) and the step tracker's order and
 * labels (SCR-002, SCR-003).
 */
export const Step = {
  PatientSituation: 0,
  PostTransplant: 10,
  TransplantCenterSituation: 20,
  DonorSituation: 22,
  PrimaryGoal: 23,
  PatientValidation: 30,
  NotEligible: 35,
  Complete: 40,
  TransplantCenterRegistration: 50,
  TransplantCenterSelection: 51,
  TransplantCenterTransfer: 52,
} as const;
export type StepValue = ValueOf<typeof Step>;

export const allSteps: readonly StepValue[] = Object.values(Step);

export function isStep(value: unknown): value is StepValue {
  return typeof value === "number" && (allSteps as readonly number[]).includes(value);
}

/** The {page} of /screening/{page} for each step (SCR-001). */
export const stepSlugs: Readonly<Record<StepValue, string>> = {
  [Step.PatientSituation]: "patient-situation",
  [Step.PostTransplant]: "post-transplant",
  [Step.TransplantCenterSituation]: "transplant-center-situation",
  [Step.DonorSituation]: "donor-situation",
  [Step.PrimaryGoal]: "primary-goal",
  [Step.PatientValidation]: "patient-validation",
  [Step.NotEligible]: "not-eligible",
  [Step.Complete]: "complete",
  [Step.TransplantCenterRegistration]: "transplant-center-registration",
  [Step.TransplantCenterSelection]: "transplant-center-selection",
  [Step.TransplantCenterTransfer]: "transplant-center-transfer",
};

export function slugOfStep(step: StepValue): string {
  return stepSlugs[step];
}

/** The step of a page slug; undefined for an unknown slug (the route then redirects). */
export function stepOfSlug(slug: string | undefined | null): StepValue | undefined {
  if (!slug) return undefined;
  for (const step of allSteps) if (stepSlugs[step] === slug) return step;
  return undefined;
}

/** The address of a step's page. */
export function stepPath(step: StepValue): string {
  return `/screening/${stepSlugs[step]}`;
}

/** The steps shown in the tracker, in order, with their labels (SCR-003). */
export const trackerSteps: ReadonlyArray<{ step: StepValue; labelKey: TextKey }> = [
  { step: Step.PatientSituation, labelKey: "screening.tracker.healthStatus" },
  { step: Step.TransplantCenterRegistration, labelKey: "screening.tracker.registration" },
  { step: Step.TransplantCenterSelection, labelKey: "screening.tracker.selectCenter" },
  { step: Step.TransplantCenterTransfer, labelKey: "screening.tracker.transferCare" },
  { step: Step.DonorSituation, labelKey: "screening.tracker.donorStatus" },
  { step: Step.PrimaryGoal, labelKey: "screening.tracker.yourGoals" },
  { step: Step.PatientValidation, labelKey: "screening.tracker.verifyInfo" },
  { step: Step.Complete, labelKey: "screening.tracker.complete" },
];

/** Number of steps the tracker shows (SCR-003). */
export const TRACKER_STEP_COUNT = 8;

/** Progress order (SCR-003): steps outside the tracker count as 999. */
export function progressOrder(step: StepValue): number {
  switch (step) {
    case Step.PatientSituation:
      return 1;
    case Step.TransplantCenterRegistration:
      return 2;
    case Step.TransplantCenterSelection:
      return 3;
    case Step.TransplantCenterTransfer:
      return 4;
    case Step.DonorSituation:
      return 6;
    case Step.PrimaryGoal:
      return 7;
    case Step.PatientValidation:
      return 8;
    case Step.Complete:
      return 9;
    default:
      return 999;
  }
}

/**
 * The warning banner of SCR-002 ('Please read VERY carefully...') shows while the step comes before Donor
 * Situation in the flow and is not Complete: the patient situation, post-transplant and center steps.
 */
export function showsCarefulWarning(step: StepValue): boolean {
  return (
    step === Step.PatientSituation ||
    step === Step.PostTransplant ||
    step === Step.TransplantCenterSituation ||
    step === Step.TransplantCenterRegistration ||
    step === Step.TransplantCenterSelection ||
    step === Step.TransplantCenterTransfer
  );
}

/** 'Return to Dashboard' shows on every step except Complete (SCR-002). */
export function showsReturnToDashboard(step: StepValue): boolean {
  return step !== Step.Complete;
}

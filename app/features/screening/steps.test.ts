import { describe, expect, it } from "vitest";
import {
  allSteps,
  isStep,
  progressOrder,
  showsCarefulWarning,
  showsReturnToDashboard,
  slugOfStep,
  Step,
  stepOfSlug,
  stepPath,
  TRACKER_STEP_COUNT,
  trackerSteps,
} from "./steps";

describe("steps and their pages (SCR-001)", () => {
  it.each([
    [Step.PatientSituation, 0, "patient-situation", 1],
    [Step.PostTransplant, 10, "post-transplant", 999],
    [Step.TransplantCenterSituation, 20, "transplant-center-situation", 999],
    [Step.DonorSituation, 22, "donor-situation", 6],
    [Step.PrimaryGoal, 23, "primary-goal", 7],
    [Step.PatientValidation, 30, "patient-validation", 8],
    [Step.NotEligible, 35, "not-eligible", 999],
    [Step.Complete, 40, "complete", 9],
    [Step.TransplantCenterRegistration, 50, "transplant-center-registration", 2],
    [Step.TransplantCenterSelection, 51, "transplant-center-selection", 3],
    [Step.TransplantCenterTransfer, 52, "transplant-center-transfer", 4],
  ] as const)("step %i: value %i, slug %s, progress order %i", (step, value, slug, order) => {
    expect(step).toBe(value);
    expect(slugOfStep(step)).toBe(slug);
    expect(stepOfSlug(slug)).toBe(step);
    expect(stepPath(step)).toBe(`/screening/${slug}`);
    expect(progressOrder(step)).toBe(order);
    expect(isStep(step)).toBe(true);
  });

  it("knows all eleven steps", () => expect(allSteps).toHaveLength(11));

  it.each([["unknown"], [""], [undefined], [null], ["Patient-Situation"], ["complete/"]])("unknown slug %j -> undefined", (slug) => {
    expect(stepOfSlug(slug)).toBeUndefined();
  });

  it.each([[1], [-1], ["0"], [null], [21]])("isStep(%j) is false", (v) => expect(isStep(v)).toBe(false));

  it("tracker shows the 8 steps in order with their labels (SCR-003)", () => {
    expect(TRACKER_STEP_COUNT).toBe(8);
    expect(trackerSteps.map((t) => [t.step, t.labelKey])).toEqual([
      [Step.PatientSituation, "screening.tracker.healthStatus"],
      [Step.TransplantCenterRegistration, "screening.tracker.registration"],
      [Step.TransplantCenterSelection, "screening.tracker.selectCenter"],
      [Step.TransplantCenterTransfer, "screening.tracker.transferCare"],
      [Step.DonorSituation, "screening.tracker.donorStatus"],
      [Step.PrimaryGoal, "screening.tracker.yourGoals"],
      [Step.PatientValidation, "screening.tracker.verifyInfo"],
      [Step.Complete, "screening.tracker.complete"],
    ]);
  });

  it.each([
    [Step.PatientSituation, true, true],
    [Step.PostTransplant, true, true],
    [Step.TransplantCenterSituation, true, true],
    [Step.TransplantCenterRegistration, true, true],
    [Step.TransplantCenterSelection, true, true],
    [Step.TransplantCenterTransfer, true, true],
    [Step.DonorSituation, false, true],
    [Step.PrimaryGoal, false, true],
    [Step.PatientValidation, false, true],
    [Step.NotEligible, false, true],
    [Step.Complete, false, false],
  ] as const)("step %i: careful warning %s, Return to Dashboard %s (SCR-002)", (step, warning, dashboard) => {
    expect(showsCarefulWarning(step)).toBe(warning);
    expect(showsReturnToDashboard(step)).toBe(dashboard);
  });
});

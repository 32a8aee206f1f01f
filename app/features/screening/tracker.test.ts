import { describe, expect, it } from "vitest";
import { stepTracker, trackerPosition } from "./tracker";
import { Step, type StepValue } from "./steps";
import type { SituationSubStep } from "./draft";

describe("step tracker (SCR-003)", () => {
  it.each([
    // step, sub-step, X, percent, completed numbers, current number
    [Step.PatientSituation, 1, 1, 0, [], 1],
    [Step.PostTransplant, 1, 2, 13, [1], null],
    [Step.TransplantCenterRegistration, 1, 2, 13, [1], 2],
    [Step.TransplantCenterSituation, 1, 2, 13, [1], 2],
    [Step.TransplantCenterSituation, 2, 3, 25, [1, 2], 3],
    [Step.TransplantCenterSituation, 3, 4, 38, [1, 2, 3], 4],
    [Step.TransplantCenterSelection, 1, 3, 25, [1, 2], 3],
    [Step.TransplantCenterTransfer, 1, 4, 38, [1, 2, 3], 4],
    [Step.DonorSituation, 1, 5, 50, [1, 2, 3, 4], 5],
    [Step.NotEligible, 1, 6, 63, [1, 2, 3, 4, 5], null],
    [Step.PrimaryGoal, 1, 6, 63, [1, 2, 3, 4, 5], 6],
    [Step.PatientValidation, 1, 7, 75, [1, 2, 3, 4, 5, 6], 7],
    [Step.Complete, 1, 8, 100, [1, 2, 3, 4, 5, 6, 7, 8], 8],
  ] as const)("step %i (sub-step %i): Step %i of 8, %i%%", (step, sub, x, percent, completed, current) => {
    const view = stepTracker(step as StepValue, sub as SituationSubStep);
    expect(view.stepNumber).toBe(x);
    expect(view.total).toBe(8);
    expect(view.percent).toBe(percent);
    expect(view.textKey).toBe("screening.tracker.progress");
    expect(view.steps.filter((s) => s.completed).map((s) => s.number)).toEqual(completed);
    expect(view.steps.find((s) => s.current)?.number ?? null).toBe(current);
    for (const s of view.steps) expect(s.clickable).toBe(s.completed || s.current);
  });

  it("numbers and labels the 8 steps", () => {
    expect(stepTracker(Step.PatientSituation).steps.map((s) => [s.number, s.labelKey])).toEqual([
      [1, "screening.tracker.healthStatus"],
      [2, "screening.tracker.registration"],
      [3, "screening.tracker.selectCenter"],
      [4, "screening.tracker.transferCare"],
      [5, "screening.tracker.donorStatus"],
      [6, "screening.tracker.yourGoals"],
      [7, "screening.tracker.verifyInfo"],
      [8, "screening.tracker.complete"],
    ]);
  });

  it.each([
    [Step.PostTransplant, 1, 1.5],
    [Step.TransplantCenterSituation, 3, 4],
    [Step.NotEligible, 1, 6.5],
    [Step.Complete, 1, 9],
  ] as const)("position of %i/%i is %d", (step, sub, pos) => {
    expect(trackerPosition(step, sub)).toBe(pos);
  });
});

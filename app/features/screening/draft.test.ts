import { describe, expect, it } from "vitest";
import { draftFromUnknown, furthestStep, initialDraft, isWellFormedDraft, recordSaved, resetDraft } from "./draft";
import { Step } from "./steps";

describe("screening draft (SCR-021)", () => {
  it("starts with every enumeration Unknown, ids 0, at PatientSituation", () => {
    expect(initialDraft()).toEqual({
      kidneyStatus: -1,
      kidneyStatusOther: "",
      transplantType: -1,
      antigenMatch: -1,
      transplantCenterSituation: -1,
      preferredCenterId: 0,
      preferredCenter: "",
      willingToTransfer: -1,
      donorStatus: -1,
      donorStatusOther: "",
      primaryGoal: -1,
      primaryGoalOther: "",
      isCleared: false,
      isImmunoFreeCandidate: false,
      isCenterConfirmed: false,
      step: Step.PatientSituation,
      previousStep: null,
      currentScreeningId: 0,
      situationSubStep: 1,
      reached: [Step.PatientSituation],
    });
  });

  it.each([
    [undefined, 0],
    [0, 0],
    [-3, 0],
    [17, 17],
  ] as const)("resetDraft(%s) keeps screening id %i", (keep, id) => {
    const d = resetDraft(keep);
    expect(d).toEqual({ ...initialDraft(), currentScreeningId: id });
  });

  it("records the id of the first save and keeps only the terminal step on the trail (docs/decisions/033)", () => {
    const done = { ...initialDraft(), step: Step.Complete, reached: [Step.PatientSituation, Step.PatientValidation, Step.Complete] };
    expect(recordSaved(done, 9)).toMatchObject({ currentScreeningId: 9, step: Step.Complete, reached: [Step.Complete] });
  });

  it.each([
    [[Step.PatientSituation], Step.PatientSituation],
    [[Step.PatientSituation, Step.TransplantCenterRegistration, Step.DonorSituation], Step.DonorSituation],
    [[], Step.PatientSituation],
  ] as const)("furthest step of trail %j is %i", (reached, furthest) => {
    expect(furthestStep({ ...initialDraft(), reached: [...reached] })).toBe(furthest);
  });

  const good = { ...initialDraft(), step: Step.DonorSituation, reached: [Step.PatientSituation, Step.DonorSituation] };
  it.each([
    ["a well-formed draft", good, true],
    ["null", null, false],
    ["a string", "draft", false],
    ["a text number", { ...good, kidneyStatus: "1" }, false],
    ["a fractional id", { ...good, preferredCenterId: 1.5 }, false],
    ["a missing text", { ...good, primaryGoalOther: undefined }, false],
    ["a text flag", { ...good, isCleared: "true" }, false],
    ["an unknown step", { ...good, step: 21 }, false],
    ["an unknown previous step", { ...good, previousStep: 99 }, false],
    ["a known previous step", { ...good, previousStep: Step.PatientSituation }, true],
    ["a bad sub-step", { ...good, situationSubStep: 4 }, false],
    ["an empty trail", { ...good, reached: [] }, false],
    ["a trail with an unknown step", { ...good, reached: [0, 21, 22] }, false],
    ["a step not on its trail", { ...good, step: Step.Complete }, false],
  ] as const)("%s: well-formed %s; unreadable falls back to a fresh draft", (_n, value, ok) => {
    expect(isWellFormedDraft(value)).toBe(ok);
    expect(draftFromUnknown(value)).toEqual(ok ? value : initialDraft());
  });

  it("reading a draft copies its trail", () => {
    const read = draftFromUnknown(good);
    expect(read).not.toBe(good);
    expect(read.reached).not.toBe(good.reached);
  });
});

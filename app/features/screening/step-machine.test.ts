import { describe, expect, it } from "vitest";
import { AntigenMatch, BiologicalRelative, DonorStatus, KidneyStatus, PrimaryGoal, Transfer, TransplantCenterSituation } from "./answer-enums";
import { initialDraft, type ScreeningDraft } from "./draft";
import {
  allowedStep,
  allowedTransitions,
  answersFromForm,
  applyAnswers,
  canContinue,
  chooseCenter,
  continueFrom,
  enterStep,
  isAllowedTransition,
  navigationState,
  previousFrom,
  stepFields,
  type MachineContext,
} from "./step-machine";
import { allSteps, Step, type StepValue } from "./steps";

const K = KidneyStatus;
const D = DonorStatus;
const G = PrimaryGoal;
const S = TransplantCenterSituation;
const R = BiologicalRelative;
const A = AntigenMatch;
const MEMBER = 1;
const NON_MEMBER = 2;
const centers = [
  { centerId: MEMBER, isMemberCenter: true, centerName: "Member" },
  { centerId: NON_MEMBER, isMemberCenter: false, centerName: "Local" },
];
const ctx: MachineContext = { centers };
const combined: MachineContext = { centers, granular: false };

const at = (step: StepValue, patch: Partial<ScreeningDraft> = {}, reached?: StepValue[]): ScreeningDraft => ({
  ...initialDraft(),
  step,
  reached: reached ?? (step === Step.PatientSituation ? [Step.PatientSituation] : [Step.PatientSituation, step]),
  ...patch,
});

describe("Continue gates (SCR-004, SCR-008)", () => {
  const ok = {};
  const choose = "screening.errors.chooseOption";
  const describeOther = "screening.errors.describeOther";
  const chooseCenterKey = "screening.errors.chooseCenter";
  it.each([
    ["PatientSituation unknown", at(Step.PatientSituation), { kidneyStatus: choose }],
    ["PatientSituation not offered (3)", at(Step.PatientSituation, { kidneyStatus: K.TransplantedNoImmunosuppression }), { kidneyStatus: choose }],
    ["PatientSituation dialysis now", at(Step.PatientSituation, { kidneyStatus: K.DialysisNow }), ok],
    [
      "PatientSituation Other, blank",
      at(Step.PatientSituation, { kidneyStatus: K.Other, kidneyStatusOther: "  " }),
      { kidneyStatusOther: describeOther },
    ],
    ["PatientSituation Other, described", at(Step.PatientSituation, { kidneyStatus: K.Other, kidneyStatusOther: "x" }), ok],
    ["PostTransplant unknown", at(Step.PostTransplant), { transplantType: choose }],
    ["PostTransplant parent (no antigen question)", at(Step.PostTransplant, { transplantType: R.Parent }), ok],
    ["PostTransplant sibling without antigen", at(Step.PostTransplant, { transplantType: R.Sibling }), { antigenMatch: choose }],
    ["PostTransplant sibling, not sure", at(Step.PostTransplant, { transplantType: R.Sibling, antigenMatch: A.NotSure }), ok],
    ["Registration unknown", at(Step.TransplantCenterRegistration), { transplantCenterSituation: choose }],
    ["Registration no", at(Step.TransplantCenterRegistration, { transplantCenterSituation: S.NotSelected }), ok],
    ["Selection none", at(Step.TransplantCenterSelection), { preferredCenterId: chooseCenterKey }],
    ["Selection unknown center", at(Step.TransplantCenterSelection, { preferredCenterId: 99 }), { preferredCenterId: chooseCenterKey }],
    ["Selection known center", at(Step.TransplantCenterSelection, { preferredCenterId: NON_MEMBER }), ok],
    ["Transfer unknown", at(Step.TransplantCenterTransfer), { willingToTransfer: choose }],
    ["Transfer no", at(Step.TransplantCenterTransfer, { willingToTransfer: Transfer.No }), ok],
    ["Combined #1 unknown", at(Step.TransplantCenterSituation), { transplantCenterSituation: choose }],
    ["Combined #1 yes", at(Step.TransplantCenterSituation, { transplantCenterSituation: S.Selected }), ok],
    ["Combined #2 none", at(Step.TransplantCenterSituation, { situationSubStep: 2 }), { preferredCenterId: chooseCenterKey }],
    ["Combined #2 center", at(Step.TransplantCenterSituation, { situationSubStep: 2, preferredCenterId: MEMBER }), ok],
    ["Combined #3 unknown", at(Step.TransplantCenterSituation, { situationSubStep: 3 }), { willingToTransfer: choose }],
    ["Combined #3 yes", at(Step.TransplantCenterSituation, { situationSubStep: 3, willingToTransfer: Transfer.Yes }), ok],
    ["Donor unknown", at(Step.DonorSituation), { donorStatus: choose }],
    ["Donor Other blank", at(Step.DonorSituation, { donorStatus: D.Other }), { donorStatusOther: describeOther }],
    ["Donor Other described", at(Step.DonorSituation, { donorStatus: D.Other, donorStatusOther: "maybe" }), ok],
    ["Goal unknown", at(Step.PrimaryGoal), { primaryGoal: choose }],
    [
      "Goal not offered (voucher without a donor)",
      at(Step.PrimaryGoal, { donorStatus: D.FindDonor, primaryGoal: G.StandardVoucher }),
      { primaryGoal: choose },
    ],
    ["Goal UnderstandOptions is never offered", at(Step.PrimaryGoal, { primaryGoal: G.UnderstandOptions }), { primaryGoal: choose }],
    ["Goal Other blank", at(Step.PrimaryGoal, { primaryGoal: G.Other }), { primaryGoalOther: describeOther }],
    ["Goal Kidney for Life", at(Step.PrimaryGoal, { primaryGoal: G.TransferToKidneyForLifeCenter }), ok],
    ["PatientValidation always", at(Step.PatientValidation), ok],
    ["NotEligible always", at(Step.NotEligible), ok],
    ["Complete always", at(Step.Complete), ok],
  ] as const)("%s", (_n, draft, errors) => {
    const result = canContinue(draft, ctx);
    expect(result).toEqual(Object.keys(errors).length === 0 ? { ok: true } : { ok: false, errors });
  });

  it("without a centers list, any center above 0 passes", () => {
    expect(canContinue(at(Step.TransplantCenterSelection, { preferredCenterId: 99 })).ok).toBe(true);
  });
});

describe("answers and their resets (SCR-005, SCR-007, SCR-009, SCR-010)", () => {
  it.each([
    [
      "Parent resets the antigen answer and ignores a posted one",
      { antigenMatch: A.Yes },
      { transplantType: R.Parent, antigenMatch: A.No },
      { transplantType: R.Parent, antigenMatch: A.Unknown },
    ],
    [
      "Child keeps the previous antigen answer",
      { antigenMatch: A.Yes },
      { transplantType: R.Child, antigenMatch: A.No },
      { transplantType: R.Child, antigenMatch: A.Yes },
    ],
    [
      "Sibling resets, then takes the posted antigen answer",
      { antigenMatch: A.Yes },
      { transplantType: R.Sibling, antigenMatch: A.NotSure },
      { transplantType: R.Sibling, antigenMatch: A.NotSure },
    ],
    ["Sibling without an antigen answer", { antigenMatch: A.Yes }, { transplantType: R.Sibling }, { antigenMatch: A.Unknown }],
    ["Not biological resets", { antigenMatch: A.No }, { transplantType: R.NotBiological }, { antigenMatch: A.Unknown }],
    ["Other biological resets", { antigenMatch: A.No }, { transplantType: R.BiologicalOther }, { antigenMatch: A.Unknown }],
  ] as const)("PostTransplant: %s", (_n, before, answers, after) => {
    expect(applyAnswers(at(Step.PostTransplant, before), answers, ctx)).toMatchObject(after);
  });

  it.each([
    ["kidney: Other keeps its trimmed text", Step.PatientSituation, { kidneyStatus: K.Other, kidneyStatusOther: " x " }, { kidneyStatusOther: "x" }],
    [
      "kidney: another answer clears the text",
      Step.PatientSituation,
      { kidneyStatus: K.DialysisNow, kidneyStatusOther: "x" },
      { kidneyStatusOther: "" },
    ],
    ["donor: Other keeps its text", Step.DonorSituation, { donorStatus: D.Other, donorStatusOther: "y" }, { donorStatusOther: "y" }],
    ["donor: another answer clears the text", Step.DonorSituation, { donorStatus: D.HasDonor, donorStatusOther: "y" }, { donorStatusOther: "" }],
    ["goal: Other keeps its text", Step.PrimaryGoal, { primaryGoal: G.Other, primaryGoalOther: "z" }, { primaryGoalOther: "z" }],
    ["goal: another answer clears the text", Step.PrimaryGoal, { primaryGoal: G.FindCenter, primaryGoalOther: "z" }, { primaryGoalOther: "" }],
  ] as const)("%s", (_n, step, answers, after) => {
    expect(applyAnswers(at(step), answers, ctx)).toMatchObject(after);
  });

  it("an existing goal text is cleared when the goal is no longer Other, even if the text is not posted", () => {
    const d = at(Step.PrimaryGoal, { primaryGoal: G.Other, primaryGoalOther: "old" });
    expect(applyAnswers(d, { primaryGoal: G.FindCenter }, ctx).primaryGoalOther).toBe("");
  });

  it.each([
    [
      "not registered: no center, willing to transfer",
      Step.TransplantCenterRegistration,
      1,
      { preferredCenterId: MEMBER, isCenterConfirmed: true, willingToTransfer: Transfer.No },
      { transplantCenterSituation: S.NotSelected },
      {
        transplantCenterSituation: S.NotSelected,
        preferredCenterId: 0,
        preferredCenter: "",
        isCenterConfirmed: false,
        willingToTransfer: Transfer.Yes,
      },
    ],
    [
      "registered: nothing else changes yet",
      Step.TransplantCenterRegistration,
      1,
      { preferredCenterId: NON_MEMBER, willingToTransfer: Transfer.No },
      { transplantCenterSituation: S.Selected },
      { transplantCenterSituation: S.Selected, preferredCenterId: NON_MEMBER, willingToTransfer: Transfer.No },
    ],
    [
      "member center: No, cleared, confirmed",
      Step.TransplantCenterSelection,
      1,
      {},
      { preferredCenterId: MEMBER },
      {
        preferredCenterId: MEMBER,
        preferredCenter: "Member",
        transplantCenterSituation: S.Selected,
        willingToTransfer: Transfer.No,
        isCleared: true,
        isCenterConfirmed: true,
      },
    ],
    [
      "non-member center: willingness reset",
      Step.TransplantCenterSelection,
      1,
      { willingToTransfer: Transfer.No, isCenterConfirmed: true },
      { preferredCenterId: NON_MEMBER },
      { preferredCenterId: NON_MEMBER, preferredCenter: "Local", willingToTransfer: Transfer.Unknown, isCenterConfirmed: false },
    ],
    [
      "no center (0)",
      Step.TransplantCenterSelection,
      1,
      { preferredCenterId: MEMBER, preferredCenter: "Member", isCenterConfirmed: true },
      { preferredCenterId: 0 },
      { preferredCenterId: 0, preferredCenter: "", isCenterConfirmed: false },
    ],
    [
      "combined #2 member",
      Step.TransplantCenterSituation,
      2,
      {},
      { preferredCenterId: MEMBER },
      { willingToTransfer: Transfer.No, isCenterConfirmed: true },
    ],
    ["willingness Yes taken", Step.TransplantCenterTransfer, 1, {}, { willingToTransfer: Transfer.Yes }, { willingToTransfer: Transfer.Yes }],
    [
      "willingness 5 ignored",
      Step.TransplantCenterTransfer,
      1,
      { willingToTransfer: Transfer.No },
      { willingToTransfer: 5 },
      { willingToTransfer: Transfer.No },
    ],
    [
      "fields of another step ignored",
      Step.DonorSituation,
      1,
      {},
      { donorStatus: D.HasDonor, primaryGoal: G.FindCenter, preferredCenterId: MEMBER },
      { donorStatus: D.HasDonor, primaryGoal: G.Unknown, preferredCenterId: 0 },
    ],
    [
      "combined #1 does not take a center",
      Step.TransplantCenterSituation,
      1,
      {},
      { transplantCenterSituation: S.Selected, preferredCenterId: MEMBER },
      { transplantCenterSituation: S.Selected, preferredCenterId: 0 },
    ],
    [
      "combined #3 takes only willingness",
      Step.TransplantCenterSituation,
      3,
      { preferredCenterId: NON_MEMBER, transplantCenterSituation: S.Selected },
      { willingToTransfer: Transfer.No, transplantCenterSituation: S.NotSelected },
      { willingToTransfer: Transfer.No, transplantCenterSituation: S.Selected },
    ],
  ] as const)("%s", (_n, step, subStep, before, answers, after) => {
    expect(applyAnswers(at(step, { ...before, situationSubStep: subStep }), answers, ctx)).toMatchObject(after);
  });

  it("a center missing from the list is chosen as a non-member without a name", () => {
    expect(chooseCenter(initialDraft(), 55)).toMatchObject({
      preferredCenterId: 55,
      preferredCenter: "",
      isCenterConfirmed: false,
      willingToTransfer: Transfer.Unknown,
    });
  });

  it.each([
    [Step.PatientSituation, 1, ["kidneyStatus", "kidneyStatusOther"]],
    [Step.PostTransplant, 1, ["transplantType", "antigenMatch"]],
    [Step.TransplantCenterRegistration, 1, ["transplantCenterSituation"]],
    [Step.TransplantCenterSelection, 1, ["preferredCenterId"]],
    [Step.TransplantCenterTransfer, 1, ["willingToTransfer"]],
    [Step.TransplantCenterSituation, 1, ["transplantCenterSituation"]],
    [Step.TransplantCenterSituation, 2, ["preferredCenterId"]],
    [Step.TransplantCenterSituation, 3, ["willingToTransfer"]],
    [Step.DonorSituation, 1, ["donorStatus", "donorStatusOther"]],
    [Step.PrimaryGoal, 1, ["primaryGoal", "primaryGoalOther"]],
    [Step.PatientValidation, 1, []],
    [Step.NotEligible, 1, []],
    [Step.Complete, 1, []],
  ] as const)("step %i (sub-step %i) takes %j", (step, subStep, fields) => {
    expect(stepFields(step, subStep)).toEqual(fields);
  });
});

describe("continueFrom: next steps and leaving effects (SCR-007, SCR-009, SCR-010)", () => {
  it.each([
    [
      "PatientSituation Transplanted -> PostTransplant, candidate",
      at(Step.PatientSituation),
      { kidneyStatus: K.Transplanted },
      ctx,
      Step.PostTransplant,
      1,
      { isImmunoFreeCandidate: true, isCleared: false },
    ],
    [
      "PatientSituation dialysis -> Registration (granular)",
      at(Step.PatientSituation, { isCleared: true, isImmunoFreeCandidate: true }),
      { kidneyStatus: K.DialysisNow },
      ctx,
      Step.TransplantCenterRegistration,
      1,
      { isImmunoFreeCandidate: false, isCleared: false },
    ],
    [
      "PatientSituation dialysis -> combined screen #1",
      at(Step.PatientSituation),
      { kidneyStatus: K.Dialysis2Years },
      combined,
      Step.TransplantCenterSituation,
      1,
      {},
    ],
    [
      "PostTransplant -> PatientValidation, cleared",
      at(Step.PostTransplant),
      { transplantType: R.Parent },
      ctx,
      Step.PatientValidation,
      1,
      { isCleared: true },
    ],
    [
      "Registration no -> DonorSituation",
      at(Step.TransplantCenterRegistration),
      { transplantCenterSituation: S.NotSelected },
      ctx,
      Step.DonorSituation,
      1,
      {},
    ],
    [
      "Registration yes -> Selection",
      at(Step.TransplantCenterRegistration),
      { transplantCenterSituation: S.Selected },
      ctx,
      Step.TransplantCenterSelection,
      1,
      {},
    ],
    [
      "Selection member -> DonorSituation",
      at(Step.TransplantCenterSelection),
      { preferredCenterId: MEMBER },
      ctx,
      Step.DonorSituation,
      1,
      { willingToTransfer: Transfer.No },
    ],
    [
      "Selection non-member -> Transfer, willingness Unknown",
      at(Step.TransplantCenterSelection, { willingToTransfer: Transfer.No }),
      { preferredCenterId: NON_MEMBER },
      ctx,
      Step.TransplantCenterTransfer,
      1,
      { willingToTransfer: Transfer.Unknown },
    ],
    [
      "Selection same non-member re-posted -> Transfer, willingness Unknown",
      at(Step.TransplantCenterSelection, { preferredCenterId: NON_MEMBER, willingToTransfer: Transfer.No }),
      {},
      ctx,
      Step.TransplantCenterTransfer,
      1,
      { willingToTransfer: Transfer.Unknown },
    ],
    [
      "Transfer yes -> DonorSituation, the current center kept until the save",
      at(Step.TransplantCenterTransfer, { preferredCenterId: NON_MEMBER, preferredCenter: "Local", transplantCenterSituation: S.Selected }),
      { willingToTransfer: Transfer.Yes },
      ctx,
      Step.DonorSituation,
      1,
      { preferredCenterId: NON_MEMBER, preferredCenter: "Local" },
    ],
    [
      "Combined #1 yes -> #2",
      at(Step.TransplantCenterSituation),
      { transplantCenterSituation: S.Selected },
      combined,
      Step.TransplantCenterSituation,
      2,
      {},
    ],
    [
      "Combined #1 no -> DonorSituation",
      at(Step.TransplantCenterSituation),
      { transplantCenterSituation: S.NotSelected },
      combined,
      Step.DonorSituation,
      1,
      { willingToTransfer: Transfer.Yes },
    ],
    [
      "Combined #2 non-member -> #3",
      at(Step.TransplantCenterSituation, { situationSubStep: 2, transplantCenterSituation: S.Selected }),
      { preferredCenterId: NON_MEMBER },
      combined,
      Step.TransplantCenterSituation,
      3,
      { willingToTransfer: Transfer.Unknown },
    ],
    [
      "Combined #3 yes -> DonorSituation, the current center kept until the save",
      at(Step.TransplantCenterSituation, { situationSubStep: 3, transplantCenterSituation: S.Selected, preferredCenterId: NON_MEMBER }),
      { willingToTransfer: Transfer.Yes },
      combined,
      Step.DonorSituation,
      1,
      { preferredCenterId: NON_MEMBER },
    ],
    ["Donor has donor -> PrimaryGoal", at(Step.DonorSituation), { donorStatus: D.HasDonor }, ctx, Step.PrimaryGoal, 1, {}],
    ["Donor Other -> PrimaryGoal", at(Step.DonorSituation), { donorStatus: D.Other, donorStatusOther: "x" }, ctx, Step.PrimaryGoal, 1, {}],
    [
      "Goal find center -> PatientValidation, cleared",
      at(Step.PrimaryGoal),
      { primaryGoal: G.FindCenter },
      ctx,
      Step.PatientValidation,
      1,
      { isCleared: true },
    ],
    [
      "Goal Kidney for Life -> cleared",
      at(Step.PrimaryGoal),
      { primaryGoal: G.TransferToKidneyForLifeCenter },
      ctx,
      Step.PatientValidation,
      1,
      { isCleared: true },
    ],
    [
      "Goal Other -> not cleared",
      at(Step.PrimaryGoal, { isCleared: true }),
      { primaryGoal: G.Other, primaryGoalOther: "x" },
      ctx,
      Step.PatientValidation,
      1,
      { isCleared: false },
    ],
  ] as const)("%s", (_n, draft, answers, c, step, subStep, patch) => {
    const r = continueFrom(draft, answers, c);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.draft.step).toBe(step);
    expect(r.draft.situationSubStep).toBe(subStep);
    expect(r.draft).toMatchObject(patch);
    expect(r.save).toBeUndefined();
    if (step !== draft.step) expect(r.draft.previousStep).toBe(draft.step);
    expect(r.draft.reached[r.draft.reached.length - 1]).toBe(step);
  });

  it("a failed gate keeps the step and returns the errors with the chosen answers", () => {
    const draft = at(Step.PrimaryGoal);
    const r = continueFrom(draft, { primaryGoal: G.Other, primaryGoalOther: " " }, ctx);
    expect(r).toMatchObject({ ok: false, errors: { primaryGoalOther: "screening.errors.describeOther" } });
    if (!r.ok) expect(r.draft).toMatchObject({ step: Step.PrimaryGoal, primaryGoal: G.Other });
  });

  it.each([[Step.Complete], [Step.NotEligible]] as const)("Continue is refused on terminal step %i", (step) => {
    expect(continueFrom(at(step), {}, ctx)).toMatchObject({ ok: false, errors: { step: "screening.errors.notAllowed" } });
  });

  it("Continue cuts the trail after the step it leaves", () => {
    const d = at(Step.TransplantCenterRegistration, {}, [
      Step.PatientSituation,
      Step.TransplantCenterRegistration,
      Step.TransplantCenterSelection,
      Step.TransplantCenterTransfer,
      Step.DonorSituation,
    ]);
    const r = continueFrom(d, { transplantCenterSituation: S.NotSelected }, ctx);
    expect(r.ok && r.draft.reached).toEqual([Step.PatientSituation, Step.TransplantCenterRegistration, Step.DonorSituation]);
  });

  it("a second pass saves again (Complete reached once per pass)", () => {
    const d = at(Step.PatientValidation, { currentScreeningId: 5, kidneyStatus: K.DialysisNow }, [Step.PatientSituation, Step.PatientValidation]);
    const r = continueFrom(d, {}, ctx);
    expect(r).toMatchObject({ ok: true, save: "complete" });
  });
});

describe("previousFrom (SCR-018)", () => {
  const trail = [
    Step.PatientSituation,
    Step.TransplantCenterRegistration,
    Step.TransplantCenterSelection,
    Step.TransplantCenterTransfer,
    Step.DonorSituation,
  ];
  it.each([
    ["PostTransplant", at(Step.PostTransplant), ctx, Step.PatientSituation, 1],
    ["Registration", at(Step.TransplantCenterRegistration), ctx, Step.PatientSituation, 1],
    ["Selection", at(Step.TransplantCenterSelection), ctx, Step.TransplantCenterRegistration, 1],
    ["Transfer", at(Step.TransplantCenterTransfer), ctx, Step.TransplantCenterSelection, 1],
    ["Combined #1", at(Step.TransplantCenterSituation), combined, Step.PatientSituation, 1],
    ["Combined #2", at(Step.TransplantCenterSituation, { situationSubStep: 2 }), combined, Step.TransplantCenterSituation, 1],
    ["Combined #3", at(Step.TransplantCenterSituation, { situationSubStep: 3 }), combined, Step.TransplantCenterSituation, 2],
    [
      "Donor, not registered (granular)",
      at(Step.DonorSituation, { transplantCenterSituation: S.NotSelected }),
      ctx,
      Step.TransplantCenterRegistration,
      1,
    ],
    [
      "Donor, member center (granular)",
      at(Step.DonorSituation, { transplantCenterSituation: S.Selected, preferredCenterId: MEMBER }),
      ctx,
      Step.TransplantCenterSelection,
      1,
    ],
    [
      "Donor, unknown center (granular)",
      at(Step.DonorSituation, { transplantCenterSituation: S.Selected, preferredCenterId: 99 }),
      ctx,
      Step.TransplantCenterSelection,
      1,
    ],
    [
      "Donor, non-member center (granular)",
      at(Step.DonorSituation, { transplantCenterSituation: S.Selected, preferredCenterId: NON_MEMBER }, trail),
      ctx,
      Step.TransplantCenterTransfer,
      1,
    ],
    [
      "Donor, transferring, no center any more (granular)",
      at(Step.DonorSituation, { transplantCenterSituation: S.Selected, preferredCenterId: 0 }),
      ctx,
      Step.TransplantCenterSelection,
      1,
    ],
    [
      "Donor, not registered (combined)",
      at(Step.DonorSituation, { transplantCenterSituation: S.NotSelected }),
      combined,
      Step.TransplantCenterSituation,
      1,
    ],
    [
      "Donor, member center (combined)",
      at(Step.DonorSituation, { transplantCenterSituation: S.Selected, preferredCenterId: MEMBER }),
      combined,
      Step.TransplantCenterSituation,
      2,
    ],
    [
      "Donor, no center any more (combined)",
      at(Step.DonorSituation, { transplantCenterSituation: S.Selected, preferredCenterId: 0 }),
      combined,
      Step.TransplantCenterSituation,
      2,
    ],
    [
      "Donor, non-member center (combined)",
      at(Step.DonorSituation, { transplantCenterSituation: S.Selected, preferredCenterId: NON_MEMBER }),
      combined,
      Step.TransplantCenterSituation,
      3,
    ],
    ["PrimaryGoal", at(Step.PrimaryGoal), ctx, Step.DonorSituation, 1],
    ["PatientValidation, transplanted", at(Step.PatientValidation, { kidneyStatus: K.Transplanted }), ctx, Step.PostTransplant, 1],
    ["PatientValidation, dialysis", at(Step.PatientValidation, { kidneyStatus: K.DialysisNow }), ctx, Step.PrimaryGoal, 1],
  ] as const)("from %s", (_n, draft, c, step, subStep) => {
    const r = previousFrom(draft, c);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.draft.step).toBe(step);
    expect(r.draft.situationSubStep).toBe(subStep);
    expect(isAllowedTransition(draft.step, step)).toBe(true);
  });

  it("going back is not allowed from PatientSituation", () => {
    expect(previousFrom(at(Step.PatientSituation), ctx)).toEqual({ ok: false, errors: { step: "screening.errors.notAllowed" } });
  });

  it.each([
    ["NotEligible", Step.NotEligible, [Step.PatientSituation, Step.DonorSituation, Step.NotEligible]],
    ["Complete after validation", Step.Complete, [Step.PatientSituation, Step.PatientValidation, Step.Complete]],
    ["Complete after Transfer", Step.Complete, [Step.PatientSituation, Step.TransplantCenterTransfer, Step.Complete]],
  ] as const)("is refused from the saved terminal step %s (docs/decisions/033)", (_n, step, trail) => {
    expect(previousFrom(at(step, {}, [...trail]), ctx)).toEqual({ ok: false, errors: { step: "screening.errors.notAllowed" } });
  });

  it("entering Transfer resets its answer and forgets the steps after it", () => {
    const d = at(
      Step.DonorSituation,
      { transplantCenterSituation: S.Selected, preferredCenterId: NON_MEMBER, willingToTransfer: Transfer.Yes },
      trail,
    );
    const r = previousFrom(d, ctx);
    expect(r.ok && r.draft).toMatchObject({
      step: Step.TransplantCenterTransfer,
      willingToTransfer: Transfer.Unknown,
      previousStep: Step.DonorSituation,
      reached: trail.slice(0, 4),
    });
  });

  it("going back keeps the trail for the browser's forward button", () => {
    const d = at(Step.PrimaryGoal, {}, [Step.PatientSituation, Step.TransplantCenterRegistration, Step.DonorSituation, Step.PrimaryGoal]);
    const r = previousFrom(d, ctx);
    expect(r.ok && r.draft.reached).toEqual(d.reached);
  });

  it("going back to a step not on the trail puts it there", () => {
    const d = at(Step.PatientValidation, { kidneyStatus: K.DialysisNow }, [Step.PatientSituation, Step.PatientValidation]);
    const r = previousFrom(d, ctx);
    expect(r.ok && r.draft.reached).toEqual([Step.PatientSituation, Step.PrimaryGoal, Step.PatientValidation]);
  });
});

describe("never skip ahead (SCR-001)", () => {
  const d = at(Step.DonorSituation, {}, [Step.PatientSituation, Step.TransplantCenterRegistration, Step.DonorSituation, Step.PrimaryGoal]);
  it.each([
    ["a walked step", Step.TransplantCenterRegistration, Step.TransplantCenterRegistration],
    ["the current step", Step.DonorSituation, Step.DonorSituation],
    ["a walked step after the current one", Step.PrimaryGoal, Step.PrimaryGoal],
    ["a step not reached", Step.Complete, Step.PrimaryGoal],
    ["a step of another path", Step.TransplantCenterSelection, Step.PrimaryGoal],
    ["an unknown page", undefined, Step.PrimaryGoal],
  ] as const)("%s", (_n, requested, expected) => {
    expect(allowedStep(d, requested)).toBe(expected);
    const entered = enterStep(d, requested, ctx);
    expect(entered.step).toBe(expected);
    expect(entered.redirect).toBe(requested !== expected);
    expect(entered.draft.step).toBe(expected);
  });

  it("a fresh draft only allows PatientSituation", () => {
    expect(allowedStep(initialDraft(), Step.Complete)).toBe(Step.PatientSituation);
  });

  it("re-opening the current step changes nothing", () => {
    expect(enterStep(d, Step.DonorSituation, ctx).draft).toBe(d);
  });

  it("opening a walked step records the previous step", () => {
    expect(enterStep(d, Step.PatientSituation, ctx).draft).toMatchObject({
      step: Step.PatientSituation,
      previousStep: Step.DonorSituation,
      reached: d.reached,
    });
  });

  it("opening Transfer by its address resets its answer", () => {
    const t = at(Step.Complete, { willingToTransfer: Transfer.No }, [
      Step.PatientSituation,
      Step.TransplantCenterRegistration,
      Step.TransplantCenterSelection,
      Step.TransplantCenterTransfer,
      Step.Complete,
    ]);
    const e = enterStep(t, Step.TransplantCenterTransfer, ctx);
    expect(e.draft).toMatchObject({ step: Step.TransplantCenterTransfer, willingToTransfer: Transfer.Unknown });
    expect(allowedStep(e.draft, Step.Complete)).toBe(Step.TransplantCenterTransfer);
  });

  it("opening the combined screen from a later step shows the sub-step of its last answer (SCR-006)", () => {
    const t = at(Step.DonorSituation, { transplantCenterSituation: S.Selected, preferredCenterId: MEMBER }, [
      Step.PatientSituation,
      Step.TransplantCenterSituation,
      Step.DonorSituation,
    ]);
    expect(enterStep(t, Step.TransplantCenterSituation, combined).draft.situationSubStep).toBe(2);
  });
});

describe("transitions (SCR-001: a transition not in the allowed list is refused)", () => {
  it.each([
    [Step.PatientSituation, Step.Complete, false],
    [Step.PatientSituation, Step.DonorSituation, false],
    [Step.Complete, Step.PatientSituation, false],
    [Step.NotEligible, Step.PrimaryGoal, false],
    [Step.PrimaryGoal, Step.PatientValidation, true],
    [Step.TransplantCenterTransfer, Step.Complete, true],
  ] as const)("%i -> %i allowed: %s", (from, to, allowed) => {
    expect(isAllowedTransition(from, to)).toBe(allowed);
  });

  it("nothing leads back to the first step except Previous from its direct successors", () => {
    const into = allSteps.filter((s) => allowedTransitions[s].includes(Step.PatientSituation));
    expect(into.sort()).toEqual([Step.PostTransplant, Step.TransplantCenterSituation, Step.TransplantCenterRegistration].sort());
  });
});

describe("navigation helper (SCR-001, SCR-018) and its safe fallback (SCR-021)", () => {
  const fallback = { step: Step.PatientSituation, valid: false, canGoNext: false, canGoPrevious: false, complete: false };
  it.each([
    ["not a draft", "garbage", fallback],
    ["a broken draft", { ...initialDraft(), step: 77 }, fallback],
    ["a fresh draft", initialDraft(), { step: Step.PatientSituation, valid: false, canGoNext: false, canGoPrevious: false, complete: false }],
    [
      "an answered first step",
      at(Step.PatientSituation, { kidneyStatus: K.DialysisNow }),
      { step: Step.PatientSituation, valid: true, canGoNext: true, canGoPrevious: false, complete: false },
    ],
    [
      "PatientValidation",
      at(Step.PatientValidation),
      { step: Step.PatientValidation, valid: true, canGoNext: true, canGoPrevious: true, complete: false },
    ],
    [
      "Complete (saved: no way back, docs/decisions/033)",
      at(Step.Complete),
      { step: Step.Complete, valid: true, canGoNext: false, canGoPrevious: false, complete: true },
    ],
  ] as const)("%s", (_n, value, expected) => {
    expect(navigationState(value, ctx)).toEqual(expected);
  });
});

describe("answers from a posted form", () => {
  it.each([
    ["numbers", { kidneyStatus: "1", preferredCenterId: "12" }, { kidneyStatus: 1, preferredCenterId: 12 }],
    [
      "unreadable choices are Unknown",
      { donorStatus: "abc", primaryGoal: "", willingToTransfer: "1.5" },
      { donorStatus: -1, primaryGoal: -1, willingToTransfer: -1 },
    ],
    ["an unreadable center is none", { preferredCenterId: "x" }, { preferredCenterId: 0 }],
    [
      "texts kept as typed",
      { primaryGoalOther: " hi ", kidneyStatusOther: "", donorStatusOther: "d" },
      { primaryGoalOther: " hi ", kidneyStatusOther: "", donorStatusOther: "d" },
    ],
    ["absent fields are not answers", { other: "1" }, {}],
  ] as const)("%s", (_n, values, expected) => {
    expect(answersFromForm(values)).toEqual(expected);
  });
});

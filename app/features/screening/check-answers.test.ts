import { describe, expect, it } from "vitest";
import { DonorStatus, KidneyStatus, PrimaryGoal, Transfer, TransplantCenterSituation } from "../../../registry/contract/enums";
import { answerSummary } from "./answer-summary-model";
import { backToSummary, changeStepOf, withChangeLinks } from "./check-answers";
import { initialDraft, type ScreeningAnswers, type ScreeningDraft } from "./draft";
import { continueFrom, enterStep, type MachineContext } from "./step-machine";
import { Step, stepPath, type StepValue } from "./steps";
import { SCREENING_SUMMARY } from "~/platform/return-to";

const MEMBER = 1;
const NON_MEMBER = 2;
const OTHER_NON_MEMBER = 3;
const ctx: MachineContext = {
  centers: [
    { centerId: MEMBER, isMemberCenter: true, centerName: "Member" },
    { centerId: NON_MEMBER, isMemberCenter: false, centerName: "Local" },
    { centerId: OTHER_NON_MEMBER, isMemberCenter: false, centerName: "Nearby" },
  ],
};

/** Walks the wizard with Continue, one answer set per page, to the summary. */
function walk(pages: Partial<ScreeningAnswers>[], c: MachineContext = ctx): ScreeningDraft {
  let d = initialDraft();
  for (const answers of pages) {
    const r = continueFrom(d, answers, c);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    d = r.draft;
  }
  expect(d.step).toBe(Step.PatientValidation);
  return d;
}

/** A change made from the summary: the Change link opens `step`, the patient posts `answers`, then the way back. */
function change(summary: ScreeningDraft, step: StepValue, answers: Partial<ScreeningAnswers>, c: MachineContext = ctx) {
  const opened = enterStep(summary, step, c);
  expect(opened.redirect).toBe(false);
  const r = continueFrom(opened.draft, answers, c);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  expect(r.save).toBeUndefined();
  return backToSummary(r.draft, opened.draft, c);
}

const notRegistered = walk([
  { kidneyStatus: KidneyStatus.DialysisNow },
  { transplantCenterSituation: TransplantCenterSituation.NotSelected },
  { donorStatus: DonorStatus.HasDonor },
  { primaryGoal: PrimaryGoal.FindCenter },
]);
const nonMemberTransferring = walk([
  { kidneyStatus: KidneyStatus.DialysisNow },
  { transplantCenterSituation: TransplantCenterSituation.Selected },
  { preferredCenterId: NON_MEMBER },
  { willingToTransfer: Transfer.Yes },
  { donorStatus: DonorStatus.FindDonor },
  { primaryGoal: PrimaryGoal.TransferToMicrositeCenter },
]);

describe("SCR-022: the page each summary answer's Change link opens", () => {
  it("the way back is the summary's own address", () => {
    expect(SCREENING_SUMMARY).toBe(stepPath(Step.PatientValidation));
  });

  it.each([
    ["screening.patientSituation.question", notRegistered.reached, Step.PatientSituation],
    ["screening.centerRegistration.question", notRegistered.reached, Step.TransplantCenterRegistration],
    // not registered: the Registration page set the willingness to transfer
    ["screening.summary.willingToTransferQuestion", notRegistered.reached, Step.TransplantCenterRegistration],
    ["screening.summary.willingToTransferQuestion", nonMemberTransferring.reached, Step.TransplantCenterTransfer],
    ["screening.centerSelection.question", nonMemberTransferring.reached, Step.TransplantCenterSelection],
    ["screening.donorSituation.question", notRegistered.reached, Step.DonorSituation],
    ["screening.primaryGoal.question", notRegistered.reached, Step.PrimaryGoal],
    // the combined center screen asks the center questions
    [
      "screening.centerSelection.question",
      [Step.PatientSituation, Step.TransplantCenterSituation, Step.DonorSituation],
      Step.TransplantCenterSituation,
    ],
    // a page this pass did not walk has no link
    ["screening.postTransplant.question", notRegistered.reached, undefined],
    ["screening.summary.title", notRegistered.reached, undefined],
  ] as const)("%s: %s", (question, reached, expected) => {
    expect(changeStepOf(question, reached)).toBe(expected);
  });

  it("each answer of the summary links to its page, carrying the way back", () => {
    const summary = withChangeLinks(answerSummary(notRegistered), notRegistered.reached);
    if (summary.kind !== "answers") throw new Error(summary.kind);
    const links = summary.groups.flatMap((g) => g.items.map((i) => [i.questionKey, i.changeHref]));
    expect(links).toEqual([
      ["screening.patientSituation.question", "/screening/patient-situation?returnTo=%2Fscreening%2Fpatient-validation"],
      ["screening.centerRegistration.question", "/screening/transplant-center-registration?returnTo=%2Fscreening%2Fpatient-validation"],
      ["screening.summary.willingToTransferQuestion", "/screening/transplant-center-registration?returnTo=%2Fscreening%2Fpatient-validation"],
      ["screening.donorSituation.question", "/screening/donor-situation?returnTo=%2Fscreening%2Fpatient-validation"],
      ["screening.primaryGoal.question", "/screening/primary-goal?returnTo=%2Fscreening%2Fpatient-validation"],
    ]);
  });

  it("a summary without answers stays as it is", () => {
    expect(withChangeLinks(answerSummary(null), [])).toEqual({ kind: "noData", messageKey: "screening.summary.noData" });
  });
});

describe("SCR-023: after a change, straight back to the summary unless the change asks more", () => {
  it("a change the later answers still fit: back to the summary, with the new answer", () => {
    const back = change(notRegistered, Step.DonorSituation, { donorStatus: DonorStatus.FindDonor });
    expect(back.arrived).toBe(true);
    expect(back.draft.step).toBe(Step.PatientValidation);
    expect(back.draft.donorStatus).toBe(DonorStatus.FindDonor);
    expect(back.draft.primaryGoal).toBe(PrimaryGoal.FindCenter);
  });

  it("an early change passes the later pages with their answers, the transfer answer kept for the same center", () => {
    const back = change(nonMemberTransferring, Step.PatientSituation, { kidneyStatus: KidneyStatus.Dialysis2Years });
    expect(back).toMatchObject({ arrived: true, draft: { step: Step.PatientValidation, kidneyStatus: KidneyStatus.Dialysis2Years } });
    expect(back.draft.willingToTransfer).toBe(Transfer.Yes);
    expect(back.draft.preferredCenterId).toBe(NON_MEMBER);
    expect(back.draft.reached).toEqual(nonMemberTransferring.reached);
  });

  it("a goal the new donor answer no longer offers: the goal page asks again, keeping the way back", () => {
    const back = change(notRegistered, Step.DonorSituation, { donorStatus: DonorStatus.FindDonor });
    expect(back.arrived).toBe(true);
    const voucher = walk([
      { kidneyStatus: KidneyStatus.DialysisNow },
      { transplantCenterSituation: TransplantCenterSituation.NotSelected },
      { donorStatus: DonorStatus.HasDonor },
      { primaryGoal: PrimaryGoal.StandardVoucher },
    ]);
    const asked = change(voucher, Step.DonorSituation, { donorStatus: DonorStatus.FindDonor });
    expect(asked).toMatchObject({ arrived: false, draft: { step: Step.PrimaryGoal } });
  });

  it("a new question (a transplant now): its page comes next", () => {
    const back = change(notRegistered, Step.PatientSituation, { kidneyStatus: KidneyStatus.Transplanted });
    expect(back).toMatchObject({ arrived: false, draft: { step: Step.PostTransplant } });
  });

  it("registered with a center now: the center is asked", () => {
    const back = change(notRegistered, Step.TransplantCenterRegistration, { transplantCenterSituation: TransplantCenterSituation.Selected });
    expect(back).toMatchObject({ arrived: false, draft: { step: Step.TransplantCenterSelection } });
  });

  it("another non-member center: the transfer question is asked again; a member center is not", () => {
    const other = change(nonMemberTransferring, Step.TransplantCenterSelection, { preferredCenterId: OTHER_NON_MEMBER });
    expect(other).toMatchObject({ arrived: false, draft: { step: Step.TransplantCenterTransfer, willingToTransfer: Transfer.Unknown } });
    const member = change(nonMemberTransferring, Step.TransplantCenterSelection, { preferredCenterId: MEMBER });
    expect(member).toMatchObject({ arrived: true, draft: { step: Step.PatientValidation, preferredCenterId: MEMBER } });
  });

  it("never saves on the way: a page whose Continue would complete the screening is shown", () => {
    // Not willing to transfer completes the screening (SCR-007): reached only by the patient's own Continue.
    const d: ScreeningDraft = { ...nonMemberTransferring, step: Step.TransplantCenterSelection };
    const r = continueFrom(d, { preferredCenterId: NON_MEMBER }, ctx);
    if (!r.ok) throw new Error("gate");
    const back = backToSummary(r.draft, { ...d, willingToTransfer: Transfer.No }, ctx);
    expect(back).toMatchObject({ arrived: false, draft: { step: Step.TransplantCenterTransfer } });
  });

  it("the combined center screen (GRANULAR_CENTER_STEPS=false) is passed sub-step by sub-step", () => {
    const combined = { ...ctx, granular: false };
    const summary = walk(
      [
        { kidneyStatus: KidneyStatus.DialysisNow },
        { transplantCenterSituation: TransplantCenterSituation.Selected },
        { preferredCenterId: NON_MEMBER },
        { willingToTransfer: Transfer.Yes },
        { donorStatus: DonorStatus.HasDonor },
        { primaryGoal: PrimaryGoal.FindCenter },
      ],
      combined,
    );
    const back = change(summary, Step.PatientSituation, { kidneyStatus: KidneyStatus.Dialysis2Years }, combined);
    expect(back).toMatchObject({ arrived: true, draft: { step: Step.PatientValidation, willingToTransfer: Transfer.Yes } });
  });
});

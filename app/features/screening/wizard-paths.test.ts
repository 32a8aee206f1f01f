import { describe, expect, it } from "vitest";
import { DonorStatus, KidneyStatus, PrimaryGoal, RegistrationStatus, Transfer, TransplantCenterSituation } from "../../../registry/contract/enums";
import { completeVariant } from "./complete-variant";
import { initialDraft, recordSaved, resetDraft, type ScreeningAnswers, type ScreeningDraft } from "./draft";
import { pageAfterSave, registrationStatusOnSave, screeningSaveBody } from "../../../registry/contract/save-outcome";
import { continueFrom, isAllowedTransition, NOT_INTERESTED_GOAL_TEXT, previousFrom, type MachineContext } from "./step-machine";
import { Step, type StepValue } from "./steps";

/**
 * Every path through the wizard, from PatientSituation to its terminal step: the exact steps walked, the saved
 * draft, the stored registration status, the page after the save and the Complete page's variant.
 */

const MEMBER = 1;
const NON_MEMBER = 2;
const centers = [
  { centerId: MEMBER, isMemberCenter: true, centerName: "Member Transplant Center" },
  { centerId: NON_MEMBER, isMemberCenter: false, centerName: "Local Hospital" },
];
const names = Object.fromEntries(Object.entries(Step).map(([k, v]) => [v, k])) as Record<StepValue, string>;
const label = (d: ScreeningDraft) => (d.step === Step.TransplantCenterSituation ? `${names[d.step]}#${d.situationSubStep}` : names[d.step]);
const SCREENING_ID = 77;

function walk(start: ScreeningDraft, answers: Array<Partial<ScreeningAnswers>>, ctx: MachineContext) {
  let draft = start;
  const steps = [label(draft)];
  let save: string | undefined;
  for (const a of answers) {
    expect(save, "nothing may follow a save").toBeUndefined();
    const before = draft.step;
    const result = continueFrom(draft, a, ctx);
    if (!result.ok) throw new Error(`refused at ${label(draft)}: ${JSON.stringify(result.errors)}`);
    expect(isAllowedTransition(before, result.draft.step)).toBe(true);
    draft = result.draft;
    save = result.save;
    steps.push(label(draft));
  }
  return { draft, steps, save };
}

type PathCase = {
  name: string;
  granular?: boolean;
  start?: ScreeningDraft;
  answers: Array<Partial<ScreeningAnswers>>;
  steps: string[];
  save: "complete" | "notEligible";
  draft: Partial<ScreeningDraft>;
  status: number;
  page: string;
  variant?: { variant: string; outcome?: string; button: string };
};

const K = KidneyStatus;
const D = DonorStatus;
const G = PrimaryGoal;
const S = TransplantCenterSituation;

type Answer = Partial<ScreeningAnswers>;
/** The answers of a patient registered with a center: Yes, then the center. */
const registeredWith = (centerId: number): Answer[] => [{ transplantCenterSituation: S.Selected }, { preferredCenterId: centerId }];
/** The answers of a patient registered with no center, from the health status to the summary's Validate. */
const notRegistered = (health: Answer, donor: Answer, goal: Answer): Answer[] => [
  health,
  { transplantCenterSituation: S.NotSelected },
  donor,
  goal,
  {},
];
/** The granular steps up to the center's name, and from the donor to the end. */
const TO_CENTER_SELECTION = ["PatientSituation", "TransplantCenterRegistration", "TransplantCenterSelection"];
const DONOR_TO_COMPLETE = ["DonorSituation", "PrimaryGoal", "PatientValidation", "Complete"];

const cases: PathCase[] = [
  {
    name: "dialysis, willing donor, no center, find a center -> cleared, select center",
    answers: notRegistered({ kidneyStatus: K.DialysisNow }, { donorStatus: D.HasDonor }, { primaryGoal: G.FindCenter }),
    steps: ["PatientSituation", "TransplantCenterRegistration", ...DONOR_TO_COMPLETE],
    save: "complete",
    draft: {
      isCleared: true,
      isCenterConfirmed: false,
      isImmunoFreeCandidate: false,
      willingToTransfer: Transfer.Yes,
      preferredCenterId: 0,
      transplantCenterSituation: S.NotSelected,
      donorStatus: D.HasDonor,
      primaryGoal: G.FindCenter,
    },
    status: RegistrationStatus.SelectCenter,
    page: `/select-center/${SCREENING_ID}`,
    variant: { variant: "completed", outcome: "cleared", button: "screening.complete.continue" },
  },
  {
    name: "registered with a member center -> referred after the lab tests (decision 035)",
    answers: [{ kidneyStatus: K.Dialysis2Years }, ...registeredWith(MEMBER), { donorStatus: D.HasDonor }, { primaryGoal: G.StandardVoucher }, {}],
    steps: [...TO_CENTER_SELECTION, ...DONOR_TO_COMPLETE],
    save: "complete",
    draft: {
      isCleared: true,
      isCenterConfirmed: true,
      willingToTransfer: Transfer.No,
      preferredCenterId: MEMBER,
      preferredCenter: "Member Transplant Center",
      transplantCenterSituation: S.Selected,
    },
    status: RegistrationStatus.CompleteLabTests,
    page: "/landing",
    variant: { variant: "completed", outcome: "staysMember", button: "screening.returnToDashboard" },
  },
  {
    name: "registered with a non-member center, not transferring -> cleared, stays, select-center status",
    answers: [{ kidneyStatus: K.DialysisNow }, ...registeredWith(NON_MEMBER), { willingToTransfer: Transfer.No }],
    steps: [...TO_CENTER_SELECTION, "TransplantCenterTransfer", "Complete"],
    save: "complete",
    draft: {
      isCleared: true,
      isCenterConfirmed: false,
      willingToTransfer: Transfer.No,
      preferredCenterId: NON_MEMBER,
      donorStatus: D.Unknown,
      primaryGoal: G.Unknown,
    },
    status: RegistrationStatus.SelectCenter,
    page: "/landing",
    variant: { variant: "completed", outcome: "staysNonMember", button: "screening.returnToDashboard" },
  },
  {
    name: "registered with a non-member center, transferring, find a donor, microsite -> cleared, select center",
    answers: [
      { kidneyStatus: K.DialysisNow },
      ...registeredWith(NON_MEMBER),
      { willingToTransfer: Transfer.Yes },
      { donorStatus: D.FindDonor },
      { primaryGoal: G.TransferToMicrositeCenter },
      {},
    ],
    steps: [...TO_CENTER_SELECTION, "TransplantCenterTransfer", ...DONOR_TO_COMPLETE],
    save: "complete",
    draft: { isCleared: true, isCenterConfirmed: false, willingToTransfer: Transfer.Yes, preferredCenterId: 0, preferredCenter: "" },
    status: RegistrationStatus.SelectCenter,
    page: `/select-center/${SCREENING_ID}`,
    variant: { variant: "completed", outcome: "cleared", button: "screening.complete.continue" },
  },
  {
    name: "no donor and not interested -> not eligible, ruled out",
    answers: [{ kidneyStatus: K.DialysisNow }, { transplantCenterSituation: S.NotSelected }, { donorStatus: D.NoDonor }],
    steps: ["PatientSituation", "TransplantCenterRegistration", "DonorSituation", "NotEligible"],
    save: "notEligible",
    draft: { isCleared: false, isCenterConfirmed: false, primaryGoal: G.Other, primaryGoalOther: NOT_INTERESTED_GOAL_TEXT, preferredCenterId: 0 },
    status: RegistrationStatus.RuledOut,
    page: "/landing",
  },
  {
    name: "no donor, registered with a non-member center and transferring -> not eligible, center cleared",
    answers: [{ kidneyStatus: K.DialysisNow }, ...registeredWith(NON_MEMBER), { willingToTransfer: Transfer.Yes }, { donorStatus: D.NoDonor }],
    steps: [...TO_CENTER_SELECTION, "TransplantCenterTransfer", "DonorSituation", "NotEligible"],
    save: "notEligible",
    draft: { isCleared: false, preferredCenterId: 0, primaryGoal: G.Other, primaryGoalOther: NOT_INTERESTED_GOAL_TEXT },
    status: RegistrationStatus.RuledOut,
    page: "/landing",
  },
  {
    name: "no donor, registered with a member center -> not eligible, ruled out (decision 035)",
    answers: [{ kidneyStatus: K.DialysisNow }, ...registeredWith(MEMBER), { donorStatus: D.NoDonor }],
    steps: [...TO_CENTER_SELECTION, "DonorSituation", "NotEligible"],
    save: "notEligible",
    draft: { isCleared: false, isCenterConfirmed: false, preferredCenterId: MEMBER, willingToTransfer: Transfer.No },
    status: RegistrationStatus.RuledOut,
    page: "/landing",
  },
  {
    name: "transplanted, sibling, 6-antigen match -> immune-tolerance candidate",
    answers: [{ kidneyStatus: K.Transplanted }, { transplantType: 3, antigenMatch: 1 }, {}],
    steps: ["PatientSituation", "PostTransplant", "PatientValidation", "Complete"],
    save: "complete",
    draft: {
      isImmunoFreeCandidate: true,
      isCleared: true,
      transplantType: 3,
      antigenMatch: 1,
      transplantCenterSituation: S.Unknown,
      donorStatus: D.Unknown,
    },
    status: RegistrationStatus.IfPassCandidate,
    page: "/landing",
    variant: { variant: "immuneToleranceCandidate", button: "screening.complete.continue" },
  },
  {
    name: "'My Situation has Changed', now transplanted: a blank pass that updates the same screening",
    start: resetDraft(SCREENING_ID),
    answers: [{ kidneyStatus: K.Transplanted }, { transplantType: 1 }, {}],
    steps: ["PatientSituation", "PostTransplant", "PatientValidation", "Complete"],
    save: "complete",
    draft: {
      currentScreeningId: SCREENING_ID,
      isImmunoFreeCandidate: true,
      isCenterConfirmed: false,
      preferredCenterId: 0,
      preferredCenter: "",
      transplantCenterSituation: S.Unknown,
      willingToTransfer: Transfer.Unknown,
      donorStatus: D.Unknown,
      primaryGoal: G.Unknown,
      transplantType: 1,
      antigenMatch: -1,
    },
    status: RegistrationStatus.IfPassCandidate,
    page: "/landing",
  },
  {
    name: "goal Other -> not cleared, ruled out",
    answers: notRegistered(
      { kidneyStatus: K.Other, kidneyStatusOther: "kidney disease, stage 4" },
      { donorStatus: D.HasDonor },
      { primaryGoal: G.Other, primaryGoalOther: "  just exploring  " },
    ),
    steps: ["PatientSituation", "TransplantCenterRegistration", ...DONOR_TO_COMPLETE],
    save: "complete",
    draft: { isCleared: false, primaryGoal: G.Other, primaryGoalOther: "just exploring", kidneyStatusOther: "kidney disease, stage 4" },
    status: RegistrationStatus.RuledOut,
    page: "/landing",
    // A willing donor, registered nowhere: the goal's own explanation (decision 095), not the eligibility text.
    variant: { variant: "completed", outcome: "otherGoal", button: "screening.returnToDashboard" },
  },
  {
    name: "combined screen: not registered -> donor, goal, cleared",
    granular: false,
    answers: notRegistered({ kidneyStatus: K.DialysisNow }, { donorStatus: D.FindDonor }, { primaryGoal: G.TransferToKidneyForLifeCenter }),
    steps: ["PatientSituation", "TransplantCenterSituation#1", ...DONOR_TO_COMPLETE],
    save: "complete",
    draft: { isCleared: true, willingToTransfer: Transfer.Yes, preferredCenterId: 0 },
    status: RegistrationStatus.SelectCenter,
    page: `/select-center/${SCREENING_ID}`,
    variant: { variant: "completed", outcome: "cleared", button: "screening.complete.continue" },
  },
  {
    name: "combined screen: member center -> complete after sub-step 2, referred after the lab tests",
    granular: false,
    answers: [{ kidneyStatus: K.DialysisNow }, ...registeredWith(MEMBER)],
    steps: ["PatientSituation", "TransplantCenterSituation#1", "TransplantCenterSituation#2", "Complete"],
    save: "complete",
    draft: { isCleared: true, isCenterConfirmed: true, willingToTransfer: Transfer.No, preferredCenterId: MEMBER },
    status: RegistrationStatus.CompleteLabTests,
    page: "/landing",
    variant: { variant: "completed", outcome: "staysMember", button: "screening.returnToDashboard" },
  },
  {
    name: "combined screen: non-member center, not willing -> complete after sub-step 3",
    granular: false,
    answers: [{ kidneyStatus: K.DialysisNow }, ...registeredWith(NON_MEMBER), { willingToTransfer: Transfer.No }],
    steps: ["PatientSituation", "TransplantCenterSituation#1", "TransplantCenterSituation#2", "TransplantCenterSituation#3", "Complete"],
    save: "complete",
    draft: { isCleared: true, isCenterConfirmed: false, willingToTransfer: Transfer.No, preferredCenterId: NON_MEMBER },
    status: RegistrationStatus.SelectCenter,
    page: "/landing",
    variant: { variant: "completed", outcome: "staysNonMember", button: "screening.returnToDashboard" },
  },
  {
    name: "combined screen: non-member center, willing -> donor situation with no center",
    granular: false,
    answers: [
      { kidneyStatus: K.Dialysis2Years },
      ...registeredWith(NON_MEMBER),
      { willingToTransfer: Transfer.Yes },
      { donorStatus: D.HasDonor },
      { primaryGoal: G.StandardVoucher },
      {},
    ],
    steps: ["PatientSituation", "TransplantCenterSituation#1", "TransplantCenterSituation#2", "TransplantCenterSituation#3", ...DONOR_TO_COMPLETE],
    save: "complete",
    draft: { isCleared: true, willingToTransfer: Transfer.Yes, preferredCenterId: 0 },
    status: RegistrationStatus.SelectCenter,
    page: `/select-center/${SCREENING_ID}`,
    variant: { variant: "completed", outcome: "cleared", button: "screening.complete.continue" },
  },
];

describe("every path through the wizard (SCR-007, SCR-014)", () => {
  it.each(cases)("$name", (c) => {
    const ctx: MachineContext = { centers, granular: c.granular };
    const { draft, steps, save } = walk(c.start ?? initialDraft(), c.answers, ctx);
    expect(steps).toEqual(c.steps);
    expect(save).toBe(c.save);
    expect(draft).toMatchObject(c.draft);
    expect(draft.reached.map((s) => names[s])).toEqual([...new Set(c.steps.map((s) => s.replace(/#\d$/, "")))]);
    const member = centers.find((x) => x.centerId === draft.preferredCenterId)?.isMemberCenter ?? false;
    expect(registrationStatusOnSave(draft, member)).toBe(c.status);
    // The body sent is the saved draft itself (already corrected), with willingness renamed.
    const body = screeningSaveBody(draft, member);
    expect(body.isWillingToTransfer).toBe(draft.willingToTransfer);
    expect(body.isCleared).toBe(draft.isCleared);
    const saved = recordSaved(draft, SCREENING_ID);
    expect(pageAfterSave(saved, saved.currentScreeningId)).toBe(c.page);
    if (c.variant) {
      const view = completeVariant(saved, member);
      expect(view.variant).toBe(c.variant.variant);
      if (c.variant.outcome) expect(view).toMatchObject({ outcome: c.variant.outcome });
      expect(view.button).toEqual({ labelKey: c.variant.button, href: c.page });
    }
    // Going forward is not allowed from a terminal step.
    expect(continueFrom(draft, {}, ctx).ok).toBe(false);
  });

  it("walking back from Patient Validation retraces the path, keeping the current center (granular, non-member transferring)", () => {
    const ctx: MachineContext = { centers };
    const c = cases[3]!;
    let { draft } = walk(initialDraft(), c.answers.slice(0, -1), ctx);
    const back = [label(draft)];
    for (;;) {
      const r = previousFrom(draft, ctx);
      if (!r.ok) break;
      expect(isAllowedTransition(draft.step, r.draft.step)).toBe(true);
      draft = r.draft;
      back.push(label(draft));
      // Decision 034: the current center stays in the draft while the patient steps back.
      if (draft.step === Step.TransplantCenterTransfer) expect(draft.preferredCenterId).toBe(NON_MEMBER);
    }
    expect(back).toEqual([
      "PatientValidation",
      "PrimaryGoal",
      "DonorSituation",
      "TransplantCenterTransfer",
      "TransplantCenterSelection",
      "TransplantCenterRegistration",
      "PatientSituation",
    ]);
  });

  it.each(cases)("a saved pass cannot step back from its terminal step: $name", (c) => {
    const ctx: MachineContext = { centers, granular: c.granular };
    const { draft } = walk(c.start ?? initialDraft(), c.answers, ctx);
    expect(previousFrom(draft, ctx).ok).toBe(false);
    expect(recordSaved(draft, SCREENING_ID).reached).toEqual([draft.step]);
  });

  it("walking back through the combined screen visits its sub-steps (SCR-006)", () => {
    const ctx: MachineContext = { centers, granular: false };
    let { draft } = walk(initialDraft(), cases[13]!.answers.slice(0, -1), ctx);
    const back = [label(draft)];
    for (;;) {
      const r = previousFrom(draft, ctx);
      if (!r.ok) break;
      draft = r.draft;
      back.push(label(draft));
    }
    expect(back).toEqual([
      "PatientValidation",
      "PrimaryGoal",
      "DonorSituation",
      "TransplantCenterSituation#3",
      "TransplantCenterSituation#2",
      "TransplantCenterSituation#1",
      "PatientSituation",
    ]);
  });
});

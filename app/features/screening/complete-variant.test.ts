import { describe, expect, it } from "vitest";
import { DonorStatus, PrimaryGoal, Transfer, TransplantCenterSituation } from "../../../registry/contract/enums";
import { completeVariant, staysWithCurrentCenter, type CompleteInput } from "./complete-variant";

const S = TransplantCenterSituation;
const base: CompleteInput = {
  donorStatus: 1,
  transplantCenterSituation: S.NotSelected,
  willingToTransfer: Transfer.Yes,
  preferredCenterId: 0,
  primaryGoal: 2,
  isCleared: false,
  isCenterConfirmed: false,
  isImmunoFreeCandidate: false,
  currentScreeningId: 9,
};
const c = (patch: Partial<CompleteInput>): CompleteInput => ({ ...base, ...patch });
const RETURN = { labelKey: "screening.returnToDashboard", href: "/landing" };
/** The Complete page of a patient whose member center refers them after the lab tests. */
const STAYS_MEMBER = {
  variant: "completed",
  outcome: "staysMember",
  headingKey: "screening.complete.completedHeading",
  textKey: "screening.complete.staysMember",
  button: RETURN,
} as const;
const staying = { transplantCenterSituation: S.Selected, willingToTransfer: Transfer.No, preferredCenterId: 4 };

describe("Complete page variant (SCR-013; SCR-014)", () => {
  it.each([
    // Decision 103: no Center Confirmed card; a center the registry confirmed on save (it became a member center while
    // the patient answered willing to transfer) reads the member text: referred after the lab tests.
    [
      "(c) a member center confirmed on save, the patient willing to transfer",
      c({ isCenterConfirmed: true, isCleared: true, transplantCenterSituation: S.Selected, preferredCenterId: 4 }),
      true,
      STAYS_MEMBER,
    ],
    [
      "(b) immune-tolerance candidate",
      c({ isImmunoFreeCandidate: true, isCleared: true }),
      false,
      {
        variant: "immuneToleranceCandidate",
        headingKey: "screening.complete.immunoFreeHeading",
        textKey: "screening.complete.immunoFreeText",
        button: { labelKey: "screening.complete.continue", href: "/landing" },
      },
    ],
    [
      "(b) candidate not cleared reads Continue",
      c({ isImmunoFreeCandidate: true }),
      false,
      { variant: "immuneToleranceCandidate", button: { labelKey: "screening.complete.continue", href: "/landing" } },
    ],
    ["(c) stays with a member center", c({ ...staying, isCleared: true, isCenterConfirmed: true }), true, STAYS_MEMBER],
    [
      "(c) stays with a non-member center",
      c({ ...staying, isCleared: true }),
      false,
      { variant: "completed", outcome: "staysNonMember", textKey: "screening.complete.staysNonMember", button: RETURN },
    ],
    [
      "(c) cleared",
      c({ isCleared: true }),
      false,
      {
        variant: "completed",
        outcome: "cleared",
        textKey: "screening.complete.cleared",
        button: { labelKey: "screening.complete.continue", href: "/select-center/9" },
      },
    ],
    ["(c) not cleared", c({}), false, { variant: "completed", outcome: "notCleared", textKey: "screening.complete.notCleared", button: RETURN }],
    // Decision 095: goal Other, registered nowhere with a willing donor, is not told it needs a donor or is registered.
    [
      "(c) not cleared, goal Other with a willing donor",
      c({ primaryGoal: PrimaryGoal.Other, donorStatus: DonorStatus.HasDonor }),
      false,
      { variant: "completed", outcome: "otherGoal", textKey: "screening.complete.otherGoal", button: RETURN },
    ],
    [
      "(c) not cleared, goal Other looking for a donor",
      c({ primaryGoal: PrimaryGoal.Other, donorStatus: DonorStatus.FindDonor }),
      false,
      { variant: "completed", outcome: "otherGoal", textKey: "screening.complete.otherGoal", button: RETURN },
    ],
    [
      "(c) not cleared, no donor (goal Other 'Not interested in finding a living donor'): the eligibility text",
      c({ primaryGoal: PrimaryGoal.Other, donorStatus: DonorStatus.NoDonor }),
      false,
      { variant: "completed", outcome: "notCleared", textKey: "screening.complete.notCleared", button: RETURN },
    ],
    // Decision 103: the Complete page follows a save, so a screening id always exists: no 'Based on your answers'.
    [
      "(c) cleared: the heading says the questionnaire is completed",
      c({ isCleared: true }),
      false,
      { variant: "completed", headingKey: "screening.complete.completedHeading" },
    ],
  ] as const)("%s", (_n, input, member, expected) => {
    expect(completeVariant(input, member)).toMatchObject(expected);
  });

  it.each([
    [c(staying), true],
    [c({ ...staying, willingToTransfer: Transfer.Yes }), false],
    [c({ ...staying, preferredCenterId: 0 }), false],
    [c({ ...staying, transplantCenterSituation: S.NotSelected }), false],
  ] as const)("stays with the current center: %#", (input, expected) => {
    expect(staysWithCurrentCenter(input)).toBe(expected);
  });
});

describe("the button's label and destination agree", () => {
  it("not cleared with a donor and a goal the registry acts on still returns to the dashboard", () => {
    expect(completeVariant(c({ isCleared: false, donorStatus: 1, primaryGoal: 2 }), false).button).toEqual(RETURN);
  });
  it("a confirmed center without a center id returns to the dashboard", () => {
    expect(completeVariant(c({ isCenterConfirmed: true, isCleared: true }), false).button).toEqual(RETURN);
  });
});

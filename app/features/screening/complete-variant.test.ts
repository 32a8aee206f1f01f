import { describe, expect, it } from "vitest";
import { Transfer, TransplantCenterSituation } from "../../../registry/contract/enums";
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
  preferredCenter: "",
};
const c = (patch: Partial<CompleteInput>): CompleteInput => ({ ...base, ...patch });
const RETURN = { labelKey: "screening.returnToDashboard", href: "/landing" };
const staying = { transplantCenterSituation: S.Selected, willingToTransfer: Transfer.No, preferredCenterId: 4, preferredCenter: "Center A" };

describe("Complete page variant (SCR-013; SCR-014)", () => {
  it.each([
    [
      "(a) confirmed center",
      c({ isCenterConfirmed: true, isCleared: true, preferredCenterId: 4, preferredCenter: "Center A" }),
      false,
      {
        variant: "centerConfirmed",
        headingKey: "screening.complete.centerConfirmedHeading",
        textKey: "screening.complete.centerConfirmedText",
        centerName: "Center A",
        button: RETURN,
      },
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
    [
      "(c) stays with a member center",
      c({ ...staying, isCleared: true, isCenterConfirmed: true }),
      true,
      {
        variant: "completed",
        outcome: "staysMember",
        headingKey: "screening.complete.completedHeading",
        textKey: "screening.complete.staysMember",
        button: RETURN,
      },
    ],
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
    [
      "(d) cleared, no screening id yet",
      c({ isCleared: true, currentScreeningId: 0 }),
      false,
      {
        variant: "basedOnAnswers",
        outcome: "cleared",
        headingKey: "screening.complete.basedOnAnswersHeading",
        button: { labelKey: "screening.complete.continue", href: "/landing" },
      },
    ],
    [
      "(d) not cleared, no screening id yet",
      c({ currentScreeningId: 0 }),
      false,
      { variant: "basedOnAnswers", outcome: "notCleared", button: RETURN },
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

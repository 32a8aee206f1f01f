import { describe, expect, it } from "vitest";
import { DonorStatus, PrimaryGoal, RegistrationStatus, Transfer, TransplantCenterSituation } from "./enums";
import {
  choseOtherGoal,
  isMemberCenterSelected,
  outcomeFieldsOfBody,
  pageAfterSave,
  registrationStatusOnSave,
  resaveMovesBackwards,
  saveOutcome,
  screeningSaveBody,
  type OutcomeFields,
  type SaveSource,
} from "./save-outcome";
import { anOutcome } from "../testing/screenings";

const D = DonorStatus;
const S = TransplantCenterSituation;
const G = PrimaryGoal;
/** Not registered with a center, a willing donor, goal 'Find a transplant center', not cleared yet (the save decides). */
const o = (patch: Partial<OutcomeFields>): OutcomeFields => anOutcome({ isCleared: false, ...patch });

describe("outcome corrections (SCR-014)", () => {
  it.each([
    [
      "no donor: not cleared, not confirmed",
      o({ donorStatus: D.NoDonor, isCleared: true, isCenterConfirmed: true, transplantCenterSituation: S.Selected, preferredCenterId: 3 }),
      true,
      { isCleared: false, isCenterConfirmed: false },
    ],
    [
      "member center: cleared and confirmed",
      o({ transplantCenterSituation: S.Selected, preferredCenterId: 3 }),
      true,
      { isCleared: true, isCenterConfirmed: true },
    ],
    [
      "non-member center, staying: cleared",
      o({ transplantCenterSituation: S.Selected, preferredCenterId: 3, willingToTransfer: Transfer.No }),
      false,
      { isCleared: true, isCenterConfirmed: false },
    ],
    [
      "non-member center, willing: unchanged",
      o({ transplantCenterSituation: S.Selected, preferredCenterId: 3, willingToTransfer: Transfer.Yes }),
      false,
      { isCleared: false, isCenterConfirmed: false },
    ],
    [
      "registered, no center id: unchanged",
      o({ transplantCenterSituation: S.Selected, preferredCenterId: 0, isCleared: true }),
      true,
      { isCleared: true, isCenterConfirmed: false },
    ],
    ["not registered: unchanged", o({ isCleared: true }), false, { isCleared: true, isCenterConfirmed: false }],
  ] as const)("%s", (_n, input, member, expected) => {
    const corrected = saveOutcome(input, member);
    expect(corrected).toMatchObject(expected);
    expect(saveOutcome(corrected, member)).toEqual(corrected); // idempotent
  });

  it.each([
    [o({ transplantCenterSituation: S.Selected, preferredCenterId: 3 }), true, true],
    [o({ transplantCenterSituation: S.Selected, preferredCenterId: 3 }), false, false],
    [o({ transplantCenterSituation: S.NotSelected, preferredCenterId: 3 }), true, false],
    [o({ transplantCenterSituation: S.Selected, preferredCenterId: 0 }), true, false],
  ] as const)("member center selected: %j member=%s -> %s", (input, member, expected) => {
    expect(isMemberCenterSelected(input, member)).toBe(expected);
  });
});

describe("registration status on save (SCR-014)", () => {
  it.each([
    [
      "member center selected: referred after the lab tests (decision 035)",
      o({ transplantCenterSituation: S.Selected, preferredCenterId: 3 }),
      true,
      RegistrationStatus.CompleteLabTests,
    ],
    [
      "member center selected, no donor: Not Eligible (decision 035)",
      o({ transplantCenterSituation: S.Selected, preferredCenterId: 3, donorStatus: D.NoDonor }),
      true,
      RegistrationStatus.RuledOut,
    ],
    ["center confirmed", o({ isCenterConfirmed: true, isCleared: true, preferredCenterId: 4 }), false, RegistrationStatus.CompleteLabTests],
    ["confirmed beats candidate", o({ isCenterConfirmed: true, isImmunoFreeCandidate: true }), false, RegistrationStatus.CompleteLabTests],
    ["immune-tolerance candidate", o({ isImmunoFreeCandidate: true, isCleared: false }), false, RegistrationStatus.IfPassCandidate],
    ["not cleared", o({ isCleared: false }), false, RegistrationStatus.RuledOut],
    ["no donor (corrected to not cleared)", o({ donorStatus: D.NoDonor, isCleared: true }), false, RegistrationStatus.RuledOut],
    ["cleared", o({ isCleared: true }), false, RegistrationStatus.SelectCenter],
    [
      "non-member center, staying (corrected to cleared)",
      o({ transplantCenterSituation: S.Selected, preferredCenterId: 3, willingToTransfer: Transfer.No }),
      false,
      RegistrationStatus.SelectCenter,
    ],
  ] as const)("%s", (_n, input, member, status) => {
    expect(registrationStatusOnSave(input, member)).toBe(status);
  });
});

describe("server-bound body (SCR-020)", () => {
  const source: SaveSource = {
    ...o({ transplantCenterSituation: S.Selected, preferredCenterId: 3, willingToTransfer: Transfer.No }),
    kidneyStatus: 1,
    kidneyStatusOther: "",
    donorStatusOther: "",
    primaryGoalOther: "",
    transplantType: -1,
    antigenMatch: -1,
  };
  it("sends willingness as isWillingToTransfer, with the corrections", () => {
    const body = screeningSaveBody(source, false);
    expect(body).toEqual({
      kidneyStatus: 1,
      kidneyStatusOther: "",
      transplantCenterSituation: S.Selected,
      isWillingToTransfer: Transfer.No,
      donorStatus: D.HasDonor,
      donorStatusOther: "",
      primaryGoal: G.FindCenter,
      primaryGoalOther: "",
      transplantType: -1,
      antigenMatch: -1,
      isCleared: true,
      isCenterConfirmed: false,
      isImmunoFreeCandidate: false,
      preferredCenterId: 3,
    });
    expect(body).not.toHaveProperty("willingToTransfer");
    expect(outcomeFieldsOfBody(body)).toEqual(
      saveOutcome(o({ transplantCenterSituation: S.Selected, preferredCenterId: 3, willingToTransfer: Transfer.No }), false),
    );
  });
});

describe("page after the save (SCR-015)", () => {
  it.each([
    ["no screening id", o({ isCleared: true }), 0, "/landing"],
    ["cleared, no center", o({ isCleared: true }), 8, "/select-center/8"],
    ["cleared, a center", o({ isCleared: true, preferredCenterId: 2 }), 8, "/landing"],
    ["not cleared, has donor, find center, no center", o({ isCleared: false }), 8, "/select-center/8"],
    [
      "not cleared, find donor, microsite, no center",
      o({ isCleared: false, donorStatus: D.FindDonor, primaryGoal: G.TransferToMicrositeCenter }),
      8,
      "/select-center/8",
    ],
    ["not cleared, has donor, goal Other", o({ isCleared: false, primaryGoal: G.Other }), 8, "/landing"],
    ["not cleared, has donor, understand options", o({ isCleared: false, primaryGoal: G.UnderstandOptions }), 8, "/landing"],
    ["not cleared, donor Other", o({ isCleared: false, donorStatus: D.Other }), 8, "/landing"],
    ["not cleared, no donor", o({ isCleared: false, donorStatus: D.NoDonor }), 8, "/landing"],
    ["immune-tolerance candidate, cleared", o({ isCleared: true, isImmunoFreeCandidate: true }), 8, "/landing"],
  ] as const)("%s -> %s", (_n, input, id, page) => {
    expect(pageAfterSave(input, id)).toBe(page);
  });
});

describe("a re-save never moves a registration back (SCR-016, docs/decisions/033)", () => {
  const R = RegistrationStatus;
  it.each([
    [R.SentToCenter, R.SelectCenter, true],
    [R.SentToCenter, R.CompleteLabTests, true],
    [R.SentToCenter, R.RuledOut, true],
    [R.SentToCenter, R.IfPassCandidate, true],
    [R.SentToCenter, R.SentToCenter, false],
    [R.CompleteLabTests, R.SelectCenter, true],
    [R.CompleteLabTests, R.RuledOut, true],
    [R.CompleteLabTests, R.CompleteLabTests, false],
    [R.CompleteLabTests, R.SentToCenter, false],
    [R.SelectCenter, R.RuledOut, false],
    [R.SelectCenter, R.SentToCenter, false],
    [R.RuledOut, R.SelectCenter, false],
    [R.RuledOut, R.SentToCenter, false],
    [R.IfPassCandidate, R.RuledOut, false],
    [R.Screening, R.SelectCenter, false],
  ] as const)("stored %i, next %i: backwards %s", (stored, next, backwards) => {
    expect(resaveMovesBackwards(stored, next)).toBe(backwards);
  });
});

describe("ruled out by a goal of one's own (decision 095)", () => {
  it.each([
    ["goal Other, a willing donor", o({ primaryGoal: G.Other }), true],
    ["goal Other, looking for a donor", o({ primaryGoal: G.Other, donorStatus: D.FindDonor }), true],
    ["goal Other, donor situation Other", o({ primaryGoal: G.Other, donorStatus: D.Other }), true],
    ["no donor (saved with goal Other 'Not interested in finding a living donor')", o({ primaryGoal: G.Other, donorStatus: D.NoDonor }), false],
    ["goal 'Understand my options'", o({ primaryGoal: G.UnderstandOptions }), false],
    ["goal 'Find a transplant center'", o({}), false],
  ] as const)("%s", (_name, input, expected) => {
    expect(choseOtherGoal(input)).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import {
  DonorStatus,
  ImmunoFreeStatus as IF,
  KidneyStatus,
  PrimaryGoal,
  ReferralStatus as RF,
  RegistrationStatus as RS,
  Transfer,
  TransplantCenterSituation,
} from "../../../registry/contract/enums";
import type { Screening } from "../../../registry/contract/schemas";
import { aScreening } from "../../../registry/testing/screenings";
import {
  cardTitleKey,
  immuneToleranceTextKey,
  isStepComplete,
  notClearedReasonKey,
  registrationCard,
  showsImmuneToleranceView,
  showsLabsRequirement,
  sortReferrals,
  statusTextKey,
} from "./registration-card-model";
import { showsNotClearedView } from "~/components/registration-views";

const now = new Date("2026-03-20T12:00:00Z");
const s = aScreening;
const card = (patch: Partial<Screening>, member = false) => registrationCard(s(patch), { now, preferredCenterIsMember: member });

describe("header (DSH-004)", () => {
  it.each([
    [KidneyStatus.Dialysis2Years, "landing.card.titleInNeed"],
    [KidneyStatus.DialysisNow, "landing.card.titlePending"],
    [KidneyStatus.Transplanted, "landing.card.titlePending"],
    [KidneyStatus.Unknown, "landing.card.titlePending"],
  ] as const)("kidney status %i -> %s", (kidneyStatus, key) => expect(cardTitleKey({ kidneyStatus, status: RS.SelectCenter })).toBe(key));

  // docs/decisions/128: a participant who completed every program step is not 'Pending'.
  it("a candidate whose program registration is complete: the title says so; before that, and outside the view, 'Pending'", () => {
    const candidate = { status: RS.IfPassCandidate, kidneyStatus: KidneyStatus.Transplanted };
    expect(card(candidate).titleKey).toBe("landing.card.titlePending");
    expect(registrationCard(s(candidate), { now, preferredCenterIsMember: false, programStage: IF.Preworkuplab }).titleKey).toBe(
      "landing.card.titlePending",
    );
    expect(registrationCard(s(candidate), { now, preferredCenterIsMember: false, programStage: IF.Completed }).titleKey).toBe(
      "landing.card.titleProgramCompleted",
    );
    expect(cardTitleKey({ status: RS.CompleteLabTests, kidneyStatus: KidneyStatus.DialysisNow }, IF.Completed)).toBe("landing.card.titlePending");
  });
});

describe("the immune-tolerance view's text (docs/decisions/128)", () => {
  const TEXT_ONLY = { email: false, text: true };
  const BOTH = { email: true, text: true };
  it.each([
    [null, null, "landing.card.immuneToleranceText"],
    [IF.Registration, null, "landing.card.immuneToleranceText"],
    [IF.Registration, { steps: BOTH, decisions: BOTH, labs: BOTH }, "landing.card.immuneToleranceText"],
    [IF.Registration, { steps: BOTH, decisions: TEXT_ONLY, labs: BOTH }, "landing.card.immuneToleranceTextByText"],
    [IF.MedicalHistory, null, "landing.card.immuneToleranceInProgram"],
    [IF.Preworkuplab, null, "landing.card.immuneToleranceInProgram"],
    [IF.Completed, { steps: BOTH, decisions: TEXT_ONLY, labs: BOTH }, "landing.card.immuneToleranceCompleted"],
  ] as const)("stage %s, delivery %j -> %s", (stage, delivery, key) => {
    expect(immuneToleranceTextKey(stage, delivery)).toBe(key);
  });

  it.each([
    [RS.Screening, 0, "landing.card.statusScreening"],
    [RS.SelectCenter, 0, "landing.card.statusSelectCenter"],
    [RS.SelectCenter, 4, null],
    [RS.CompleteLabTests, 4, "landing.card.statusLabTests"],
    [RS.SentToCenter, 4, null],
    [RS.IfPassCandidate, 0, null],
    [RS.RuledOut, 0, null],
  ] as const)("status %i, center %i -> %s", (status, preferredCenterId, key) => {
    expect(statusTextKey({ status, preferredCenterId, centerReferrals: [] })).toBe(key);
  });
});

describe("the current center's referral steps (docs/decisions/043)", () => {
  const referral = (centerId: number, statusId: number, dateReferred: string) => ({
    centerId,
    centerName: centerId === 4 ? "Lakeside" : "Prairie",
    dateReferred,
    statusId,
    status: "",
  });
  it.each([
    ["pending", [referral(4, RF.PendingCenter, "03/01/2026")], RS.SentToCenter, null, null],
    [
      "approved",
      [referral(4, RF.CenterApproved, "03/01/2026")],
      RS.SentToCenter,
      "landing.card.statusCenterApproved",
      "landing.card.centerApprovedText",
    ],
    [
      "completed",
      [referral(4, RF.CompletedByCenter, "03/01/2026")],
      RS.SentToCenter,
      "landing.card.statusCompletedByCenter",
      "landing.card.completedByCenterText",
    ],
    // Approved while the lab tests are pending: the header still says what the patient must do; the note says the rest.
    [
      "approved, labs pending",
      [referral(4, RF.CenterApproved, "03/01/2026")],
      RS.CompleteLabTests,
      "landing.card.statusLabTests",
      "landing.card.centerApprovedText",
    ],
    // Another center's approval (the patient changed center since) is not the current center's.
    ["other center", [referral(5, RF.CenterApproved, "03/01/2026"), referral(4, RF.PendingCenter, "03/05/2026")], RS.SentToCenter, null, null],
    // The newest referral to the current center counts.
    ["re-referred", [referral(4, RF.CompletedByCenter, "01/01/2026"), referral(4, RF.PendingCenter, "03/05/2026")], RS.SentToCenter, null, null],
    ["closed out", [referral(4, RF.CancelledByPatient, "03/01/2026")], RS.SentToCenter, null, null],
    // The center declined or cancelled (docs/decisions/133): said so, even while the lab tests are pending.
    [
      "declined, labs pending",
      [referral(4, RF.DeclinedByCenter, "03/01/2026")],
      RS.CompleteLabTests,
      "landing.card.statusDeclinedByCenter",
      "landing.card.declinedByCenterText",
    ],
    [
      "cancelled by the center",
      [referral(4, RF.CancelledByCenter, "03/01/2026")],
      RS.SentToCenter,
      "landing.card.statusCancelledByCenter",
      "landing.card.cancelledByCenterText",
    ],
  ] as const)("%s", (_name, centerReferrals, status, statusKey, noteKey) => {
    const v = card({ status, preferredCenterId: 4, preferredCenter: "Lakeside", centerReferrals: [...centerReferrals] }, true);
    expect(v.statusTextKey).toBe(statusKey);
    expect(v.referralUpdate).toEqual(noteKey ? { centerName: "Lakeside", textKey: noteKey } : null);
  });
  it("no center, no step", () => {
    expect(card({ preferredCenterId: 0, centerReferrals: [referral(4, RF.CenterApproved, "03/01/2026")] }).referralUpdate).toBeNull();
  });
});

describe("step completion (DSH-005)", () => {
  it.each([
    [RS.Screening, RS.Screening, 0, false],
    [RS.Screening, RS.Screening, 2, true],
    [RS.Screening, RS.SelectCenter, 0, true],
    [RS.SelectCenter, RS.SelectCenter, 0, false],
    [RS.SelectCenter, RS.SelectCenter, 2, true],
    [RS.SelectCenter, RS.CompleteLabTests, 2, true],
    [RS.CompleteLabTests, RS.CompleteLabTests, 2, false],
    [RS.CompleteLabTests, RS.SentToCenter, 2, true],
    [RS.SentToCenter, RS.SentToCenter, 2, true],
    [RS.SentToCenter, RS.SentToCenter, 0, false],
    [RS.SentToCenter, RS.CompleteLabTests, 2, false],
    [RS.Screening, RS.RuledOut, 0, true],
  ] as const)("step %i at status %i, center %i: complete %s", (step, status, preferredCenterId, complete) => {
    expect(isStepComplete(step, { status, preferredCenterId })).toBe(complete);
  });
});

const summary = (v: ReturnType<typeof card>) => v.steps.map((st) => [st.id, st.complete, st.badgeKey, st.button?.kind ?? null]);

describe("step cards, badges and buttons (DSH-005, DSH-006)", () => {
  it.each([
    [
      "screening status",
      { status: RS.Screening, isCleared: false },
      [
        ["screening", false, "landing.badgePendingScreening", "showResults"],
        ["selectCenter", false, "landing.badgePendingCenterSelect", null],
        ["labTests", false, "landing.badgePendingLabTestStart", null],
        ["sentToCenter", false, "landing.badgePendingLabTestCompletions", null],
      ],
    ],
    [
      "select center, no center",
      {},
      [
        ["screening", true, null, "showResults"],
        ["selectCenter", false, "landing.badgePendingCenterSelect", "selectCenter"],
        ["labTests", false, "landing.badgePendingLabTestStart", null],
        ["sentToCenter", false, "landing.badgePendingLabTestCompletions", null],
      ],
    ],
    [
      "select center, transplanted kidney",
      { kidneyStatus: KidneyStatus.Transplanted },
      [
        ["screening", true, null, "showResults"],
        ["selectCenter", false, "landing.badgeUnavailable", "selectCenter"],
        ["labTests", false, "landing.badgePendingLabTestStart", null],
        ["sentToCenter", false, "landing.badgePendingLabTestCompletions", null],
      ],
    ],
    [
      "select center, immune-tolerance candidate flag",
      { isImmunoFreeCandidate: true },
      [
        ["screening", true, null, "showResults"],
        ["selectCenter", false, "landing.badgeUnavailable", "selectCenter"],
        ["labTests", false, "landing.badgePendingLabTestStart", null],
        ["sentToCenter", false, "landing.badgePendingLabTestCompletions", null],
      ],
    ],
    [
      "select center, staying with a center",
      { preferredCenterId: 4, preferredCenter: "C" },
      [
        ["screening", true, null, "showResults"],
        ["selectCenter", true, null, "changeCenter"],
        ["labTests", false, "landing.badgePendingLabTestStart", null],
        ["sentToCenter", false, "landing.badgePendingLabTestCompletions", null],
      ],
    ],
    [
      "lab tests, ordered, pending approval",
      { status: RS.CompleteLabTests, preferredCenterId: 4, labsOrdered: true, prescriptionRequestDateTime: "03/19/2026" },
      [
        ["screening", true, null, "showResults"],
        ["selectCenter", true, null, "changeCenter"],
        ["labTests", false, "landing.badgePendingLabTestResults", "labOrderRequested"],
        ["sentToCenter", false, "landing.badgePendingLabTestCompletions", null],
      ],
    ],
    [
      "lab tests, not ordered",
      { status: RS.CompleteLabTests, preferredCenterId: 4 },
      [
        ["screening", true, null, "showResults"],
        ["selectCenter", true, null, "changeCenter"],
        ["labTests", false, "landing.badgePendingLabTestStart", "requestLabs"],
        ["sentToCenter", false, "landing.badgePendingLabTestCompletions", null],
      ],
    ],
    [
      "lab tests, downloaded",
      {
        status: RS.CompleteLabTests,
        preferredCenterId: 4,
        labsOrdered: true,
        prescriptionDownloadDateTime: "03/19/2026 10:00",
        prescriptionExpirationDate: "06/17/2026",
      },
      [
        ["screening", true, null, "showResults"],
        ["selectCenter", true, null, "changeCenter"],
        ["labTests", false, "landing.badgeLabTestsDownloaded", "downloadLabs"],
        ["sentToCenter", false, "landing.badgePendingLabTestCompletions", null],
      ],
    ],
    [
      "sent to center, results in",
      {
        status: RS.SentToCenter,
        preferredCenterId: 4,
        labsOrdered: true,
        prescriptionDownloadDateTime: "03/01/2026",
        labsUploadedDateTime: "03/15/2026",
      },
      [
        ["screening", true, null, "showResults"],
        ["selectCenter", true, null, "changeCenter"],
        ["labTests", true, null, "downloadResults"],
        ["sentToCenter", true, null, null],
      ],
    ],
    // Decision 036: a change of center at SentToCenter placed a new order; it is approved, the results are awaited.
    [
      "sent to center, a new order after a change of center",
      {
        status: RS.SentToCenter,
        preferredCenterId: 4,
        labsOrdered: true,
        prescriptionRequestDateTime: "03/19/2026",
        prescriptionExpirationDate: "06/17/2026",
      },
      [
        ["screening", true, null, "showResults"],
        ["selectCenter", true, null, "changeCenter"],
        ["labTests", false, "landing.badgePendingLabTestResults", "downloadLabs"],
        ["sentToCenter", true, null, null],
      ],
    ],
    ["ruled out (cleared flag set): only the screening step", { status: RS.RuledOut, isCleared: true }, [["screening", true, null, "showResults"]]],
    [
      "immune-tolerance candidate: only the screening step",
      { status: RS.IfPassCandidate, isCleared: true, isImmunoFreeCandidate: true },
      [["screening", true, null, "showResults"]],
    ],
  ] as const)("%s", (_n, patch, expected) => {
    expect(summary(card(patch as Partial<Screening>))).toEqual(expected);
  });

  it("titles of the four cards", () => {
    expect(card({}).steps.map((st) => st.titleKey)).toEqual([
      "landing.stepScreening",
      "landing.stepSelectCenter",
      "landing.stepLabTests",
      "landing.stepSentToCenter",
    ]);
  });

  it("button labels", () => {
    const steps = card({ status: RS.CompleteLabTests, preferredCenterId: 4, prescriptionExpirationDate: "06/17/2026" }).steps;
    expect(steps[0]!.button).toEqual({ kind: "showResults", labelKey: "landing.card.showResults" });
    expect(steps[1]!.button).toEqual({ kind: "changeCenter", labelKey: "landing.card.changeCenter" });
    expect(steps[2]!.button).toEqual({ kind: "downloadLabs", labelKey: "landing.labs.downloadLabs", href: "/lab-tests/9" });
    expect(card({}).steps[1]!.button).toEqual({ kind: "selectCenter", labelKey: "landing.card.selectCenter" });
  });
});

describe("thank-you alert (DSH-007)", () => {
  it.each([
    [
      "center and a donor, labs required",
      { preferredCenterId: 4, preferredCenter: "City" },
      { centerName: "City", labsRequired: true, textKey: "landing.card.thankYou", labsTextKey: "landing.card.thankYouLabs" },
    ],
    [
      "center and a donor, labs uploaded",
      { preferredCenterId: 4, preferredCenter: "City", labsUploadedDateTime: "03/01/2026" },
      { centerName: "City", labsRequired: false, textKey: "landing.card.thankYou", labsTextKey: "landing.card.thankYouLabs" },
    ],
    [
      "in the care of a center, staying (docs/decisions/128)",
      {
        preferredCenterId: 4,
        preferredCenter: "City",
        transplantCenterSituation: TransplantCenterSituation.Selected,
        willingToTransfer: Transfer.No,
      },
      { centerName: "City", labsRequired: true, textKey: "landing.card.thankYouInCareOf", labsTextKey: "landing.card.thankYouLabs" },
    ],
    [
      "in the care of a center, then another chosen with Change Center",
      {
        preferredCenterId: 5,
        preferredCenter: "Town",
        transplantCenterSituation: TransplantCenterSituation.Selected,
        willingToTransfer: Transfer.No,
        centerReferrals: [
          { centerId: 4, centerName: "City", dateReferred: "03/01/2026", statusId: RF.CancelledByPatient, status: "Cancelled by Patient" },
          { centerId: 5, centerName: "Town", dateReferred: "03/02/2026", statusId: RF.PendingCenter, status: "Pending Center" },
        ],
      },
      { centerName: "Town", labsRequired: true, textKey: "landing.card.thankYou", labsTextKey: "landing.card.thankYouLabs" },
    ],
    ["no center", { preferredCenterId: 0 }, null],
    ["a center, looking for a donor", { preferredCenterId: 4, donorStatus: DonorStatus.FindDonor }, null],
  ] as const)("%s", (_n, patch, expected) => {
    expect(card(patch as Partial<Screening>).thankYou).toEqual(expected);
  });

  it("lab news by text only (docs/decisions/128): the blood test's text promises a text message, not an email", () => {
    const delivery = { steps: { email: true, text: false }, decisions: { email: true, text: true }, labs: { email: false, text: true } };
    const view = registrationCard(s({ preferredCenterId: 4, preferredCenter: "City" }), { now, preferredCenterIsMember: true, delivery });
    expect(view.thankYou?.labsTextKey).toBe("landing.card.thankYouLabsByText");
  });
});

describe("not-cleared view (DSH-008)", () => {
  it.each([
    ["cleared", { isCleared: true, status: RS.SelectCenter }, false],
    ["not cleared at screening", { isCleared: false, status: RS.Screening }, false],
    ["not cleared at select center", { isCleared: false, status: RS.SelectCenter }, true],
    ["not cleared at lab tests", { isCleared: false, status: RS.CompleteLabTests }, true],
    ["not cleared, sent to center", { isCleared: false, status: RS.SentToCenter }, false],
    ["not cleared, ruled out", { isCleared: false, status: RS.RuledOut }, true],
    ["not cleared, immune-tolerance candidate", { isCleared: false, status: RS.IfPassCandidate }, true],
  ] as const)("%s: %s", (_n, patch, shown) => {
    expect(showsNotClearedView(s(patch))).toBe(shown);
    const view = card(patch);
    expect(view.notCleared !== null).toBe(shown);
    if (shown) expect(view.steps).toEqual([]);
  });

  it.each([
    ["no donor", { donorStatus: DonorStatus.NoDonor, primaryGoal: PrimaryGoal.Other }, false, "landing.notCleared.reasonNoDonor"],
    ["goal understand options", { primaryGoal: PrimaryGoal.UnderstandOptions }, false, "landing.notCleared.reasonExploring"],
    // Goal Other (decision 095): registered nowhere, or with a willing donor, neither "already registered" nor a donor reason.
    [
      "goal Other, registered nowhere, a willing donor",
      { primaryGoal: PrimaryGoal.Other, donorStatus: DonorStatus.HasDonor, transplantCenterSituation: TransplantCenterSituation.NotSelected },
      false,
      "landing.notCleared.reasonOtherGoal",
    ],
    [
      "goal Other, looking for a donor",
      { primaryGoal: PrimaryGoal.Other, donorStatus: DonorStatus.FindDonor },
      false,
      "landing.notCleared.reasonOtherGoal",
    ],
    [
      "goal Other, donor situation Other",
      { primaryGoal: PrimaryGoal.Other, donorStatus: DonorStatus.Other },
      false,
      "landing.notCleared.reasonOtherGoal",
    ],
    ["immune-tolerance status", { status: RS.IfPassCandidate }, false, "landing.notCleared.reasonExploring"],
    [
      "non-member center, staying",
      { transplantCenterSituation: TransplantCenterSituation.Selected, preferredCenterId: 4, willingToTransfer: Transfer.No },
      false,
      "landing.notCleared.reasonStaying",
    ],
    [
      "member center, staying",
      { transplantCenterSituation: TransplantCenterSituation.Selected, preferredCenterId: 4, willingToTransfer: Transfer.No },
      true,
      "landing.notCleared.reasonNotEligible",
    ],
    ["no center, unwilling", { preferredCenterId: 0, willingToTransfer: Transfer.No }, false, "landing.notCleared.reasonNotWilling"],
    ["anything else", { willingToTransfer: Transfer.Yes }, false, "landing.notCleared.reasonNotEligible"],
  ] as const)("reason: %s", (_n, patch, member, key) => {
    expect(notClearedReasonKey(s({ isCleared: false, ...patch }), member)).toBe(key);
  });

  it("goal Other: the card's alert gives the goal's own reason (decision 095)", () => {
    const view = card({ isCleared: false, status: RS.RuledOut, primaryGoal: PrimaryGoal.Other, primaryGoalOther: "Learning" });
    expect(view.notCleared?.reasonKey).toBe("landing.notCleared.reasonOtherGoal");
    expect(view.steps).toEqual([]);
  });

  it("alert and buttons", () => {
    expect(card({ isCleared: false, donorStatus: DonorStatus.NoDonor, status: RS.RuledOut }).notCleared).toEqual({
      alertKey: "landing.notCleared.alert",
      reasonKey: "landing.notCleared.reasonNoDonor",
      situationChangedKey: "landing.notCleared.situationChanged",
      viewAnswersKey: "landing.notCleared.viewAnswers",
    });
  });
});

describe("labs requirement message and immune-tolerance view (DSH-007, DSH-013)", () => {
  const stay = { transplantCenterSituation: TransplantCenterSituation.Selected, preferredCenterId: 4, willingToTransfer: Transfer.No };
  it.each([
    ["select center, cleared", {}, false, true],
    ["sent to center", { status: RS.SentToCenter }, false, false],
    ["situation changed", { isCleared: false }, false, false],
    ["staying with a non-member center", stay, false, false],
    ["staying with a member center", stay, true, true],
  ] as const)("labs requirement: %s -> %s", (_n, patch, member, shown) => {
    expect(showsLabsRequirement(s(patch), member)).toBe(shown);
    expect(card(patch, member).labsRequirementShown).toBe(shown);
  });

  it.each([
    [RS.IfPassCandidate, KidneyStatus.DialysisNow, true],
    [RS.SelectCenter, KidneyStatus.Transplanted, true],
    [RS.SelectCenter, KidneyStatus.TransplantedNoImmunosuppression, true],
    [RS.SelectCenter, KidneyStatus.DialysisNow, false],
    [RS.CompleteLabTests, KidneyStatus.Transplanted, false],
  ] as const)("immune-tolerance view: status %i, kidney %i -> %s", (status, kidneyStatus, shown) => {
    expect(showsImmuneToleranceView({ status, kidneyStatus })).toBe(shown);
    expect(card({ status, kidneyStatus }).immuneToleranceView).toBe(shown);
  });
});

describe("referrals, newest first (DSH-011)", () => {
  const r = (centerId: number, dateReferred: string) => ({ centerId, centerName: `C${centerId}`, dateReferred, statusId: 1, status: "Pending" });
  it("sorts by date referred, newest first, unreadable last, ties in given order, dates as their day (YYYY-MM-DD, written out by the page)", () => {
    const sorted = sortReferrals([r(1, "01/05/2026"), r(2, "bad"), r(3, "2026-02-01"), r(4, "12/31/2025"), r(5, "01/05/2026"), r(6, "")]);
    expect(sorted.map((x) => [x.centerId, x.dateReferred])).toEqual([
      [3, "2026-02-01"],
      [1, "2026-01-05"],
      [5, "2026-01-05"],
      [4, "2025-12-31"],
      [2, "bad"],
      [6, ""],
    ]);
    expect(card({ centerReferrals: [r(1, "01/05/2026"), r(3, "02/01/2026")] }).referrals.map((x) => x.centerId)).toEqual([3, 1]);
  });
});

describe("staying with a non-member center", () => {
  const stay = {
    status: RS.SelectCenter,
    transplantCenterSituation: TransplantCenterSituation.Selected,
    willingToTransfer: Transfer.No,
    preferredCenterId: 4,
    preferredCenter: "Local Hospital",
  };
  it("shows the screening and center steps only, with a note naming the center", () => {
    const v = card(stay, false);
    expect(v.steps.map((st) => [st.id, st.complete, st.button?.kind ?? null])).toEqual([
      ["screening", true, "showResults"],
      ["selectCenter", true, "changeCenter"],
    ]);
    expect(v.stayingWith).toEqual({ centerName: "Local Hospital", textKey: "landing.card.stayingNonMember" });
    expect(v.labsRequirementShown).toBe(false);
  });

  it.each([
    ["a member center", stay, true],
    ["a non-member center the patient leaves", { ...stay, willingToTransfer: Transfer.Yes }, false],
    ["a center chosen later (lab step)", { ...stay, status: RS.CompleteLabTests }, false],
  ] as const)("not for %s", (_n, patch, member) => {
    const v = card(patch, member);
    expect(v.stayingWith).toBeNull();
    expect(v.steps).toHaveLength(4);
  });
});

import { describe, expect, it } from "vitest";
import { DonorStatus, PrimaryGoal, Transfer, TransplantCenterSituation } from "../../../registry/contract/enums";
import { resultsOutcome } from "./results-outcome";
import type { OutcomeFields } from "../../../registry/contract/save-outcome";
import { anOutcome } from "../../../registry/testing/screenings";

const S = TransplantCenterSituation;
/** Not registered with a center, a willing donor, goal 'Find a transplant center', cleared (the common path). */
const o = anOutcome;
const registered = { transplantCenterSituation: S.Selected, preferredCenterId: 4 };
const staying = { ...registered, willingToTransfer: Transfer.No, donorStatus: DonorStatus.Unknown, primaryGoal: PrimaryGoal.Unknown };

describe("Requirement DSH-010: the Screening Results dialog's outcome message (not view-only)", () => {
  it.each<[string, OutcomeFields, boolean, string, string, boolean]>([
    [
      "no donor, even with a member center named",
      o({ ...registered, donorStatus: DonorStatus.NoDonor, primaryGoal: PrimaryGoal.Other, isCleared: false }),
      true,
      "notCleared",
      "screening.complete.notCleared",
      false,
    ],
    [
      "registered with a member center (the save confirms it)",
      o({ ...registered, willingToTransfer: Transfer.No, isCleared: false }),
      true,
      "sentToMemberCenter",
      "screening.complete.staysMember",
      false,
    ],
    [
      "a center confirmed",
      o({ isCenterConfirmed: true, preferredCenterId: 4 }),
      false,
      "sentToMemberCenter",
      "screening.complete.staysMember",
      false,
    ],
    [
      "an immune-tolerance candidate",
      o({ isImmunoFreeCandidate: true, donorStatus: DonorStatus.Unknown, primaryGoal: PrimaryGoal.Unknown }),
      false,
      "immuneTolerance",
      "landing.card.immuneToleranceText",
      false,
    ],
    [
      "registered with a non-member center, not transferring",
      o({ ...staying, isCleared: false }),
      false,
      "staysNonMember",
      "screening.complete.staysNonMember",
      true,
    ],
    [
      "goal 'Understand my options'",
      o({ primaryGoal: PrimaryGoal.UnderstandOptions, isCleared: false }),
      false,
      "informationSeeker",
      "screening.results.informationSeeker",
      true,
    ],
    // Decision 095: goal Other has its own explanation, not "exploring your options".
    ["goal Other", o({ primaryGoal: PrimaryGoal.Other, isCleared: false }), false, "otherGoal", "screening.complete.otherGoal", true],
    [
      "goal Other, looking for a donor, a non-member center named and willing to transfer",
      o({ ...registered, primaryGoal: PrimaryGoal.Other, donorStatus: DonorStatus.FindDonor, isCleared: false }),
      false,
      "otherGoal",
      "screening.complete.otherGoal",
      true,
    ],
    ["cleared", o({}), false, "cleared", "screening.complete.cleared", false],
    [
      "cleared, registered with a non-member center and willing to transfer",
      o({ ...registered, preferredCenterId: 0 }),
      false,
      "cleared",
      "screening.complete.cleared",
      false,
    ],
    ["not cleared otherwise", o({ isCleared: false }), false, "notCleared", "screening.complete.notCleared", false],
    [
      "not cleared: a non-member center named, willing to transfer",
      o({ ...registered, isCleared: false }),
      false,
      "notCleared",
      "screening.complete.notCleared",
      false,
    ],
  ])("%s", (_name, input, member, outcome, textKey, returnToDashboard) => {
    expect(resultsOutcome(input, member)).toEqual({ outcome, textKey, returnToDashboard });
  });

  it("a member center outranks the candidate flag, the candidate flag outranks staying and the goal", () => {
    expect(resultsOutcome(o({ ...registered, isImmunoFreeCandidate: true }), true).outcome).toBe("sentToMemberCenter");
    expect(resultsOutcome(o({ ...staying, isImmunoFreeCandidate: true }), false).outcome).toBe("immuneTolerance");
    expect(resultsOutcome(o({ primaryGoal: PrimaryGoal.UnderstandOptions, isImmunoFreeCandidate: true }), false).outcome).toBe("immuneTolerance");
    expect(resultsOutcome(o({ ...staying, primaryGoal: PrimaryGoal.Other }), false).outcome).toBe("staysNonMember");
  });
});

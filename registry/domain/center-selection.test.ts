import { describe, expect, it } from "vitest";
import { ReferralStatus, RegistrationStatus } from "../contract/enums";
import { LabFormReason } from "../contract/labs";
import { cancelDetails, selectionVerdict, type SelectionFacts } from "./center-selection";

const NOW = new Date("2025-03-13T00:00:00.000Z");
const referral = (centerId: number, dateReferred: string, statusId: number = ReferralStatus.PendingCenter) => ({
  centerId,
  centerName: `Center ${centerId}`,
  dateReferred,
  statusId,
});
const facts = (f: Partial<SelectionFacts> = {}): SelectionFacts => ({
  id: 9,
  status: RegistrationStatus.SelectCenter,
  preferredCenterId: 0,
  preferredCenter: "",
  centerReferrals: [],
  isOptedOut: false,
  ...f,
});

describe("selectionVerdict (first match wins)", () => {
  it.each([
    ["opted out", facts({ isOptedOut: true }), { kind: "refused", reason: LabFormReason.optedOut }],
    ["still screening", facts({ status: RegistrationStatus.Screening }), { kind: "refused", reason: LabFormReason.centerNotAvailable }],
    ["ruled out", facts({ status: RegistrationStatus.RuledOut }), { kind: "refused", reason: LabFormReason.centerNotAvailable }],
    [
      "an immune-tolerance candidate",
      facts({ status: RegistrationStatus.IfPassCandidate }),
      { kind: "refused", reason: LabFormReason.centerNotAvailable },
    ],
    [
      "the preferred center again",
      facts({ status: RegistrationStatus.CompleteLabTests, preferredCenterId: 2, centerReferrals: [referral(2, "03/12/2025")] }),
      { kind: "refused", reason: LabFormReason.sameCenter },
    ],
    [
      "the current center referred 3 days ago, still pending (date + 3 days not before now)",
      facts({ status: RegistrationStatus.CompleteLabTests, preferredCenterId: 1, centerReferrals: [referral(1, "03/10/2025")] }),
      { kind: "refused", reason: LabFormReason.giveAdditionalTime },
    ],
    [
      "the current center referred 3 days ago but approved by the center",
      facts({
        status: RegistrationStatus.CompleteLabTests,
        preferredCenterId: 1,
        centerReferrals: [referral(1, "03/10/2025", ReferralStatus.CenterApproved)],
      }),
      { kind: "allowed", changing: true },
    ],
    [
      "the current center referred more than 3 days ago",
      facts({ status: RegistrationStatus.CompleteLabTests, preferredCenterId: 1, centerReferrals: [referral(1, "03/09/2025")] }),
      { kind: "allowed", changing: true },
    ],
    [
      "a recent pending referral of another, earlier center does not block",
      facts({
        status: RegistrationStatus.CompleteLabTests,
        preferredCenterId: 1,
        centerReferrals: [referral(3, "03/12/2025", ReferralStatus.CancelledByPatient), referral(1, "03/01/2025")],
      }),
      { kind: "allowed", changing: true },
    ],
    [
      "sent to a member center by the screening, no referral",
      facts({ status: RegistrationStatus.SentToCenter, preferredCenterId: 1, preferredCenter: "Center 1" }),
      { kind: "allowed", changing: true },
    ],
    ["a first selection", facts(), { kind: "allowed", changing: false }],
    ["a first selection next to a non-member center the patient stays with", facts({ preferredCenterId: 4 }), { kind: "allowed", changing: false }],
  ])("%s", (_name, f, expected) => expect(selectionVerdict(f, 2, NOW)).toEqual(expected));
});

describe("cancelDetails (CEN-010)", () => {
  it.each([
    [null, null, { ok: false, errors: { reason: "validation.required" } }],
    [-1, "x", { ok: false, errors: { reason: "validation.required" } }],
    [0, null, { ok: false, errors: { reason: "validation.required" } }],
    [5, null, { ok: false, errors: { reason: "validation.invalidValue" } }],
    [4, null, { ok: false, errors: { other: "validation.required" } }],
    [4, "  \n ", { ok: false, errors: { other: "validation.required" } }],
    [4, "  moving  ", { ok: true, value: { reason: 4, other: "moving" } }],
    [1, null, { ok: true, value: { reason: 1, other: "" } }],
    [2, " never called ", { ok: true, value: { reason: 2, other: "never called" } }],
    [3, "", { ok: true, value: { reason: 3, other: "" } }],
  ])("reason %s, other %j", (reason, other, expected) => expect(cancelDetails(reason, other)).toEqual(expected));
});

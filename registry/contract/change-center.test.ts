import { describe, expect, it } from "vitest";
import { ReferralStatus, RegistrationStatus } from "./enums";
import { CHANGE_CENTER_OTHER_MAX as CONTRACT_OTHER_MAX } from "./limits";
import {
  CHANGE_CENTER_OTHER_MAX,
  changeCenterDecision,
  changeCenterReasons,
  validateChangeCenterReason,
  type ChangeCenterScreening,
} from "./change-center";

const now = new Date("2026-03-20T12:00:00Z");
const ref = (centerId: number, dateReferred: string, statusId: number = ReferralStatus.PendingCenter, centerName = "Center " + centerId) => ({
  centerId,
  centerName,
  dateReferred,
  statusId,
});
const s = (patch: Partial<ChangeCenterScreening>): ChangeCenterScreening => ({
  id: 9,
  status: RegistrationStatus.CompleteLabTests,
  preferredCenterId: 3,
  preferredCenter: "Center 3",
  centerReferrals: [],
  ...patch,
});

describe("change-center decision (CEN-009)", () => {
  it.each([
    ["pending referral to the current center, 1 day ago -> close-out warning", s({ centerReferrals: [ref(3, "03/19/2026")] }), "closeOutWarning"],
    ["pending referral 3 days ago (plus 3 days not before now) -> warning", s({ centerReferrals: [ref(3, "03/17/2026 12:00")] }), "closeOutWarning"],
    ["pending referral, ISO date within 3 days -> warning", s({ centerReferrals: [ref(3, "2026-03-18")] }), "closeOutWarning"],
    ["pending referral 4 days ago -> additional-center dialog", s({ centerReferrals: [ref(3, "03/16/2026")] }), "additionalCenter"],
    ["approved referral yesterday -> dialog", s({ centerReferrals: [ref(3, "03/19/2026", ReferralStatus.CenterApproved)] }), "additionalCenter"],
    ["pending referral yesterday to another center -> dialog", s({ centerReferrals: [ref(4, "03/19/2026")] }), "additionalCenter"],
    ["pending referral with an unreadable date -> dialog", s({ centerReferrals: [ref(3, "soon")] }), "additionalCenter"],
    ["recent referral but no preferred center -> dialog", s({ preferredCenterId: 0, centerReferrals: [ref(0, "03/19/2026")] }), "additionalCenter"],
    ["no referral, sent to center with a center -> dialog", s({ status: RegistrationStatus.SentToCenter }), "additionalCenter"],
    ["no referral, sent to center, no center -> select center", s({ status: RegistrationStatus.SentToCenter, preferredCenterId: 0 }), "selectCenter"],
    ["no referral, lab step -> select center", s({}), "selectCenter"],
  ] as const)("%s", (_n, screening, kind) => {
    const d = changeCenterDecision(screening, now);
    expect(d.kind).toBe(kind);
    if (d.kind !== "closeOutWarning") expect(d.href).toBe("/select-center/9");
  });

  it("the warning names the center of the referral, else the preferred center", () => {
    expect(changeCenterDecision(s({ centerReferrals: [ref(3, "03/19/2026")] }), now)).toEqual({
      kind: "closeOutWarning",
      centerName: "Center 3",
      titleKey: "changeCenter.closeOutTitle",
      textKey: "changeCenter.closeOutText",
      buttonKey: "changeCenter.dismiss",
    });
    expect(changeCenterDecision(s({ preferredCenter: "Fallback", centerReferrals: [ref(3, "03/19/2026", 1, "")] }), now)).toMatchObject({
      centerName: "Fallback",
    });
  });
});

describe("Additional Center Registration validation (CEN-010)", () => {
  const required = "validation.required";
  it.each([
    ["placeholder -1", -1, "", { reason: required }],
    ["0", 0, "", { reason: required }],
    ["not a reason (5)", 5, "", { reason: required }],
    ["empty text", "", "", { reason: required }],
    ["text not a number", "abc", "x", { reason: required }],
    ["undefined", undefined, undefined, { reason: required }],
    ["Other without information", 4, "  ", { other: required }],
    ["Other as text without information", "4", undefined, { other: required }],
    ["information over the limit", 1, "x".repeat(501), { other: "validation.tooLong" }],
    ["Other with information over the limit", 4, "x".repeat(501), { other: "validation.tooLong" }],
    ["no reason and information over the limit", -1, "x".repeat(501), { reason: required, other: "validation.tooLong" }],
  ] as const)("%s -> errors", (_n, reason, other, errors) => {
    expect(validateChangeCenterReason({ reason, other })).toEqual({ ok: false, errors });
  });

  it.each([
    [1, "", { reason: 1, other: "" }],
    ["2", undefined, { reason: 2, other: "" }],
    [3, " too far ", { reason: 3, other: "too far" }],
    [4, "moving", { reason: 4, other: "moving" }],
  ] as const)("reason %j with %j is valid", (reason, other, value) => {
    expect(validateChangeCenterReason({ reason, other })).toEqual({ ok: true, value });
  });

  it("information up to the contract's limit is kept", () => {
    expect(CHANGE_CENTER_OTHER_MAX).toBe(CONTRACT_OTHER_MAX);
    expect(validateChangeCenterReason({ reason: 2, other: `  ${"y".repeat(500)}  ` })).toEqual({
      ok: true,
      value: { reason: 2, other: "y".repeat(500) },
    });
  });

  it("offers the four reasons in order", () => {
    expect(changeCenterReasons.map((r) => r.value)).toEqual([1, 2, 3, 4]);
  });
});

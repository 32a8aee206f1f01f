import { describe, expect, it } from "vitest";
import { isVerified } from "~/platform/verification";
import { dashboardBeforeScreening } from "./dashboard";

const account = (pref: number, email: boolean, mobile: boolean) => ({
  authenticationPreference: pref,
  registrationDateTime: "01/02/2026",
  isEmailVerified: email,
  isMobileVerified: mobile,
});

describe("verification gate (DSH-001, DSH-003)", () => {
  it.each([
    ["no account", null, false],
    ["email preference, email unverified", account(1, false, true), false],
    ["email preference, email verified", account(1, true, false), true],
    ["phone preference, only email verified", account(2, true, false), false],
    ["phone preference, both verified", account(2, true, true), true],
    ["phone preference, only mobile verified", account(2, false, true), false],
  ] as const)("%s", (_n, a, expected) => {
    expect(isVerified(a)).toBe(expected);
  });

  it("before screening: unverified patients see the warning and 'Pending Verification'", () => {
    const view = dashboardBeforeScreening(account(1, false, false));
    expect(view.verificationRequired).toBe(true);
    expect(view.canStartScreening).toBe(false);
    expect(view.steps.map((s) => s.badgeKey)).toEqual([
      "landing.badgePendingVerification",
      "landing.badgePendingScreening",
      "landing.badgePendingCenterSelect",
      "landing.badgePendingLabTests",
    ]);
  });
  it("before screening: verified patients may start ('Ready to Start')", () => {
    const view = dashboardBeforeScreening(account(1, true, true));
    expect(view.verificationRequired).toBe(false);
    expect(view.allVerified).toBe(true);
    expect(view.canStartScreening).toBe(true);
    expect(view.steps[0]!.badgeKey).toBe("landing.badgeReadyToStart");
  });
});

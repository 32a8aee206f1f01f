import { describe, expect, it } from "vitest";
import { reasonForm, reasonProblem } from "./center-form";

describe("the center's reason forms (docs/decisions/133)", () => {
  it("needs a reason of 1 to 500 characters, spaces around it not counted", () => {
    expect(reasonProblem("")).toBe("staffCenter.referral.reasonRequired");
    expect(reasonProblem("   \n ")).toBe("staffCenter.referral.reasonRequired");
    expect(reasonProblem(" Outside our service area ")).toBeNull();
    expect(reasonProblem(`  ${"é".repeat(500)}  `)).toBeNull();
    expect(reasonProblem("x".repeat(501))).toBe("staffCenter.referral.reasonTooLong");
  });

  it("names one form per step", () => {
    expect([reasonForm("decline"), reasonForm("cancel")]).toEqual(["center-decline", "center-cancel"]);
  });
});

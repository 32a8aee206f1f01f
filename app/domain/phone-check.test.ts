import { describe, expect, it } from "vitest";
import { formatUsPhone } from "../../registry/contract/phone";
import { phoneCheckView } from "./phone-check";
import { displayValues, dropInapplicableRegion } from "./registration-form";

const ok = (status: string) => ({ status: 200, results: { status } });

describe("live phone check feedback (000 §5 Phone)", () => {
  it.each([
    ["not 10 digits", "212555010", ok("valid"), { status: "invalid", key: "validation.phoneInvalidUs" }],
    ["available", "(212) 555-0100", ok("valid"), { status: "valid", key: "register.phoneAvailable" }],
    ["duplicate", "2125550100", ok("duplicate"), { status: "duplicate", key: "validation.phoneTaken" }],
    ["invalid for the registry", "2125550100", ok("invalid"), { status: "invalid", key: "validation.phoneInvalidUs" }],
    ["rate limited", "2125550100", { status: 429, results: null }, { status: "error", key: "register.tooManyAttempts" }],
    ["registry down", "2125550100", null, { status: "error", key: "register.phoneCheckFailed" }],
    ["no results", "2125550100", { status: 404, results: null }, { status: "error", key: "register.phoneCheckFailed" }],
  ] as const)("%s", (_n, phone, answer, expected) => {
    expect(phoneCheckView(phone, answer)).toEqual(expected);
  });
});

describe("phone display and region fields (000 §2.3, §5)", () => {
  it.each([
    ["2", "(2"],
    ["2125", "(212) 5"],
    ["212555010099", "(212) 555-0100"],
    ["212.555.0100", "(212) 555-0100"],
  ])("formats %j as %j", (input, expected) => {
    expect(formatUsPhone(input)).toBe(expected);
  });
  it("formats the phone when the form comes back, for the United States only", () => {
    expect(displayValues({ country: "1", phoneNumber: "2125550100" }).phoneNumber).toBe("(212) 555-0100");
    expect(displayValues({ country: "0", phoneNumber: "+44 20 7946 0958" }).phoneNumber).toBe("+44 20 7946 0958");
  });
  it("ignores the region field that does not apply", () => {
    expect(dropInapplicableRegion({ country: "1", usState: "33", province: "Ontario" })).toEqual({ country: "1", usState: "33", province: "" });
    expect(dropInapplicableRegion({ country: "0", usState: "33", province: "Ontario" })).toEqual({ country: "0", usState: "0", province: "Ontario" });
    expect(dropInapplicableRegion({ country: "-1", usState: "33", province: "x" })).toEqual({ country: "-1", usState: "33", province: "x" });
  });
});

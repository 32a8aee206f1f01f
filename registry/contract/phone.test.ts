import { describe, expect, it } from "vitest";
import { AuthPreference, PhoneRuleResult } from "./enums";
import { formatUsPhone, isValidPhone, phoneDigits, phoneRules } from "./phone";

const { Valid, Required, Invalid } = PhoneRuleResult;
const TEN = "(555) 010-0001";
const NINE = "555 010 000";
const ELEVEN = "1-555-010-0001";

describe("phoneDigits and isValidPhone", () => {
  it.each([
    ["", "", false],
    ["5550100001", "5550100001", true],
    [TEN, "5550100001", true],
    ["555.010.0001", "5550100001", true],
    ["+1 555 010 0001", "15550100001", false],
    [NINE, "555010000", false],
    [ELEVEN, "15550100001", false],
    ["phone: 555-010-0001!", "5550100001", true],
    ["abcdefghij", "", false],
  ])("%j -> digits %j, valid %j", (input, digits, valid) => {
    expect(phoneDigits(input)).toBe(digits);
    expect(isValidPhone(input)).toBe(valid);
  });
});

describe("formatUsPhone", () => {
  it.each([
    ["", ""],
    ["abc", ""],
    ["5", "(5"],
    ["555", "(555"],
    ["5551", "(555) 1"],
    ["555010", "(555) 010"],
    ["5550100", "(555) 010-0"],
    ["5550100001", "(555) 010-0001"],
    ["555010000123", "(555) 010-0001"],
    ["(555) 010-0001", "(555) 010-0001"],
    ["555-010-0001 ext 9", "(555) 010-0001"],
  ])("%j -> %j", (input, shown) => {
    expect(formatUsPhone(input)).toBe(shown);
    expect(formatUsPhone(input).length).toBeLessThanOrEqual(14);
  });
});

describe("phoneRules (000 §5)", () => {
  it.each([
    // email preference, no primary: the secondary is required and must have 10 digits
    [AuthPreference.Email, "", "", Valid, Required],
    [AuthPreference.Email, "   ", "  ", Valid, Required],
    [AuthPreference.Email, "", TEN, Valid, Valid],
    [AuthPreference.Email, "", NINE, Valid, Invalid],
    // email preference with a primary: primary must have 10 digits, secondary optional
    [AuthPreference.Email, TEN, "", Valid, Valid],
    [AuthPreference.Email, TEN, TEN, Valid, Valid],
    [AuthPreference.Email, TEN, ELEVEN, Valid, Invalid],
    [AuthPreference.Email, NINE, "", Invalid, Valid],
    [AuthPreference.Email, NINE, NINE, Invalid, Invalid],
    // phone preference: primary required, secondary optional
    [AuthPreference.Phone, "", "", Required, Valid],
    [AuthPreference.Phone, " ", TEN, Required, Valid],
    [AuthPreference.Phone, NINE, "", Invalid, Valid],
    [AuthPreference.Phone, TEN, "", Valid, Valid],
    [AuthPreference.Phone, TEN, TEN, Valid, Valid],
    [AuthPreference.Phone, TEN, NINE, Valid, Invalid],
    // any other preference behaves like phone
    [AuthPreference.Missing, "", "", Required, Valid],
    [AuthPreference.Missing, TEN, NINE, Valid, Invalid],
    [7, ELEVEN, TEN, Invalid, Valid],
  ])("preference %i, primary %j, secondary %j -> %i / %i", (preference, primary, secondary, p, s) => {
    expect(phoneRules(preference, primary, secondary)).toEqual({ primary: p, secondary: s });
  });
});

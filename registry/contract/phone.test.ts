import { describe, expect, it } from "vitest";
import { AuthPreference, Country, PhoneRuleResult } from "./enums";
import { displayPhone, formatUsPhone, isValidPhone, phoneDigits, phoneRules, storedPhone, textAddress, toE164 } from "./phone";

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

describe("phoneRules (ACC-014)", () => {
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

describe("toE164 by the address's country (docs/decisions/049)", () => {
  const { UnitedStates: US, Other, NotSelected } = Country;
  it.each([
    // United States (and no country chosen): exactly 10 digits, non-digits ignored, read as +1.
    [TEN, US, "+15550100001"],
    ["555.010.0001", US, "+15550100001"],
    ["+1 555 010 0001", US, null],
    ["+44 7911 123456", US, null],
    [NINE, US, null],
    ["", US, null],
    [TEN, NotSelected, "+15550100001"],
    // Other: with its country code, "+" or "00" first, 7 to 15 digits, the country code not starting with 0.
    ["+44 7911 123456", Other, "+447911123456"],
    ["0044 7911 123456", Other, "+447911123456"],
    ["+49 (30) 123-4567", Other, "+49301234567"],
    ["+683 4002", Other, "+6834002"],
    ["+123 456", Other, null],
    ["+1234567890123456", Other, null],
    ["+123456789012345", Other, "+123456789012345"],
    ["+0 441 234 5678", Other, null],
    ["+", Other, null],
    // Other without a country code: the spec's 10 digits, a North American number (e.g. Canada).
    ["(613) 555-0100", Other, "+16135550100"],
    ["07911 123456", Other, null],
    ["1 613 555 0100", Other, null],
  ])("%j in country %i -> %j", (input, country, expected) => {
    expect(toE164(input, country)).toBe(expected);
    expect(isValidPhone(input, country)).toBe(expected !== null);
  });

  it("stores an international number in E.164 and a US one as typed", () => {
    expect(storedPhone(" +44 7911 123456 ", Other)).toBe("+447911123456");
    expect(storedPhone("(613) 555-0100", Other)).toBe("+16135550100");
    expect(storedPhone("not a number", Other)).toBe("not a number");
    expect(storedPhone("", Other)).toBe("");
    expect(storedPhone(" (555) 010-0001 ", US)).toBe("(555) 010-0001");
  });

  it("texts a stored number at its E.164 address, whatever the country is now", () => {
    expect(textAddress("+447911123456")).toBe("+447911123456");
    expect(textAddress("(555) 010-0001")).toBe("+15550100001");
    expect(textAddress("5550100001")).toBe("+15550100001");
    expect(textAddress("12345")).toBeNull();
    expect(textAddress("")).toBeNull();
  });

  it("shows a US number as (XXX) XXX-XXXX and an international one as stored", () => {
    expect(displayPhone("5550100001", US)).toBe("(555) 010-0001");
    expect(displayPhone("+447911123456", US)).toBe("+447911123456");
    expect(displayPhone("+447911123456", Other)).toBe("+447911123456");
    expect(displayPhone("(613) 555-0100", Other)).toBe("(613) 555-0100");
  });

  it.each([
    [AuthPreference.Phone, "+44 7911 123456", "", Other, Valid, Valid],
    [AuthPreference.Phone, "+44 7911 123456", "", US, Invalid, Valid],
    [AuthPreference.Email, "", "+33 6 12 34 56 78", Other, Valid, Valid],
    [AuthPreference.Email, "", "+33 6", Other, Valid, Invalid],
    [AuthPreference.Phone, TEN, "+353 85 123 4567", Other, Valid, Valid],
  ])("phoneRules(%i, %j, %j, country %i) -> %i / %i", (preference, primary, secondary, country, p, s) => {
    expect(phoneRules(preference, primary, secondary, country)).toEqual({ primary: p, secondary: s });
  });
});

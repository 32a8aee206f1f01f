import { describe, expect, it } from "vitest";
import { AuthPreference, Country, PhoneRuleResult } from "./enums";
import { displayPhone, formatUsPhone, isValidPhone, phoneDigits, phoneProblem, phoneRules, storedPhone, textAddress, toE164 } from "./phone";

const { Valid, Required, Invalid } = PhoneRuleResult;
const { UnitedStates: US, Other, NotSelected } = Country;
const TEN = "(555) 210-0001";
const NINE = "555 210 000";
const TWELVE = "1-555-210-00011";

describe("phoneDigits and isValidPhone", () => {
  it.each([
    ["", "", false],
    ["5552100001", "5552100001", true],
    [TEN, "5552100001", true],
    ["555.210.0001", "5552100001", true],
    ["+1 555 210 0001", "15552100001", true],
    [NINE, "555210000", false],
    [TWELVE, "155521000011", false],
    ["phone: 555-210-0001!", "5552100001", true],
    ["abcdefghij", "", false],
  ])("%j -> digits %j, valid %j", (input, digits, valid) => {
    expect(phoneDigits(input)).toBe(digits);
    expect(isValidPhone(input)).toBe(valid);
  });
});

describe("formatUsPhone: as typed, never a digit dropped, never another country's number as a US one (docs/decisions/090)", () => {
  it.each([
    ["", ""],
    ["abc", ""],
    ["5", "(5"],
    ["555", "(555"],
    ["5552", "(555) 2"],
    ["555210", "(555) 210"],
    ["5552100", "(555) 210-0"],
    ["5552100001", "(555) 210-0001"],
    ["(555) 210-0001", "(555) 210-0001"],
    // an 11th digit shows, for the rule to refuse (it was cut off before)
    ["555210000123", "(555) 210-000123"],
    ["555-210-0001 ext 9", "(555) 210-00019"],
    // the North American country code stays in front; the 10 digits after it are formatted
    ["+1 303 555 5841", "+1 (303) 555-5841"],
    ["+1", "+1"],
    ["+13", "+1 (3"],
    ["1 303 555 5841", "1 (303) 555-5841"],
    ["13035555841", "1 (303) 555-5841"],
    ["1", "1"],
    ["+1 (202) 555-0188", "+1 (202) 555-0188"],
    // another country's number is left as typed (spaces included), for the country field to decide
    ["+", "+"],
    ["+4", "+4"],
    ["+44 ", "+44 "],
    ["+44 7911 123456", "+44 7911 123456"],
    ["0044 7911 123456", "0044 7911 123456"],
    ["07911 123456", "07911 123456"],
  ])("%j -> %j", (input, shown) => {
    expect(formatUsPhone(input)).toBe(shown);
    expect(phoneDigits(formatUsPhone(input))).toBe(phoneDigits(input));
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
    [AuthPreference.Email, TEN, TWELVE, Valid, Invalid],
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
    [7, TWELVE, TEN, Invalid, Valid],
  ])("preference %i, primary %j, secondary %j -> %i / %i", (preference, primary, secondary, p, s) => {
    expect(phoneRules(preference, primary, secondary)).toEqual({ primary: p, secondary: s });
  });
});

describe("toE164 and phoneProblem by the address's country (docs/decisions/049, 090)", () => {
  it.each([
    // United States (and no country chosen): 10 digits, non-digits ignored, read as +1 ...
    [TEN, US, "+15552100001"],
    ["555.210.0001", US, "+15552100001"],
    [TEN, NotSelected, "+15552100001"],
    // ... after the North American country code, written +1, 001 or 1, is dropped
    ["+1 303 555 5841", US, "+13035555841"],
    ["+1 (202) 555-0188", US, "+12025550188"],
    ["1 303 555 5841", US, "+13035555841"],
    ["1-303-555-5841", NotSelected, "+13035555841"],
    ["001 303 555 5841", US, "+13035555841"],
    // the digits of a pasted "+1 303 555 5841" that a 14-character field kept: the 1 is no area code's first digit
    ["1303555584", US, null],
    [NINE, US, null],
    ["", US, null],
    // Other: with its country code, "+" or "00" first, 7 to 15 digits, the country code not starting with 0
    ["+44 7911 123456", Other, "+447911123456"],
    ["0044 7911 123456", Other, "+447911123456"],
    ["+354 611 5034", Other, "+3546115034"],
    ["+49 (30) 123-4567", Other, "+49301234567"],
    ["+683 4002", Other, "+6834002"],
    ["+123 456", Other, null],
    ["+2234567890123456", Other, null],
    ["+223456789012345", Other, "+223456789012345"],
    ["+0 441 234 5678", Other, null],
    ["+", Other, null],
    // Other, North American: +1 and 10 digits (Canada, the Caribbean), or the spec's 10 digits without a country code
    ["+1 613 555 0100", Other, "+16135550100"],
    ["(613) 555-0100", Other, "+16135550100"],
    ["07911 123456", Other, null],
    // without "+", 11 digits starting with 1 are not read as North American outside the US (a Chinese mobile is 11 digits)
    ["1 613 555 0100", Other, null],
    ["139 1234 5678", Other, null],
  ])("%j in country %i -> %j", (input, country, expected) => {
    expect(toE164(input, country)).toBe(expected);
    expect(isValidPhone(input, country)).toBe(expected !== null);
    if (expected !== null) expect(phoneProblem(input, country)).toBeNull();
  });

  it.each([
    // not 10 digits (with or without the country code): the spec's rule
    [NINE, US, "invalid"],
    ["+1 303 555 584", US, "invalid"],
    ["1 303 555 58411", US, "invalid"],
    ["", US, "invalid"],
    ["+", US, "invalid"],
    ["+44 79", Other, "invalid"],
    // impossible North American numbers (NANP): area code starting with 0 or 1, an N11 service code ...
    ["1303555584", US, "areaCode"],
    ["(023) 555-0100", US, "areaCode"],
    ["(911) 555-0100", US, "areaCode"],
    ["(211) 555-0100", NotSelected, "areaCode"],
    ["+1 411 555 0100", Other, "areaCode"],
    ["(012) 555-0100", Other, "areaCode"],
    // ... or an exchange starting with 0 or 1
    ["(555) 010-0001", US, "exchange"],
    ["+1 303 155 5841", US, "exchange"],
    ["(613) 055-0100", Other, "exchange"],
    // another country's number while the country is not Other: the country field decides
    ["+44 7911 123456", US, "notUs"],
    ["+44 7911 123456", NotSelected, "notUs"],
    ["0044 7911 123456", US, "notUs"],
  ])("%j in country %i: %s", (input, country, problem) => {
    expect(phoneProblem(input, country)).toBe(problem);
    expect(toE164(input, country)).toBeNull();
  });

  it("stores an international number whole in E.164 and a US one as (XXX) XXX-XXXX without its country code", () => {
    expect(storedPhone(" +44 7911 123456 ", Other)).toBe("+447911123456");
    expect(storedPhone("(613) 555-0100", Other)).toBe("+16135550100");
    expect(storedPhone("+1 613 555 0100", Other)).toBe("+16135550100");
    expect(storedPhone("not a number", Other)).toBe("not a number");
    expect(storedPhone("", Other)).toBe("");
    expect(storedPhone(" (555) 210-0001 ", US)).toBe("(555) 210-0001");
    expect(storedPhone("555.210.0001", US)).toBe("(555) 210-0001");
    expect(storedPhone("+1 303 555 5841", US)).toBe("(303) 555-5841");
    expect(storedPhone("1 (202) 555-0188", US)).toBe("(202) 555-0188");
  });

  it("texts a stored number at its E.164 address, whatever the country is now", () => {
    expect(textAddress("+447911123456")).toBe("+447911123456");
    expect(textAddress("+3546115034")).toBe("+3546115034");
    expect(textAddress("+16135550100")).toBe("+16135550100");
    expect(textAddress("(555) 210-0001")).toBe("+15552100001");
    expect(textAddress("5552100001")).toBe("+15552100001");
    expect(textAddress("1 303 555 5841")).toBe("+13035555841");
    expect(textAddress("12345")).toBeNull();
    expect(textAddress("+12")).toBeNull();
    expect(textAddress("")).toBeNull();
  });

  it("texts a new number where its stored form is texted (the code and every later text go to one number)", () => {
    for (const [typed, country] of [
      ["+1 303 555 5841", US],
      ["(555) 210-0001", US],
      ["+1 613 555 0100", Other],
      ["(613) 555-0100", Other],
      ["+354 611 5034", Other],
      ["+44 7911 123456", Other],
    ] as const) {
      expect(textAddress(storedPhone(typed, country))).toBe(toE164(typed, country));
    }
  });

  it("shows a US number as (XXX) XXX-XXXX and an international one as stored", () => {
    expect(displayPhone("5552100001", US)).toBe("(555) 210-0001");
    expect(displayPhone("+447911123456", US)).toBe("+447911123456");
    expect(displayPhone("+447911123456", Other)).toBe("+447911123456");
    expect(displayPhone("(613) 555-0100", Other)).toBe("(613) 555-0100");
  });

  it.each([
    [AuthPreference.Phone, "+44 7911 123456", "", Other, Valid, Valid],
    [AuthPreference.Phone, "+44 7911 123456", "", US, Invalid, Valid],
    [AuthPreference.Phone, "+1 303 555 5841", "", US, Valid, Valid],
    [AuthPreference.Phone, "(911) 555-0100", "", US, Invalid, Valid],
    [AuthPreference.Email, "", "+33 6 12 34 56 78", Other, Valid, Valid],
    [AuthPreference.Email, "", "+33 6", Other, Valid, Invalid],
    [AuthPreference.Phone, TEN, "+353 85 123 4567", Other, Valid, Valid],
  ])("phoneRules(%i, %j, %j, country %i) -> %i / %i", (preference, primary, secondary, country, p, s) => {
    expect(phoneRules(preference, primary, secondary, country)).toEqual({ primary: p, secondary: s });
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  addressErrors,
  isIsoDate,
  isoToday,
  isValidBirthDate,
  isValidEmail,
  passwordError,
  personErrors,
  phoneErrors,
  registrationErrors,
  registrationPayload,
  type RegistrationPayload,
} from "./registration";
import { AuthPreference, Country } from "./enums";
import { VALIDATION_KEYS } from "./validation-keys";

const TODAY = "2025-03-10";

const valid: RegistrationPayload = {
  firstName: "Ana",
  middleInitial: "M",
  lastName: "Lopez",
  preferredName: "Ana",
  birthDate: "1980-05-17",
  email: "ana@example.org",
  password: "kidney-walrus-battery",
  preferredLanguage: 1,
  gender: 2,
  authenticationPreference: 1,
  phoneNumber: "(555) 210-0001",
  phoneNumberSecondary: "",
  agreedToHipaa: true,
  addressLine1: "12 Main Street",
  addressLine2: "",
  city: "Springfield",
  usState: 14,
  province: "",
  postalCode: "62701",
  country: 1,
  entryreferrer: "",
};

describe("registrationErrors (ACC-010)", () => {
  it("finds nothing wrong with a valid payload", () => {
    expect(registrationErrors(valid, TODAY)).toEqual({});
  });

  it.each<[string, Partial<RegistrationPayload>, Record<string, string>]>([
    ["first name empty", { firstName: "" }, { firstName: "validation.firstNameRequired" }],
    ["middle initial of two letters", { middleInitial: "MA" }, { middleInitial: "validation.middleInitialTooLong" }],
    ["middle initial empty (optional)", { middleInitial: "" }, {}],
    ["middle initial one accented letter", { middleInitial: "É" }, {}],
    ["last name empty", { lastName: "" }, { lastName: "validation.lastNameRequired" }],
    ["preferred name empty", { preferredName: "" }, { preferredName: "validation.preferredNameRequired" }],
    ["birth date empty", { birthDate: "" }, { birthDate: "validation.birthDateRequired" }],
    ["birth date not a date", { birthDate: "1980-02-30" }, { birthDate: "validation.birthDateRequired" }],
    ["birth date written US style", { birthDate: "05/17/1980" }, { birthDate: "validation.birthDateRequired" }],
    ["birth date tomorrow", { birthDate: "2025-03-11" }, { birthDate: "validation.birthDateRequired" }],
    ["birth date today", { birthDate: TODAY }, {}],
    ["birth date 1920-01-01", { birthDate: "1920-01-01" }, {}],
    ["birth date 1919-12-31", { birthDate: "1919-12-31" }, { birthDate: "validation.birthDateRequired" }],
    ["no language", { preferredLanguage: 0 }, { preferredLanguage: "validation.preferredLanguageRequired" }],
    ["unknown language", { preferredLanguage: 3 }, { preferredLanguage: "validation.preferredLanguageRequired" }],
    ["no gender", { gender: 0 }, { gender: "validation.genderRequired" }],
    ["unknown gender", { gender: 3 }, { gender: "validation.genderRequired" }],
    ["email empty", { email: "" }, { email: "validation.emailRequired" }],
    ["email without @", { email: "ana.example.org" }, { email: "validation.emailInvalid" }],
    ["email with a space", { email: "ana lopez@example.org" }, { email: "validation.emailInvalid" }],
    ["email in upper case", { email: "ANA@EXAMPLE.ORG" }, {}],
    ["phone empty", { phoneNumber: "" }, { phoneNumber: "validation.phoneRequired" }],
    ["US phone of 9 digits", { phoneNumber: "555 210 000" }, { phoneNumber: "validation.phoneInvalidUs" }],
    [
      "foreign phone of 11 digits",
      { country: 0, usState: 0, province: "ON", phoneNumber: "1 555 210 0001" },
      { phoneNumber: "validation.phoneInvalid" },
    ],
    ["foreign phone with its country code (E.164)", { country: 0, usState: 0, province: "Kent", phoneNumber: "+44 7911 123456" }, {}],
    [
      "foreign phone of 16 digits",
      { country: 0, usState: 0, province: "Kent", phoneNumber: "+44 7911 1234567890" },
      { phoneNumber: "validation.phoneInvalid" },
    ],
    ["foreign secondary with its country code", { country: 0, usState: 0, province: "Kent", phoneNumberSecondary: "0033 6 12 34 56 78" }, {}],
    ["US phone written with +1 (the country code is dropped, docs/decisions/090)", { phoneNumber: "+1 555 210 0001" }, {}],
    ["US phone written with 1 and 10 digits", { phoneNumber: "1 303 555 5841" }, {}],
    ["US phone with an impossible area code", { phoneNumber: "(911) 555-0100" }, { phoneNumber: "validation.phoneAreaCode" }],
    ["US phone with an impossible exchange", { phoneNumber: "(303) 055-5841" }, { phoneNumber: "validation.phoneExchange" }],
    ["another country's number under United States", { phoneNumber: "+44 7911 123456" }, { phoneNumber: "validation.phoneNotUs" }],
    ["US secondary with an impossible area code", { phoneNumberSecondary: "(123) 555-0100" }, { phoneNumberSecondary: "validation.phoneAreaCode" }],
    ["US secondary of 9 digits", { phoneNumberSecondary: "555 210 000" }, { phoneNumberSecondary: "validation.phoneInvalidUs" }],
    ["secondary of 10 digits", { phoneNumberSecondary: "555 210 0002" }, {}],
    [
      "phone preference, secondary bad",
      { authenticationPreference: 2, phoneNumberSecondary: "12" },
      { phoneNumberSecondary: "validation.phoneInvalidUs" },
    ],
    ["email preference, no primary, no secondary", { phoneNumber: "", phoneNumberSecondary: "" }, { phoneNumber: "validation.phoneRequired" }],
    [
      "email preference, no primary, bad secondary",
      { phoneNumber: "", phoneNumberSecondary: "12" },
      { phoneNumber: "validation.phoneRequired", phoneNumberSecondary: "validation.phoneInvalidUs" },
    ],
    ["password empty", { password: "" }, { password: "validation.passwordRequired" }],
    ["password of 11 characters", { password: "a".repeat(11) }, { password: "validation.passwordTooShort" }],
    ["password of 12 characters", { password: "a".repeat(12) }, {}],
    ["password of 12 emoji (counted as characters)", { password: "🫘".repeat(12) }, {}],
    ["password of 11 emoji", { password: "🫘".repeat(11) }, { password: "validation.passwordTooShort" }],
    ["password of 128 characters", { password: "a".repeat(128) }, {}],
    ["password of 129 characters", { password: "a".repeat(129) }, { password: "validation.passwordTooLong" }],
    ["address empty", { addressLine1: "" }, { addressLine1: "validation.addressRequired" }],
    ["city empty", { city: "" }, { city: "validation.cityRequired" }],
    ["country not selected", { country: -1 }, { country: "validation.countryRequired" }],
    ["country unknown", { country: 2 }, { country: "validation.countryRequired" }],
    ["US without a state", { usState: 0 }, { usState: "validation.usStateRequired" }],
    ["US with an unknown state id", { usState: 99 }, { usState: "validation.usStateRequired" }],
    ["other country without a province", { country: 0, usState: 0, province: "" }, { province: "validation.provinceRequired" }],
    ["other country with a province and a state", { country: 0, usState: 14, province: "Ontario" }, {}],
    ["postal code empty", { postalCode: "" }, { postalCode: "validation.postalCodeRequired" }],
    ["HIPAA not agreed", { agreedToHipaa: false }, { agreedToHipaa: "validation.hipaaRequired" }],
  ])("%s", (_case, change, errors) => {
    expect(registrationErrors({ ...valid, ...change }, TODAY)).toEqual(errors);
  });

  it("every message key it can answer is in VALIDATION_KEYS", () => {
    const source = ["./registration.ts", "./registration-rules.ts"].map((f) => readFileSync(new URL(f, import.meta.url), "utf8")).join("\n");
    const used = [...new Set(source.match(/validation\.\w+/g))];
    expect(used.length).toBeGreaterThan(15);
    for (const key of used) expect(VALIDATION_KEYS, key).toContain(key);
  });
});

describe("the rule helpers", () => {
  it("personErrors, addressErrors and phoneErrors split registrationErrors", () => {
    expect(personErrors({ ...valid, firstName: "" }, TODAY)).toEqual({ firstName: "validation.firstNameRequired" });
    expect(addressErrors({ ...valid, city: "" })).toEqual({ city: "validation.cityRequired" });
    expect(phoneErrors("", "", Country.UnitedStates, AuthPreference.Phone)).toEqual({ phoneNumber: "validation.phoneRequired" });
    expect(phoneErrors("123", "", Country.Other, AuthPreference.Phone)).toEqual({ phoneNumber: "validation.phoneInvalid" });
  });

  it.each([
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["2025-13-01", false],
    ["2025-1-01", false],
    ["20250101", false],
    ["", false],
  ])("isIsoDate(%j) = %j", (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it("isValidBirthDate keeps 1920-01-01 to today", () => {
    expect(isValidBirthDate("1920-01-01", TODAY)).toBe(true);
    expect(isValidBirthDate(TODAY, TODAY)).toBe(true);
    expect(isValidBirthDate("2025-03-11", TODAY)).toBe(false);
  });

  it.each([
    ["ana@example.org", true],
    [" Ana@Example.ORG ", true],
    ["ana@example", false],
    ["@example.org", false],
    ["ana@@example.org", false],
    ["", false],
  ])("isValidEmail(%j) = %j", (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });

  it("passwordError", () => {
    expect(passwordError("")).toBe("validation.passwordRequired");
    expect(passwordError("x".repeat(11))).toBe("validation.passwordTooShort");
    expect(passwordError("x".repeat(12))).toBeUndefined();
    expect(passwordError("x".repeat(129))).toBe("validation.passwordTooLong");
  });

  it("isoToday is the UTC date", () => {
    expect(isoToday(new Date("2025-03-10T23:59:59.999Z"))).toBe("2025-03-10");
    expect(isoToday(new Date("2025-03-11T00:00:00.000Z"))).toBe("2025-03-11");
  });
});

describe("registrationPayload coercion", () => {
  it("reads form strings: numbers, checkboxes, trimmed text", () => {
    const p = registrationPayload.parse({
      firstName: "  Ana ",
      preferredLanguage: "2",
      gender: "1",
      authenticationPreference: "2",
      usState: "14",
      country: "0",
      agreedToHipaa: "on",
    });
    expect(p).toMatchObject({
      firstName: "Ana",
      preferredLanguage: 2,
      gender: 1,
      authenticationPreference: 2,
      usState: 14,
      country: 0,
      agreedToHipaa: true,
    });
  });

  it("defaults missing values: preference email, no state, country not selected, empty text, HIPAA not agreed (ACC-009)", () => {
    const p = registrationPayload.parse({});
    expect(p).toMatchObject({
      firstName: "",
      password: "",
      preferredLanguage: -9999,
      gender: -9999,
      authenticationPreference: AuthPreference.Email,
      usState: 0,
      country: Country.NotSelected,
      agreedToHipaa: false,
    });
  });

  it.each([
    ["true", true],
    [true, true],
    ["1", true],
    ["on", true],
    ["false", false],
    [false, false],
    ["yes", false],
    [1, false],
  ])("agreedToHipaa %j -> %j", (value, expected) => {
    expect(registrationPayload.parse({ agreedToHipaa: value }).agreedToHipaa).toBe(expected);
  });

  it("turns a non-number into a value every rule refuses", () => {
    const p = registrationPayload.parse({ gender: "abc", preferredLanguage: 1.5 });
    expect(p.gender).toBe(-9999);
    expect(p.preferredLanguage).toBe(-9999);
  });

  it("refuses over-long text, keeping the password untrimmed", () => {
    expect(registrationPayload.safeParse({ firstName: "a".repeat(101) }).success).toBe(false);
    expect(registrationPayload.safeParse({ password: "a".repeat(1001) }).success).toBe(false);
    expect(registrationPayload.parse({ password: "  spaced  " }).password).toBe("  spaced  ");
  });
});

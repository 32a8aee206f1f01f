import { describe, expect, it } from "vitest";
import { passwordRecheck, profileRecheck, registerRecheck, resetRecheck } from "./live-rules";

const TODAY = "2026-11-24";
const register = {
  firstName: "Rosa",
  middleInitial: "",
  lastName: "Martinez",
  preferredName: "Rosa",
  birthDate: "1961-04-12",
  email: "rosa@example.org",
  phoneNumber: "(212) 555-0100",
  password: "correct horse battery staple",
  confirmPassword: "correct horse battery staple",
  addressLine1: "350 Fifth Avenue",
  addressLine2: "",
  city: "New York",
  usState: "33",
  province: "",
  postalCode: "10118",
  country: "1",
  preferredLanguage: "1",
  gender: "2",
  agreedToHipaa: "true",
};

describe("the browser's re-check runs the actions' rules (ACC-017)", () => {
  it.each([
    ["a valid registration", {}, {}],
    [
      "names and birth date",
      { firstName: " ", birthDate: "2030-01-01" },
      { firstName: "validation.firstNameRequired", birthDate: "validation.birthDateRequired" },
    ],
    ["email", { email: "rosa@" }, { email: "validation.emailInvalid" }],
    ["US phone", { phoneNumber: "212 555" }, { phoneNumber: "validation.phoneInvalidUs" }],
    ["international phone with a country code", { country: "0", province: "Kent", phoneNumber: "+44 7911 123456" }, {}],
    [
      "password too short, confirm not matching",
      { password: "short", confirmPassword: "shor" },
      { password: "validation.passwordTooShort", confirmPassword: "validation.passwordsDoNotMatch" },
    ],
    ["confirm empty", { confirmPassword: "" }, { confirmPassword: "validation.confirmPasswordRequired" }],
    [
      "no state, no HIPAA, language not chosen",
      { usState: "0", agreedToHipaa: undefined, preferredLanguage: "0" },
      {
        usState: "validation.usStateRequired",
        agreedToHipaa: "validation.hipaaRequired",
        preferredLanguage: "validation.preferredLanguageRequired",
      },
    ],
    ["province for Other", { country: "0", province: "" }, { province: "validation.provinceRequired" }],
    ["gender not a number", { gender: "x" }, { gender: "validation.genderRequired" }],
  ])("register: %s", (_n, change, expected) => {
    expect(registerRecheck({ ...register, ...change } as Record<string, string>, TODAY)).toEqual(expected);
  });

  it("profile: person and address rules only (no email, phone or password there)", () => {
    expect(profileRecheck({ ...register, password: "", email: "" }, TODAY)).toEqual({});
    expect(profileRecheck({ ...register, city: "", middleInitial: "AB" }, TODAY)).toEqual({
      city: "validation.cityRequired",
      middleInitial: "validation.middleInitialTooLong",
    });
  });

  it("password forms: the live match check", () => {
    expect(passwordRecheck({ currentPassword: "x", password: "a long new passphrase", confirmPassword: "a long new pass" })).toEqual({
      confirmPassword: "profile.mismatch",
    });
    expect(passwordRecheck({ currentPassword: "x", password: "a long new passphrase", confirmPassword: "a long new passphrase" })).toEqual({});
    expect(resetRecheck({ email: "rosa@example.org", password: "a long new passphrase", confirmPassword: "other" })).toEqual({
      confirmPassword: "reset.mismatch",
    });
    expect(resetRecheck({})).toEqual({ email: "reset.emailRequired", password: "reset.passwordRequired", confirmPassword: "reset.confirmRequired" });
  });
});

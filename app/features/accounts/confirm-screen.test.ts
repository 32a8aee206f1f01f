import { describe, expect, it } from "vitest";
import { codeError, codeResultMessage, contactError, countryOf, normalizeCode } from "./confirm-form";
import { contactView, continueView, sameContact } from "./confirm-screen";

const account = (pref: number, email: boolean, mobile: boolean) => ({
  authenticationPreference: pref,
  registrationDateTime: "01/02/2026",
  isEmailVerified: email,
  isMobileVerified: mobile,
});

describe("confirm screen visibility (ACC-025, ACC-028)", () => {
  const shown = { showSend: false, sendDisabled: false, readOnly: false, showChange: false };
  it.each([
    [
      "verified, unchanged, with JS",
      "email",
      { verified: true, stored: "a@b.co", current: "A@B.co " },
      true,
      false,
      { ...shown, status: "confirmed" },
    ],
    [
      "verified, edited, with JS",
      "email",
      { verified: true, stored: "a@b.co", current: "c@d.co" },
      true,
      false,
      { ...shown, status: "notConfirmed", showSend: true },
    ],
    [
      "unverified, with JS",
      "text",
      { verified: false, stored: "2125550100", current: "(212) 555-0100" },
      true,
      false,
      { ...shown, status: "notConfirmed", showSend: true },
    ],
    [
      "unverified, without JS",
      "email",
      { verified: false, stored: "a@b.co", current: "a@b.co" },
      false,
      false,
      { ...shown, status: "notConfirmed", showSend: true },
    ],
    [
      "verified phone, other format",
      "text",
      { verified: true, stored: "2125550100", current: "(212) 555-0100" },
      true,
      false,
      { ...shown, status: "confirmed" },
    ],
    [
      "emptied, with JS",
      "text",
      { verified: true, stored: "2125550100", current: " " },
      true,
      false,
      { ...shown, status: "notConfirmed", showSend: true, sendDisabled: true },
    ],
    // Without JavaScript: no send button next to 'Confirmed'; a 'Change' link, then the send button.
    [
      "verified, unchanged, without JS",
      "email",
      { verified: true, stored: "a@b.co", current: "a@b.co" },
      false,
      false,
      { ...shown, status: "confirmed", readOnly: true, showChange: true },
    ],
    [
      "verified, change asked, without JS",
      "email",
      { verified: true, stored: "a@b.co", current: "a@b.co" },
      false,
      true,
      { ...shown, status: "changing", showSend: true },
    ],
    [
      "verified, came back edited, without JS",
      "text",
      { verified: true, stored: "2125550100", current: "555-01" },
      false,
      false,
      { ...shown, status: "changing", showSend: true },
    ],
    [
      "change asked with JS is the ordinary edit",
      "email",
      { verified: true, stored: "a@b.co", current: "a@b.co" },
      true,
      true,
      { ...shown, status: "confirmed" },
    ],
  ] as const)("%s", (_n, kind, c, scripts, changeAsked, expected) => {
    expect(contactView(kind, c, scripts, changeAsked)).toEqual(expected);
  });

  it("compares contacts as ACC-012 does", () => {
    expect(sameContact("email", "Rosa@Example.org", "rosa@example.org")).toBe(true);
    expect(sameContact("text", "212-555-0100", "(212) 555-0100")).toBe(true);
    expect(sameContact("text", "212-555-0100", "212-555-0101")).toBe(false);
    expect(sameContact("text", "(202) 555-0188", "+1 (202) 555-0188")).toBe(true);
    expect(sameContact("text", "+16135550100", "(613) 555-0100")).toBe(true);
    expect(sameContact("text", "+447911123456", "+44 7911 123456")).toBe(true);
  });

  it.each([
    ["no screenings, unverified", account(1, false, false), 0, { show: true, enabled: false }],
    ["no screenings, email verified", account(1, true, false), 0, { show: true, enabled: true }],
    ["phone preference needs the mobile too", account(2, true, false), 0, { show: true, enabled: false }],
    ["screenings exist", account(1, true, true), 1, { show: false, enabled: true }],
    ["no account", null, 0, { show: true, enabled: false }],
  ] as const)("continue: %s", (_n, a, n, expected) => {
    expect(continueView(a, n)).toEqual(expected);
  });
});

describe("confirm screen checks (ACC-035, ACC-027)", () => {
  it.each([
    ["email", "rosa@example.org", undefined],
    ["email", "rosa@", "mfa.emailInvalid"],
    ["text", "(212) 555-0100", undefined],
    ["text", "555-0100", "mfa.mobileInvalid"],
    ["text", "+44 7911 123456", "mfa.mobileInvalid"],
    // with the North American country code (docs/decisions/090)
    ["text", "+1 (202) 555-0188", undefined],
    ["text", "1 202 555 0188", undefined],
    ["text", "(120) 255-5018", "validation.phoneAreaCode"],
    ["text", "(202) 155-0188", "validation.phoneExchange"],
  ] as const)("%s %s", (kind, value, expected) => {
    expect(contactError(kind, value)).toBe(expected);
  });

  it.each([
    ["text", "+44 7911 123456", 0, undefined],
    ["text", "(613) 555-0100", 0, undefined],
    ["text", "+44 79", 0, "mfa.mobileInvalidOther"],
    ["text", "07911 123456", 0, "mfa.mobileInvalidOther"],
    ["text", "+44 7911 123456", 1, "mfa.mobileInvalid"],
    ["email", "rosa@", 0, "mfa.emailInvalid"],
  ] as const)("%s %s in country %i (docs/decisions/049)", (kind, value, country, expected) => {
    expect(contactError(kind, value, country)).toBe(expected);
  });

  it.each([
    ["0", 0],
    ["1", 1],
    [null, 1],
    ["7", 1],
  ] as const)("the forms' country %j -> %i", (value, expected) => {
    expect(countryOf(value)).toBe(expected);
  });

  it.each([
    ["123 456", "123456"],
    ["123-456", "123456"],
    [" 12 34-56 ", "123456"],
  ])("normalises %j", (input, expected) => {
    expect(normalizeCode(input)).toBe(expected);
  });

  it.each([
    ["", "confirm.codeRequired"],
    ["12a456", "confirm.codeInvalid"],
    ["123456", undefined],
  ])("code %j", (code, expected) => {
    expect(codeError(code)).toBe(expected);
  });

  it.each([
    [1, null],
    [2, "confirm.codeInvalid"],
    [3, "confirm.codeExpired"],
    [null, "confirm.checkFailed"],
    [7, "confirm.checkFailed"],
  ])("result %j", (result, expected) => {
    expect(codeResultMessage(result)).toBe(expected);
  });
});

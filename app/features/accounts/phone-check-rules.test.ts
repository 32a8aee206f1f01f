import { describe, expect, it } from "vitest";
import { formatUsPhone } from "../../../registry/contract/phone";
import type { FieldErrors } from "~/forms/types";
import { phoneCheckView } from "./phone-check-rules";
import { displayValues, dropInapplicableRegion } from "./registration-form";

const answer = (status: string | null, extra: { success?: boolean; status?: number; errors?: FieldErrors; retryAfter?: number } = {}) => ({
  status: extra.status ?? 200,
  success: extra.success ?? status === "valid",
  results: status === null ? null : { status },
  ...(extra.errors ? { errors: extra.errors } : {}),
  ...(extra.retryAfter ? { retryAfter: extra.retryAfter } : {}),
});
const TOAST = { status: "error", key: "register.phoneCheckFailed", toast: true };

describe("phone check feedback (ACC-015): server message, 'Unable to validate phone number', '... Please try again.' and the toast", () => {
  it.each([
    ["not 10 digits: the local rule, no call needed", "212555010", answer("valid"), { status: "invalid", key: "validation.phoneInvalidUs" }],
    ["not 10 digits, even when the check failed", "", null, { status: "invalid", key: "validation.phoneInvalidUs" }],
    ["available", "(212) 555-0100", answer("valid"), { status: "valid", key: "register.phoneAvailable" }],
    [
      "duplicate, with the server's message",
      "2125550100",
      answer("duplicate", { errors: { phoneNumber: "validation.phoneTaken" } }),
      { status: "duplicate", key: "validation.phoneTaken" },
    ],
    ["duplicate without a message", "2125550100", answer("duplicate"), { status: "duplicate", key: "validation.phoneTaken" }],
    [
      "invalid for the registry, with its message",
      "2125550100",
      answer("invalid", { errors: { phoneNumber: "validation.phoneInvalidUs" } }),
      { status: "invalid", key: "validation.phoneInvalidUs" },
    ],
    ["invalid for the registry without a message", "2125550100", answer("invalid"), { status: "invalid", key: "validation.phoneInvalidUs" }],
    [
      "rate limited per connection: how long to wait, from Retry-After",
      "2125550100",
      answer(null, { status: 429, errors: { form: "limits.tooManyFromConnection" }, retryAfter: 1500 }),
      { status: "error", key: "limits.tooManyMinutes", params: { minutes: "25" }, limited: true },
    ],
    [
      "rate limited without a Retry-After",
      "2125550100",
      answer(null, { status: 429 }),
      { status: "error", key: "limits.tooManyFromConnection", limited: true },
    ],
    [
      "refused with a field message (the server message)",
      "2125550100",
      answer(null, { status: 400, errors: { phoneNumber: "validation.tooLong" } }),
      { status: "error", key: "validation.tooLong" },
    ],
    ["not valid, no status and no message", "2125550100", answer(null, { status: 404 }), { status: "error", key: "register.phoneCheckUnable" }],
    [
      "'valid' but not a success: no message",
      "2125550100",
      answer("valid", { success: false }),
      { status: "error", key: "register.phoneCheckUnable" },
    ],
    ["an unknown status and no message", "2125550100", answer("pending", { success: false }), { status: "error", key: "register.phoneCheckUnable" }],
    ["no answer at all (the check failed without a message): try again, and the toast", "2125550100", null, TOAST],
  ] as const)("%s", (_n, phone, given, expected) => {
    expect(phoneCheckView(phone, given)).toEqual(expected);
  });
});

describe("phone check outside the US (docs/decisions/049)", () => {
  it.each([
    ["with its country code, available", "+44 7911 123456", answer("valid"), { status: "valid", key: "register.phoneAvailable" }],
    ["too short: the local rule's general message, no call needed", "+44 79", answer("valid"), { status: "invalid", key: "validation.phoneInvalid" }],
    ["invalid for the registry without a message", "+44 7911 123456", answer("invalid"), { status: "invalid", key: "validation.phoneInvalid" }],
    [
      "10 digits without a country code (North American)",
      "(613) 555-0100",
      answer("duplicate"),
      { status: "duplicate", key: "validation.phoneTaken" },
    ],
  ] as const)("%s", (_n, phone, given, expected) => {
    expect(phoneCheckView(phone, given, 0)).toEqual(expected);
  });
  it("keeps the US rule for a US address: another country's number is left to the country field (docs/decisions/090)", () => {
    expect(phoneCheckView("+44 7911 123456", answer("valid"), 1)).toEqual({ status: "invalid", key: "validation.phoneNotUs" });
  });
});

describe("phone check of a number pasted with its country code, and impossible US numbers (docs/decisions/090)", () => {
  it.each([
    ["+1 and 10 digits: the registry is asked", "+1 303 555 5841", 1, answer("valid"), { status: "valid", key: "register.phoneAvailable" }],
    ["1 and 10 digits", "1 (303) 555-5841", 1, answer("valid"), { status: "valid", key: "register.phoneAvailable" }],
    ["+1 and 10 digits outside the US", "+1 613 555 0100", 0, answer("valid"), { status: "valid", key: "register.phoneAvailable" }],
    [
      "what a 14-character field kept of '+1 303 555 5841'",
      "(130) 355-5584",
      1,
      answer("valid"),
      { status: "invalid", key: "validation.phoneAreaCode" },
    ],
    ["an N11 service code", "(911) 555-0100", 1, answer("valid"), { status: "invalid", key: "validation.phoneAreaCode" }],
    ["an exchange starting with 0", "(303) 055-5841", 1, answer("valid"), { status: "invalid", key: "validation.phoneExchange" }],
    ["an impossible area code outside the US", "(123) 555-0100", 0, answer("valid"), { status: "invalid", key: "validation.phoneAreaCode" }],
  ] as const)("%s", (_n, phone, country, given, expected) => {
    expect(phoneCheckView(phone, given, country)).toEqual(expected);
  });
});

describe("phone display and region fields (ACC-013, ACC-016)", () => {
  it.each([
    ["2", "(2"],
    ["2125", "(212) 5"],
    // a 12th digit is shown, never dropped, for the rule to refuse (docs/decisions/090)
    ["212555010099", "(212) 555-010099"],
    ["+1 212 555 0100", "+1 (212) 555-0100"],
    ["+44 7911 123456", "+44 7911 123456"],
    ["212.555.0100", "(212) 555-0100"],
  ])("formats %j as %j", (input, expected) => {
    expect(formatUsPhone(input)).toBe(expected);
  });
  it("formats the phone when the form comes back, for the United States only", () => {
    expect(displayValues({ country: "1", phoneNumber: "2125550100" }).phoneNumber).toBe("(212) 555-0100");
    expect(displayValues({ country: "0", phoneNumber: "+44 20 7946 0958" }).phoneNumber).toBe("+44 20 7946 0958");
    expect(displayValues({ country: "1", phoneNumber: "+44 20 7946 0958" }).phoneNumber).toBe("+44 20 7946 0958");
  });
  it("ignores the region field that does not apply", () => {
    expect(dropInapplicableRegion({ country: "1", usState: "33", province: "Ontario" })).toEqual({ country: "1", usState: "33", province: "" });
    expect(dropInapplicableRegion({ country: "0", usState: "33", province: "Ontario" })).toEqual({ country: "0", usState: "0", province: "Ontario" });
    expect(dropInapplicableRegion({ country: "-1", usState: "33", province: "x" })).toEqual({ country: "-1", usState: "33", province: "x" });
  });
});

import { describe, expect, it } from "vitest";
import { submitOutcome, type AddressAwareAnswer } from "./register-outcome";

const opts = (addressConfirmed: boolean) =>
  ({ addressConfirmed, failedKey: "register.failed", failedWithKey: "register.failedWithMessage" }) as const;
const answer = (a: Partial<AddressAwareAnswer>): AddressAwareAnswer => ({ status: 400, success: false, message: null, ...a });
const recommended = { address1: "350 5TH AVE", address2: "", city: "NEW YORK", state: "NY", zip5: "10118" };

describe("registration outcome (ACC-019, ACC-007)", () => {
  it.each([
    ["success", answer({ status: 200, success: true }), false, { kind: "done" }],
    ["a recommended address", answer({ addressValidation: recommended }), false, { kind: "confirmAddress", recommended }],
    ["no matching address", answer({ addressValidation: null }), false, { kind: "confirmAddress", recommended: null }],
    ["the not-found reason alone", answer({ errors: { form: "register.addressNotFound" } }), false, { kind: "confirmAddress", recommended: null }],
    ["rate limited (429)", answer({ status: 429, message: "Too many" }), false, { kind: "message", key: "register.tooManyAttempts" }],
    ["rate limited (reason)", answer({ errors: { form: "register.tooManyAttempts" } }), true, { kind: "message", key: "register.tooManyAttempts" }],
    [
      "email taken",
      answer({ errors: { email: "validation.emailTaken" } }),
      false,
      { kind: "fieldErrors", errors: { email: "validation.emailTaken" } },
    ],
    [
      "email taken after the dialog",
      answer({ errors: { email: "validation.emailTaken" }, message: "An account with this email address already exists" }),
      true,
      { kind: "fieldErrors", errors: { email: "validation.emailTaken" }, reason: { key: "validation.emailTaken" } },
    ],
    ["an invalid invite", answer({ errors: { form: "register.inviteInvalid" } }), false, { kind: "message", key: "register.inviteInvalid" }],
    [
      "an invalid invite after the dialog",
      answer({ errors: { form: "register.inviteInvalid" } }),
      true,
      { kind: "message", key: "register.failedWithMessage", reason: { key: "register.inviteInvalid" } },
    ],
    [
      "the address again after the dialog: its message",
      answer({ addressValidation: null, message: "We were unable to validate your address" }),
      true,
      { kind: "message", key: "register.failedWithMessage", reason: { key: "register.addressNotFound" } },
    ],
    // ACC-036: a registry message the portal has no text for never reaches the page as it came.
    ["an unknown registry message after the dialog", answer({ message: "usState is required" }), true, { kind: "message", key: "register.failed" }],
    ["nothing useful", answer({ message: "Something" }), false, { kind: "message", key: "register.failed" }],
    ["nothing at all after the dialog", answer({}), true, { kind: "message", key: "register.failed" }],
  ] as const)("%s", (_name, a, confirmed, expected) => {
    expect(submitOutcome(a, opts(confirmed))).toEqual(expected);
  });
});

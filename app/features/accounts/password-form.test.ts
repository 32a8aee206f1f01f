import { describe, expect, it } from "vitest";
import { forgotErrors, passwordUpdateErrors, resetErrors, resetReasonKey, resetView } from "./password-form";

const good = "correct horse battery staple";

describe("forgot password (ACC-023)", () => {
  it.each([
    ["", { email: "forgot.emailRequired" }],
    ["not-an-email", { email: "forgot.emailRequired" }],
    ["Rosa@Example.org", {}],
  ])("%j", (email, expected) => {
    expect(forgotErrors({ email })).toEqual(expected);
  });
});

describe("reset password (ACC-024, ACC-020)", () => {
  it.each([
    [
      "all empty",
      { email: "", password: "", confirmPassword: "" },
      { email: "reset.emailRequired", password: "reset.passwordRequired", confirmPassword: "reset.confirmRequired" },
    ],
    ["too short", { email: "a@b.co", password: "short", confirmPassword: "short" }, { password: "validation.passwordTooShort" }],
    ["too long", { email: "a@b.co", password: "x".repeat(129), confirmPassword: "x".repeat(129) }, { password: "validation.passwordTooLong" }],
    ["mismatch", { email: "a@b.co", password: good, confirmPassword: `${good}!` }, { confirmPassword: "reset.mismatch" }],
    ["valid", { email: "a@b.co", password: good, confirmPassword: good }, {}],
  ] as const)("%s", (_n, v, expected) => {
    expect(resetErrors(v)).toEqual(expected);
  });

  it.each([
    [2, "reset.reasonLinkInvalid"],
    [3, "reset.reasonLinkExpired"],
    [4, "reset.reasonEmailMismatch"],
    [5, "reset.reasonPasswordRejected"],
    [99, "reset.reasonUnknown"],
  ])("status %i reads %s", (statusId, key) => {
    expect(resetReasonKey(statusId)).toBe(key);
  });

  it.each([
    [undefined, { kind: "form" }],
    [{ statusId: -1 }, { kind: "form" }],
    [{ statusId: 1 }, { kind: "done" }],
    [{ statusId: 3 }, { kind: "failed", reasonKey: "reset.reasonLinkExpired" }],
  ] as const)("view for %j", (outcome, expected) => {
    expect(resetView(outcome)).toEqual(expected);
  });
});

describe("password update (ACC-030; current password, docs/decisions/025)", () => {
  const now = "my current password 1";
  it.each([
    [
      "empty",
      { currentPassword: "", password: "", confirmPassword: "" },
      { currentPassword: "validation.currentPasswordRequired", password: "profile.passwordRequired", confirmPassword: "profile.confirmRequired" },
    ],
    [
      "current password missing",
      { currentPassword: "", password: good, confirmPassword: good },
      { currentPassword: "validation.currentPasswordRequired" },
    ],
    ["confirm missing", { currentPassword: now, password: good, confirmPassword: "" }, { confirmPassword: "profile.confirmRequired" }],
    ["mismatch", { currentPassword: now, password: good, confirmPassword: "other" }, { confirmPassword: "profile.mismatch" }],
    ["too short", { currentPassword: now, password: "short", confirmPassword: "short" }, { password: "validation.passwordTooShort" }],
    ["valid", { currentPassword: now, password: good, confirmPassword: good }, {}],
  ] as const)("%s", (_n, v, expected) => {
    expect(passwordUpdateErrors(v)).toEqual(expected);
  });
});

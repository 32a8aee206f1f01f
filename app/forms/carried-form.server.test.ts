import { describe, expect, it } from "vitest";
import { REGISTER_FIELDS } from "~/features/accounts/registration-field-names";
import { Session } from "~/platform/session.server";
import { CARRIED_FORM_MS, carryForm, isCarriedForm, takeCarriedForm } from "./carried-form.server";

const posted = (extra: Record<string, string> = {}) => {
  const form = new FormData();
  const fields = {
    _csrf: "token",
    intent: "register",
    firstName: "Carmen",
    city: "Albany",
    password: "a secret",
    confirmPassword: "a secret",
    currentPassword: "old",
    ...extra,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
};
const now = 1_800_000_000_000;

describe("the form carried by the language switch without JavaScript (docs/decisions/054)", () => {
  it("names only the forms the switch may carry", () => {
    expect(isCarriedForm("register")).toBe(true);
    expect(isCarriedForm("profile")).toBe(true);
    expect(isCarriedForm("password")).toBe(false);
    expect(isCarriedForm(null)).toBe(false);
  });

  it("keeps what was typed, never a password, the CSRF token or the intent, and gives it back once", () => {
    const session = new Session({}, true);
    expect(carryForm(session, "register", posted(), "/", now)).toBe(true);
    expect(session.get("carriedForm")).toEqual({
      form: "register",
      values: { firstName: "Carmen", city: "Albany" },
      expiresAt: now + CARRIED_FORM_MS,
    });
    const answer = takeCarriedForm(session, "register", REGISTER_FIELDS, now + 1000);
    expect(answer?.values).toEqual({ firstName: "Carmen", city: "Albany" });
    expect(answer?.errors).toEqual({});
    expect(session.get("carriedForm")).toBeUndefined();
    expect(takeCarriedForm(session, "register", REGISTER_FIELDS, now + 2000)).toBeUndefined();
  });

  it("another form's values, or values kept too long, are dropped", () => {
    const session = new Session({}, true);
    carryForm(session, "profile", posted(), "/", now);
    expect(takeCarriedForm(session, "register", REGISTER_FIELDS, now)).toBeUndefined();
    expect(session.get("carriedForm")).toBeUndefined();
    carryForm(session, "register", posted(), "/", now);
    expect(takeCarriedForm(session, "register", REGISTER_FIELDS, now + CARRIED_FORM_MS)).toBeUndefined();
    expect(session.get("carriedForm")).toBeUndefined();
  });

  it("keeps nothing that would push the session cookie over its limit", () => {
    const session = new Session({}, true);
    expect(carryForm(session, "register", posted({ addressLine1: "x".repeat(4000) }), "/", now)).toBe(false);
    expect(session.get("carriedForm")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { messageOf } from "../../registry/contract/validation-keys";
import { formAnswer, inputErrors, inputFailure, linkValue } from "./form.server";

const tooLong = (max: number) => `validation.textTooLong?max=${max}`;
const chars = "validation.invalidCharacters";

describe("inputErrors: every form field's text rule (docs/decisions/026)", () => {
  it.each([
    ["a first name of 100 characters", "firstName", "a".repeat(100), undefined],
    ["a first name of 101 characters", "firstName", "a".repeat(101), tooLong(100)],
    ["101 characters counted as a patient counts them (emoji)", "firstName", "😀".repeat(101), tooLong(100)],
    ["100 emoji are 100 characters", "firstName", "😀".repeat(100), undefined],
    ["address line 1 of 201 characters", "addressLine1", "x".repeat(201), tooLong(200)],
    ["a 5,000-character password", "password", "p".repeat(5000), tooLong(1000)],
    ["a NUL byte", "email", "a\u0000@example.org", chars],
    ["a bell", "lastName", "Ros\u0007a", chars],
    ["DEL", "city", "x\u007f", chars],
    ["a C1 control", "city", "x\u0085", chars],
    ["a tab in a one-line field", "firstName", "Ro\tsa", chars],
    ["a line break in a one-line field", "addressLine1", "1 Main St\r\nApt 2", chars],
    ["a line break in a text area", "kidneyStatusOther", "line one\r\nline two\tand a tab", undefined],
    ["a NUL in a text area", "medicalConditionComments", "ok\u0000", chars],
    ["a right-to-left override", "firstName", "\u202eevil", chars],
    ["a lone surrogate", "firstName", "a\ud800b", chars],
    ["the replacement character", "lastName", "Mart\ufffdnez", chars],
    ["Hebrew letters", "firstName", "שלום", undefined],
    ["combining accents", "lastName", "Jose\u0301", undefined],
    ["an emoji with joiners", "preferredName", "👩🏽‍⚕️", undefined],
    ["a script tag is text (escaped when shown)", "city", "<script>alert(1)</script>", undefined],
    ["an unknown field over the default limit", "usState", "9".repeat(201), tooLong(200)],
    ["an empty value", "firstName", "", undefined],
  ])("%s", (_what, field, value, expected) => {
    expect(inputErrors({ [field]: value })[field]).toBe(expected);
  });

  it("checks only the named fields", () => {
    expect(inputErrors({ firstName: "a".repeat(101), lastName: "\u0000" }, ["lastName"])).toEqual({ lastName: chars });
  });

  it("gives the limit to the message", () => {
    expect(messageOf(inputErrors({ firstName: "a".repeat(101) }).firstName!)).toEqual(["validation.textTooLong", { max: "100" }]);
    expect(messageOf("validation.firstNameRequired")).toEqual(["validation.firstNameRequired", {}]);
  });
});

describe("inputFailure and formAnswer: the form comes back with what was typed", () => {
  it("is null when every field is fine", () => {
    expect(inputFailure("register", { firstName: "Rosa", lastName: "Martinez" }, ["firstName", "lastName"])).toBeNull();
  });

  it("keeps an over-long value as typed, with the error, and every other value", async () => {
    const answer = inputFailure("register", { firstName: "a".repeat(101), lastName: "Martinez", password: "secret secret" }, [
      "firstName",
      "lastName",
      "password",
    ]);
    expect(answer?.init?.status).toBe(400);
    expect(answer?.data.values).toEqual({ firstName: "a".repeat(101), lastName: "Martinez" });
    expect(answer?.data.errors).toEqual({ firstName: tooLong(100) });
  });

  it("shows each character that is not allowed as U+FFFD (a text area keeps its line breaks)", () => {
    const answer = formAnswer("f", { firstName: "Ro\u0000sa", kidneyStatusOther: "a\r\nb\u0007" }, {}, ["firstName", "kidneyStatusOther"]);
    expect(answer.values).toEqual({ firstName: "Ro\ufffdsa", kidneyStatusOther: "a\r\nb\ufffd" });
    expect(answer.errors).toEqual({ firstName: chars, kidneyStatusOther: chars });
  });

  it("puts the text rule's error before the action's own for the same field", () => {
    const answer = formAnswer("f", { email: "a".repeat(300) }, { email: "validation.emailInvalid", city: "validation.cityRequired" }, [
      "email",
      "city",
    ]);
    expect(answer.errors).toEqual({ email: tooLong(254), city: "validation.cityRequired" });
  });

  it("never hands back a secret, even one that breaks its rule", () => {
    const answer = formAnswer("f", { password: "\u0000", labStaffKey: "k" }, {}, ["password", "labStaffKey"]);
    expect(answer.values).toEqual({});
    expect(answer.errors).toEqual({ password: chars });
  });
});

describe("linkValue: a hidden field or a link's query value", () => {
  it.each([
    ["a token", "abc-DEF_123", 500, "abc-DEF_123"],
    ["nothing", null, 500, ""],
    ["too long: cut to the limit", "x".repeat(600), 500, "x".repeat(500)],
    ["a NUL: dropped", "abc\u0000def", 500, ""],
    ["a line break: dropped", "abc\r\nSet-Cookie: x", 200, ""],
  ])("%s", (_what, value, max, expected) => {
    expect(linkValue(value, max)).toBe(expected);
  });
});

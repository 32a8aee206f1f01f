import { describe, expect, it } from "vitest";
import { RegistryMessage } from "../contract/envelope";
import { testDatabases } from "../db/test-databases";
import { useRegistry, validRegistration } from "../testing/harness";
import { disallowedTextFields } from "./validation";

/** Bad bodies, paths and queries answer 400/404 with field errors, never 500 (docs/decisions/026). */
describe("disallowedTextFields", () => {
  it.each([
    ["clean text, numbers, booleans and null", { a: "Rosa", b: 1, c: true, d: null }, {}],
    ["tab and line breaks", { comments: "one\r\ntwo\tthree" }, {}],
    ["a NUL", { firstName: "Ro\u0000sa" }, { firstName: "validation.invalidCharacters" }],
    ["a control character deep in an array", { list: [{ x: ["ok", "b\u0007"] }] }, { list: "validation.invalidCharacters" }],
    ["a right-to-left override", { lastName: "\u202eevil" }, { lastName: "validation.invalidCharacters" }],
    ["a NUL in a key", { "a\u0000": "x" }, { body: "validation.invalidCharacters" }],
    ["a bare string body", "x\u0000", { body: "validation.invalidCharacters" }],
  ])("%s", (_what, body, expected) => {
    expect(disallowedTextFields(body)).toEqual(expected);
  });
});

describe.each(testDatabases())("hostile input on $name", (target) => {
  const t = useRegistry(target);

  it("a registration with a NUL byte or an over-long name is 400 with field errors, and nothing is stored", async () => {
    const nul = await t.call("POST", "/register", { body: validRegistration(1, { firstName: "Ro\u0000sa", addressLine1: "1 Main\u0001" }) });
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual({ firstName: "validation.invalidCharacters", addressLine1: "validation.invalidCharacters" });
    const long = await t.call("POST", "/register", { body: validRegistration(2, { firstName: "a".repeat(101) }) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ firstName: "validation.tooLong" });
    expect(await t.count("medical_records")).toBe(0);
  });

  it("sign-in, forgot password and the phone check refuse a NUL with 400, not a database error", async () => {
    const signIn = await t.call("POST", "/authenticate", { body: { email: "a\u0000@example.org", password: "x" } });
    expect(signIn.status).toBe(400);
    expect(signIn.body.errors).toEqual({ email: "validation.invalidCharacters" });
    const phone = await t.call("POST", "/validate-phone", { body: { phoneNumber: "212\u0000" } });
    expect(phone.status).toBe(400);
    const forgot = await t.call("POST", "/forgot-password?emailAddress=a%00%40example.org");
    expect(forgot.status).toBe(400);
    expect(forgot.body.message).toBe(RegistryMessage.badRequest);
  });

  it("a path parameter with a control character names nothing (404); a huge id is refused, never 500", async () => {
    const p = await t.register(1);
    const nul = await t.call("GET", `/api/pass/${p.medicalRecordId}%00`, { token: p.token });
    expect(nul.status).toBe(404);
    const requisition = await t.call("POST", "/api/pass/update-lab-requisition/R%00", { headers: { "x-lab-staff-key": "k" } });
    expect(requisition.status).toBe(404);
    for (const id of ["99999999999999999999", "-1", "1e3", "%F0%9F%98%80"]) {
      const answer = await t.call("GET", `/api/pass/${id}`, { token: p.token });
      expect(answer.status, id).toBeGreaterThanOrEqual(400);
      expect(answer.status, id).toBeLessThan(500);
    }
  });
});

import { describe, expect, it } from "vitest";
import { RegistryMessage } from "../contract/envelope";
import { registerAnswer } from "../contract/schemas";
import { testDatabases } from "../db/test-databases";
import { verifyPassword } from "../domain/passwords";
import { verifyToken } from "../domain/tokens";
import { START, TEST_SETTINGS, expectRefused, useRegistry, validRegistration } from "../testing/harness";

describe.each(testDatabases())("POST /register on $name", (target) => {
  const t = useRegistry(target);

  it("creates the record and account and signs the patient in", async () => {
    const payload = validRegistration(1, { email: "  Ana.Lopez@Example.ORG ", phoneNumber: "555-210-0001" });
    const a = await t.call("POST", "/register", { body: payload });
    expect(a.status).toBe(200);
    expect(registerAnswer.parse(a.body)).toMatchObject({ success: true, message: null });
    const { token, medicalRecordId, expires } = a.body.results;
    expect(medicalRecordId).toBeGreaterThan(0);
    expect(expires).toBe(new Date(START.getTime() + 30 * 60 * 1000).toISOString());
    expect(verifyToken(TEST_SETTINGS.tokenSecret, token, START)?.sub).toBe(medicalRecordId);

    const [record] = await t.db.query<Record<string, unknown>>("select * from medical_records where id = $1", [medicalRecordId]);
    expect(record).toMatchObject({
      first_name: "Ana",
      middle_initial: "M",
      last_name: "Lopez",
      preferred_name: "Ana",
      birth_date: "1980-05-17",
      preferred_language: 2,
      gender: 2,
      address_line1: "12 Main Street",
      address_line2: "Apt 3",
      city: "Springfield",
      us_state: 14,
      province: "",
      postal_code: "62701",
      country: 1,
      address_is_us: true,
      email: "ana.lopez@example.org",
      phone_number: "(555) 210-0001",
      phone_digits: "5552100001",
      phone_number_secondary: "",
      agreed_to_hipaa: true,
      is_opted_out: false,
      entryreferrer: "newsletter",
    });
    expect(record!.hipaa_agreed_at).toEqual(START);
    const [account] = await t.db.query<{ password_hash: string; registration_date_time: Date }>(
      "select * from accounts where medical_record_id = $1",
      [medicalRecordId],
    );
    expect(account).toMatchObject({
      authentication_preference: 1,
      is_email_verified: false,
      is_mobile_verified: false,
      tokens_valid_after: null,
    });
    expect(account!.registration_date_time).toEqual(START);
    expect(account!.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword(t.pool, payload.password as string, account!.password_hash)).toBe(true);
  });

  it("keeps the phone authentication preference", async () => {
    const { medicalRecordId } = await t.register(1, { authenticationPreference: 2 });
    const [account] = await t.db.query("select authentication_preference from accounts where medical_record_id = $1", [medicalRecordId]);
    expect(account).toEqual({ authentication_preference: 2 });
  });

  it("writes an audit entry without personal or health data", async () => {
    const { medicalRecordId } = await t.register(1);
    const rows = await t.db.query<Record<string, unknown>>("select actor_kind, actor_id, action, medical_record_id, detail from audit_log");
    expect(rows).toEqual([
      { actor_kind: "patient", actor_id: medicalRecordId, action: "account.register", medical_record_id: medicalRecordId, detail: {} },
    ]);
  });

  it("answers every missing field with the contract's message keys and stores nothing", async () => {
    const a = await t.call("POST", "/register", { body: {} });
    expectRefused(a, {
      firstName: "validation.firstNameRequired",
      lastName: "validation.lastNameRequired",
      preferredName: "validation.preferredNameRequired",
      birthDate: "validation.birthDateRequired",
      preferredLanguage: "validation.preferredLanguageRequired",
      gender: "validation.genderRequired",
      email: "validation.emailRequired",
      phoneNumber: "validation.phoneRequired",
      password: "validation.passwordRequired",
      addressLine1: "validation.addressRequired",
      city: "validation.cityRequired",
      country: "validation.countryRequired",
      postalCode: "validation.postalCodeRequired",
      agreedToHipaa: "validation.hipaaRequired",
    });
    expect(await t.count("medical_records")).toBe(0);
    expect(await t.count("accounts")).toBe(0);
  });

  it.each([
    ["birth date in the future", { birthDate: "2025-03-11" }, { birthDate: "validation.birthDateRequired" }],
    ["birth date before 1920", { birthDate: "1919-12-31" }, { birthDate: "validation.birthDateRequired" }],
    ["email without a domain", { email: "ana@example" }, { email: "validation.emailInvalid" }],
    ["short password", { password: "short-pass" }, { password: "validation.passwordTooShort" }],
    ["common password", { password: "Password1234" }, { password: "validation.passwordCommon" }],
    ["common keyboard walk", { password: "qwertyuiop12" }, { password: "validation.passwordCommon" }],
    ["nine-digit US phone", { phoneNumber: "555 210 000" }, { phoneNumber: "validation.phoneInvalidUs" }],
    [
      "bad secondary phone abroad",
      { country: 0, usState: 0, province: "Ontario", phoneNumberSecondary: "12" },
      { phoneNumberSecondary: "validation.phoneInvalid" },
    ],
    ["US address without a state", { usState: 0 }, { usState: "validation.usStateRequired" }],
    ["foreign address without a province", { country: 0, usState: 0 }, { province: "validation.provinceRequired" }],
    ["no HIPAA agreement", { agreedToHipaa: false }, { agreedToHipaa: "validation.hipaaRequired" }],
    ["two-letter middle initial", { middleInitial: "MA" }, { middleInitial: "validation.middleInitialTooLong" }],
    ["unknown authentication preference", { authenticationPreference: 7 }, { authenticationPreference: "validation.invalidValue" }],
    ["an object for a name", { firstName: { first: "Ana" } }, { firstName: "validation.invalidValue" }],
    ["an array for the gender", { gender: [2] }, { gender: "validation.invalidValue" }],
    ["a name of 101 characters", { lastName: "L".repeat(101) }, { lastName: "validation.tooLong" }],
  ])("refuses %s", async (_case, overrides, errors) => {
    const a = await t.call("POST", "/register", { body: validRegistration(1, overrides) });
    expectRefused(a, errors);
    expect(await t.count("medical_records")).toBe(0);
  });

  it("accepts a foreign address with a province and no state", async () => {
    const { medicalRecordId } = await t.register(1, { country: 0, usState: 0, province: "Ontario", postalCode: "K1A 0B1" });
    const [row] = await t.db.query("select country, address_is_us, province from medical_records where id = $1", [medicalRecordId]);
    expect(row).toEqual({ country: 0, address_is_us: false, province: "Ontario" });
  });

  it("keeps an international number in E.164 and refuses it again in another writing (docs/decisions/049)", async () => {
    const { medicalRecordId } = await t.register(1, {
      country: 0,
      usState: 0,
      province: "Kent",
      postalCode: "CT1 2EH",
      phoneNumber: "+44 7911 123-456",
      phoneNumberSecondary: "0033 6 12 34 56 78",
    });
    const [row] = await t.db.query("select phone_number, phone_number_secondary from medical_records where id = $1", [medicalRecordId]);
    expect(row).toEqual({ phone_number: "+447911123456", phone_number_secondary: "+33612345678" });
    const again = await t.call("POST", "/register", {
      body: validRegistration(2, { country: 0, usState: 0, province: "Kent", postalCode: "CT1 2EH", phoneNumber: "0044 7911 123456" }),
    });
    expect(again.body.errors).toEqual({ phoneNumber: "validation.phoneTaken" });
    const short = await t.call("POST", "/register", {
      body: validRegistration(3, { country: 0, usState: 0, province: "Kent", postalCode: "CT1 2EH", phoneNumber: "+44 79" }),
    });
    expect(short.body.errors).toEqual({ phoneNumber: "validation.phoneInvalid" });
  });

  it("refuses an email already registered, compared in lower case (ACC-012)", async () => {
    await t.register(1, { email: "Ana@Example.org" });
    const a = await t.call("POST", "/register", { body: validRegistration(2, { email: "ANA@example.ORG" }) });
    expect(a.status).toBe(400);
    expect(a.body).toEqual({ success: false, results: null, message: RegistryMessage.emailTaken, errors: { email: "validation.emailTaken" } });
    expect(await t.count("medical_records")).toBe(1);
  });

  it("refuses a primary phone already registered, whatever its formatting", async () => {
    await t.register(1, { phoneNumber: "(555) 210-0001" });
    const a = await t.call("POST", "/register", { body: validRegistration(2, { phoneNumber: "555.210.0001" }) });
    expect(a.status).toBe(400);
    expect(a.body).toEqual({ success: false, results: null, message: RegistryMessage.phoneTaken, errors: { phoneNumber: "validation.phoneTaken" } });
    expect(await t.count("medical_records")).toBe(1);
  });

  it("names both the email and the phone when both are taken", async () => {
    await t.register(1);
    const a = await t.call("POST", "/register", { body: validRegistration(1) });
    expect(a.body.errors).toEqual({ email: "validation.emailTaken", phoneNumber: "validation.phoneTaken" });
    expect(a.body.message).toBe(RegistryMessage.emailTaken);
  });

  it("allows the same number as another patient's secondary phone", async () => {
    await t.register(1, { phoneNumberSecondary: "555-999-0000" });
    await t.register(2, { phoneNumber: "555-999-0000" });
    expect(await t.count("medical_records")).toBe(2);
  });

  it("keeps one record when the same registration arrives twice at once", async () => {
    const body = validRegistration(1);
    const answers = await Promise.all([t.call("POST", "/register", { body }), t.call("POST", "/register", { body })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await t.count("medical_records")).toBe(1);
    expect(await t.count("accounts")).toBe(1);
  });

  it("refuses invalid JSON, a non-object body and an oversized body, storing nothing", async () => {
    const invalid = await t.call("POST", "/register", { rawBody: "{ not json", headers: { "content-type": "application/json" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ success: false, results: null, message: RegistryMessage.invalidJson });
    const empty = await t.call("POST", "/register", { rawBody: "" });
    expect(empty.body.message).toBe(RegistryMessage.invalidJson);
    const array = await t.call("POST", "/register", { body: [validRegistration(1)] });
    expect(array.status).toBe(400);
    expect(array.body.message).toBe(RegistryMessage.badRequest);
    const big = await t.call("POST", "/register", { body: validRegistration(1, { entryreferrer: "x".repeat(70 * 1024) }) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ success: false, results: null, message: RegistryMessage.bodyTooLarge });
    expect(await t.count("medical_records")).toBe(0);
  });

  it("refuses a large body streamed without a length", async () => {
    const chunk = new TextEncoder().encode(" ".repeat(16 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 6; i++) c.enqueue(chunk);
        c.close();
      },
    });
    const response = await t.handler(new Request("http://registry.test/register", { method: "POST", body: stream, duplex: "half" } as RequestInit));
    expect(response.status).toBe(413);
  });
});

import { describe, expect, it } from "vitest";
import { AccountMessage, optResult, UPDATE_MEDICAL_RECORD_FIELDS, VALIDATED_RECORD_FIELDS } from "../contract/accounts";
import { envelope, RegistryMessage } from "../contract/envelope";
import { medicalRecord, refreshResult } from "../contract/schemas";
import { testDatabases } from "../db/test-databases";
import { verifyPassword } from "../domain/passwords";
import { verifyToken } from "../domain/tokens";
import { TEST_SETTINGS, expectRefused, useRegistry, validRegistration, type TestRegistry } from "../testing/harness";

const MINUTE = 60 * 1000;
type Patient = Awaited<ReturnType<TestRegistry["register"]>>;

const pick = (o: Record<string, unknown>, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, o[f]]));
const profile = (overrides: Record<string, unknown> = {}) => ({ ...pick(validRegistration(1), UPDATE_MEDICAL_RECORD_FIELDS), ...overrides });
const validated = (overrides: Record<string, unknown> = {}) => ({ ...pick(validRegistration(1), VALIDATED_RECORD_FIELDS), ...overrides });

describe.each(testDatabases())("the patient's data (/api/pass/{id}/...) on $name", (target) => {
  const t = useRegistry(target);

  /** Every endpoint of this file for a patient, with its body. */
  const endpoints = (p: Patient) =>
    [
      ["GET", `/api/pass/record/${p.medicalRecordId}`, undefined],
      ["POST", `/api/pass/${p.medicalRecordId}/update-medical-record`, profile()],
      ["POST", `/api/pass/${p.medicalRecordId}/medical-record`, validated()],
      [
        "POST",
        `/api/pass/${p.medicalRecordId}/update-password`,
        { currentPassword: p.password, password: "new-kidney-passphrase", confirmPassword: "new-kidney-passphrase" },
      ],
      ["POST", `/api/pass/${p.medicalRecordId}/opt-in-out/1`, undefined],
    ] as const;

  it("each call answers 401 without a token and 403 with another patient's, changing nothing", async () => {
    const ana = await t.register(1);
    const ben = await t.register(2);
    const before = await t.db.query("select * from medical_records order by id");
    for (const [method, path, body] of endpoints(ana)) {
      const none = await t.call(method, path, { body });
      expect(none.status, path).toBe(401);
      expect(none.body.message).toBe(RegistryMessage.tokenNotFound);
      const other = await t.call(method, path, { body, token: ben.token });
      expect(other.status, path).toBe(403);
      expect(other.body).toEqual({ success: false, results: null, message: RegistryMessage.forbidden });
    }
    expect(await t.db.query("select * from medical_records order by id")).toEqual(before);
    expect(await t.db.query("select action from audit_log where action not in ('account.register')")).toEqual([]);
  });

  it("GET /api/pass/record/{id} answers the medical record and audits the read", async () => {
    const p = await t.register(1);
    const a = await t.call("GET", `/api/pass/record/${p.medicalRecordId}`, { token: p.token });
    expect(a.status).toBe(200);
    const record = envelope(medicalRecord).parse(a.body).results!;
    expect(record).toMatchObject({ id: p.medicalRecordId, firstName: "Ana", email: p.email, ifRegistration: null });
    expect(await t.db.query("select actor_id, action from audit_log where action = 'record.read'")).toEqual([
      { actor_id: p.medicalRecordId, action: "record.read" },
    ]);
  });

  describe("POST /api/pass/{id}/update-medical-record", () => {
    it("saves the profile fields and answers the record", async () => {
      const p = await t.register(1);
      const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/update-medical-record`, {
        token: p.token,
        body: profile({
          firstName: " Anita ",
          middleInitial: "",
          preferredName: "Nita",
          birthDate: "1981-06-18",
          preferredLanguage: "1",
          gender: 1,
          addressLine1: "400 Oak Ave",
          addressLine2: "",
          city: "springfield",
        }),
      });
      expect(a.status).toBe(200);
      expect(a.body.message).toBe(AccountMessage.profileUpdated);
      expect(a.body.results).toMatchObject({
        firstName: "Anita",
        middleInitial: "",
        preferredName: "Nita",
        birthDate: "1981-06-18",
        preferredLanguage: 1,
        gender: 1,
        addressLine1: "400 Oak Ave",
        addressLine2: "",
        city: "springfield",
        email: p.email,
        phoneNumber: "(555) 210-0001",
      });
      const audit = await t.db.query("select action, detail from audit_log where action like 'record.update%'");
      expect(audit).toEqual([{ action: "record.update.profile", detail: {} }]);
    });

    it("refuses invalid fields with the profile rules' keys", async () => {
      const p = await t.register(1);
      const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/update-medical-record`, {
        token: p.token,
        body: profile({ firstName: "", birthDate: "2030-01-01", gender: 0, city: "", usState: 0, postalCode: "", country: 7, middleInitial: "AB" }),
      });
      expectRefused(a, {
        firstName: "validation.firstNameRequired",
        birthDate: "validation.birthDateRequired",
        gender: "validation.genderRequired",
        city: "validation.cityRequired",
        postalCode: "validation.postalCodeRequired",
        country: "validation.countryRequired",
        middleInitial: "validation.middleInitialTooLong",
      });
      const types = await t.call("POST", `/api/pass/${p.medicalRecordId}/update-medical-record`, { token: p.token, body: profile({ city: ["x"] }) });
      expect(types.body.errors).toEqual({ city: "validation.invalidValue" });
    });
  });

  describe("POST /api/pass/{id}/medical-record", () => {
    it("saves the validated fields, ignoring email and primary phone, and answers the record", async () => {
      const p = await t.register(1);
      const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/medical-record`, {
        token: p.token,
        body: validated({
          firstName: "Ana María",
          lastName: "López",
          email: "other@example.org",
          phoneNumber: "555 999 8888",
          phoneNumberSecondary: "555-222-3333",
          preferredName: "",
        }),
      });
      expect(a.status).toBe(200);
      expect(a.body.message).toBe(AccountMessage.recordUpdated);
      expect(a.body.results).toMatchObject({
        firstName: "Ana María",
        lastName: "López",
        preferredName: "",
        email: p.email,
        phoneNumber: "(555) 210-0001",
        phoneNumberSecondary: "(555) 222-3333",
      });
      expect(await t.db.query("select action from audit_log where action = 'record.update.validated'")).toHaveLength(1);
    });

    it("checks the secondary phone by the phone rules, and the person rules", async () => {
      const p = await t.register(1);
      const path = `/api/pass/${p.medicalRecordId}/medical-record`;
      const bad = await t.call("POST", path, { token: p.token, body: validated({ phoneNumberSecondary: "555-222", lastName: "", gender: 3 }) });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({
        phoneNumberSecondary: "validation.phoneInvalidUs",
        lastName: "validation.lastNameRequired",
        gender: "validation.genderRequired",
      });
      // Email preference with no primary phone: the secondary is required.
      const noPrimary = await t.register(2, {
        phoneNumberSecondary: "555 444 0002",
        country: 0,
        usState: 0,
        province: "Ontario",
        postalCode: "K1A 0B1",
      });
      await t.db.query("update medical_records set phone_number = '' where id = $1", [noPrimary.medicalRecordId]);
      const required = await t.call("POST", `/api/pass/${noPrimary.medicalRecordId}/medical-record`, {
        token: noPrimary.token,
        body: validated({ phoneNumberSecondary: "" }),
      });
      expect(required.body.errors).toEqual({ phoneNumberSecondary: "validation.phoneRequired" });
      const foreign = await t.call("POST", `/api/pass/${noPrimary.medicalRecordId}/medical-record`, {
        token: noPrimary.token,
        body: validated({ phoneNumberSecondary: "12" }),
      });
      expect(foreign.body.errors).toEqual({ phoneNumberSecondary: "validation.phoneInvalid" });
    });
    it("Requirement ACC-011: refuses a birth date after today or before 1920 with 'Valid birth date is required', storing nothing; today is accepted", async () => {
      const p = await t.register(1);
      const path = `/api/pass/${p.medicalRecordId}/medical-record`;
      const stored = async () =>
        (
          await t.db.query<{ birth_date: string }>("select birth_date::text as birth_date from medical_records where id = $1", [p.medicalRecordId])
        )[0]!.birth_date;
      const before = await stored();
      // The clock is START (2025-03-10, UTC).
      for (const birthDate of ["2025-03-11", "2099-01-01", "1919-12-31", "2025-02-30"]) {
        const refused = await t.call("POST", path, { token: p.token, body: validated({ birthDate }) });
        expect(refused, birthDate).toMatchObject({ status: 400, body: { errors: { birthDate: "validation.birthDateRequired" } } });
        expect(Object.keys(refused.body.errors), birthDate).toEqual(["birthDate"]);
      }
      expect(await stored()).toBe(before);
      expect((await t.call("POST", path, { token: p.token, body: validated({ birthDate: "2025-03-10" }) })).status).toBe(200);
      expect(await stored()).toBe("2025-03-10");
    });
  });

  describe("POST /api/pass/{id}/update-password", () => {
    it("changes the password, revokes earlier sessions and answers a fresh token", async () => {
      const p = await t.register(1);
      const other = (await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password } })).body.results.token;
      t.advance(MINUTE);
      const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/update-password`, {
        token: p.token,
        body: { currentPassword: p.password, password: "new-kidney-passphrase", confirmPassword: "new-kidney-passphrase" },
      });
      expect(a.status).toBe(200);
      const results = envelope(refreshResult).parse(a.body).results!;
      expect(a.body.message).toBe(AccountMessage.passwordUpdated);
      expect(results.expires).toBe(new Date(t.clock.getTime() + 30 * MINUTE).toISOString());
      expect(verifyToken(TEST_SETTINGS.tokenSecret, results.token, t.clock)?.sub).toBe(p.medicalRecordId);
      for (const old of [p.token, other]) expect((await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: old })).status).toBe(401);
      expect((await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: results.token })).status).toBe(200);
      const [account] = await t.db.query<{ password_hash: string }>("select password_hash from accounts");
      expect(await verifyPassword(t.pool, "new-kidney-passphrase", account!.password_hash)).toBe(true);
      expect(await t.db.query("select action from audit_log where action = 'auth.password.changed'")).toHaveLength(1);
    });

    it("refuses a wrong current password as a field error, changing nothing, and counts it toward the lockout", async () => {
      const p = await t.register(1);
      const [before] = await t.db.query<{ password_hash: string }>("select password_hash from accounts");
      const body = { currentPassword: "not-my-password-at-all", password: "new-kidney-passphrase", confirmPassword: "new-kidney-passphrase" };
      const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/update-password`, { token: p.token, body });
      expectRefused(a, { currentPassword: "validation.currentPasswordWrong" });
      const [after] = await t.db.query<{ password_hash: string }>("select password_hash from accounts");
      expect(after!.password_hash).toBe(before!.password_hash);
      expect((await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token })).status).toBe(200);
      expect(await t.db.query("select action from audit_log where action = 'auth.password.change.refused'")).toHaveLength(1);

      // Ten wrong current passwords throttle the current password (ACC-022, decision 132): then even the right one waits.
      for (let i = 0; i < 9; i++) await t.call("POST", `/api/pass/${p.medicalRecordId}/update-password`, { token: p.token, body });
      const locked = await t.call("POST", `/api/pass/${p.medicalRecordId}/update-password`, {
        token: p.token,
        body: { ...body, currentPassword: p.password },
      });
      expect(locked.status).toBe(429);
      expect(locked.body.errors).toEqual({ currentPassword: "validation.currentPasswordLocked" });
      // The owner's own wrong current passwords are their own budget (decision 132): sign-in is not locked by them.
      expect((await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password } })).status).toBe(200);
    });

    it.each([
      [{ password: "new-kidney-passphrase", confirmPassword: "new-kidney-passphrase" }, { currentPassword: "validation.currentPasswordRequired" }],
      [
        {},
        {
          currentPassword: "validation.currentPasswordRequired",
          password: "validation.passwordRequired",
          confirmPassword: "validation.confirmPasswordRequired",
        },
      ],
      [{ password: "new-kidney-passphrase" }, { confirmPassword: "validation.confirmPasswordRequired" }],
      [{ password: "new-kidney-passphrase", confirmPassword: "new-kidney-passphrasE" }, { confirmPassword: "validation.passwordsDoNotMatch" }],
      [{ password: "", confirmPassword: "x" }, { password: "validation.passwordRequired" }],
      [{ password: "too-short", confirmPassword: "too-short" }, { password: "validation.passwordTooShort" }],
      [{ password: "qwertyuiop12", confirmPassword: "qwertyuiop12" }, { password: "validation.passwordCommon" }],
      [
        { password: 12, confirmPassword: 12 },
        { password: "validation.invalidValue", confirmPassword: "validation.invalidValue" },
      ],
    ])("refuses %j", async (body, errors) => {
      const p = await t.register(1);
      const withCurrent = "currentPassword" in errors ? body : { currentPassword: p.password, ...body };
      const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/update-password`, { token: p.token, body: withCurrent });
      expectRefused(a, errors);
      expect((await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token })).status).toBe(200);
    });
  });

  describe("POST /api/pass/{id}/opt-in-out/{type} (DSH-012, PLT-016)", () => {
    it("1 opts out, 2 opts back in, anything else is 400", async () => {
      const p = await t.register(1);
      const out = await t.call("POST", `/api/pass/${p.medicalRecordId}/opt-in-out/1`, { token: p.token });
      expect(out.status).toBe(200);
      expect(envelope(optResult).parse(out.body)).toEqual({ success: true, results: { isOptedOut: true }, message: AccountMessage.optedOut });
      expect((await t.call("GET", `/api/pass/record/${p.medicalRecordId}`, { token: p.token })).body.results.isOptedOut).toBe(true);
      const back = await t.call("POST", `/api/pass/${p.medicalRecordId}/opt-in-out/2`, { token: p.token });
      expect(back.body.results).toEqual({ isOptedOut: false });
      for (const type of ["0", "3", "x", "01"]) {
        expect((await t.call("POST", `/api/pass/${p.medicalRecordId}/opt-in-out/${type}`, { token: p.token })).status, type).toBe(400);
      }
      const audit = await t.db.query("select action from audit_log where action like 'record.opt%' order by id");
      expect(audit).toEqual([{ action: "record.opt-out" }, { action: "record.opt-in" }]);
    });
  });
});

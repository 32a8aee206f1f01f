import { describe, expect, it } from "vitest";
import { envelope, RegistryMessage } from "../contract/envelope";
import { passRecord } from "../contract/schemas";
import { testDatabases } from "../db/test-databases";
import { issueToken } from "../domain/tokens";
import { TEST_SETTINGS, useRegistry } from "../testing/harness";

describe.each(testDatabases())("GET /api/pass/{id} on $name", (target) => {
  const t = useRegistry(target);

  it("answers the patient's own record, account and (for now) no screenings", async () => {
    const p = await t.register(1, { authenticationPreference: 2, phoneNumberSecondary: "555 222 3333" });
    const a = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token });
    expect(a.status).toBe(200);
    expect(envelope(passRecord).parse(a.body).success).toBe(true);
    expect(a.body.results).toEqual({
      medicalRecord: {
        id: p.medicalRecordId,
        firstName: "Ana",
        middleInitial: "M",
        lastName: "Lopez",
        birthDate: "1980-05-17",
        preferredName: "Ana",
        preferredLanguage: 2,
        gender: 2,
        addressIsUs: true,
        addressLine1: "12 Main Street",
        addressLine2: "Apt 3",
        city: "Springfield",
        usState: 14,
        province: "",
        postalCode: "62701",
        country: 1,
        email: "patient1@example.org",
        phoneNumber: "(555) 010-0001",
        phoneNumberSecondary: "555 222 3333",
        agreedToHipaa: true,
        isOptedOut: false,
        entryreferrer: "newsletter",
        ifRegistration: null,
        medicalHistoryDateTime: null,
        eSignDateTime: null,
      },
      account: { authenticationPreference: 2, registrationDateTime: "03/10/2025", isEmailVerified: false, isMobileVerified: false },
      screeningList: [],
    });
    const audit = await t.db.query("select actor_kind, actor_id, action, medical_record_id from audit_log where action = 'record.read'");
    expect(audit).toEqual([{ actor_kind: "patient", actor_id: p.medicalRecordId, action: "record.read", medical_record_id: p.medicalRecordId }]);
  });

  it("refuses without a token (401 tokenNotFound)", async () => {
    const p = await t.register(1);
    const a = await t.call("GET", `/api/pass/${p.medicalRecordId}`);
    expect(a.status).toBe(401);
    expect(a.body).toEqual({ success: false, results: null, message: RegistryMessage.tokenNotFound });
    const notBearer = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { headers: { authorization: `Basic ${p.token}` } });
    expect(notBearer.body.message).toBe(RegistryMessage.tokenNotFound);
  });

  it("refuses an expired, forged or revoked token (401 tokenExpired)", async () => {
    const p = await t.register(1);
    const forged = issueToken("not-the-registry-secret-not-the-secret", p.medicalRecordId, t.clock).token;
    expect((await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: forged })).status).toBe(401);
    t.advance(30 * 60 * 1000);
    const expired = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ success: false, results: null, message: RegistryMessage.tokenExpired });
  });

  it("refuses another patient's token (403) without revealing the record", async () => {
    const ana = await t.register(1);
    const ben = await t.register(2, { firstName: "Ben" });
    const a = await t.call("GET", `/api/pass/${ana.medicalRecordId}`, { token: ben.token });
    expect(a.status).toBe(403);
    expect(a.body).toEqual({ success: false, results: null, message: RegistryMessage.forbidden });
    const missing = await t.call("GET", "/api/pass/424242", { token: ben.token });
    expect(missing.status).toBe(403);
    expect(await t.db.query("select 1 from audit_log where action = 'record.read'")).toHaveLength(0);
  });

  it("refuses an id that is not a record id (400)", async () => {
    const p = await t.register(1);
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const a = await t.call("GET", `/api/pass/${id}`, { token: p.token });
      expect(a.status, id).toBe(400);
      expect(a.body.message).toBe(RegistryMessage.badRequest);
    }
  });

  it("refuses a well-signed token of a record that has no account (401)", async () => {
    const token = issueToken(TEST_SETTINGS.tokenSecret, 77, t.clock).token;
    expect((await t.call("GET", "/api/pass/77", { token })).status).toBe(401);
  });
});

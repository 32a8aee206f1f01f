import { describe, expect, it } from "vitest";
import { ImmunoFreeStatus, ReferralStatus, Transfer, TransplantCenterSituation } from "../contract/enums";
import { envelope, RegistryMessage } from "../contract/envelope";
import { passRecord } from "../contract/schemas";
import { findAccount } from "../data/accounts";
import { insertReferral } from "../data/center-referrals";
import { upsertCenters } from "../data/centers";
import { insertIfRegistration } from "../data/if-registrations";
import { findMedicalRecord } from "../data/medical-records";
import { listScreenings } from "../data/screenings";
import { testDatabases } from "../db/test-databases";
import { issueToken } from "../domain/tokens";
import { aCenterRecord } from "../testing/centers";
import { START, TEST_ADDRESS, TEST_SETTINGS, useRegistry } from "../testing/harness";
import { aScreeningBody } from "../testing/screenings";

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
        ...TEST_ADDRESS,
        email: "patient1@example.org",
        phoneNumber: "(555) 210-0001",
        phoneNumberSecondary: "(555) 222-3333",
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

  describe("one statement per answer (docs/decisions/070)", () => {
    const MEMBER = 101;
    /** The answer as the record, account and screening list read one by one gave it before decision 070. */
    const readOneByOne = async (id: number) => ({
      medicalRecord: await findMedicalRecord(t.db, id),
      account: await findAccount(t.db, id),
      screeningList: await listScreenings(t.db, id),
    });
    const readAudit = () =>
      t.db.query(
        "select occurred_at, actor_kind, actor_id, action, medical_record_id, detail from audit_log where action = 'record.read' order by id",
      );

    it("runs one statement when the token's revocation time is in memory, two when not, and stores the audit row each time", async () => {
      const p = await t.register(1);
      const registry = t.countingHandler();
      const get = () => t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token }, registry.handler);

      expect((await get()).status).toBe(200);
      expect(registry.statements).toHaveLength(2);
      registry.statements.length = 0;
      t.advance(999);
      expect((await get()).status).toBe(200);
      expect(registry.statements).toHaveLength(1);
      expect(registry.statements[0]).toMatch(/insert into audit_log/);
      registry.statements.length = 0;
      t.advance(1);
      expect((await get()).status).toBe(200);
      expect(registry.statements).toHaveLength(2);

      const row = { actor_kind: "patient", actor_id: p.medicalRecordId, action: "record.read", medical_record_id: p.medicalRecordId, detail: {} };
      expect(await readAudit()).toEqual([
        { ...row, occurred_at: START },
        { ...row, occurred_at: new Date(START.getTime() + 999) },
        { ...row, occurred_at: new Date(START.getTime() + 1000) },
      ]);
    });

    it("answers exactly what the one-by-one reads answered, with 0, 1 and 2 screenings", async () => {
      await upsertCenters(t.db, [aCenterRecord(MEMBER, "Member Kidney Center", true), aCenterRecord(102, "Community Hospital", false)], START);
      const p = await t.register(1, { authenticationPreference: 2 });
      const get = async () => (await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token })).body;
      const same = async () => {
        const answer = await get();
        expect(envelope(passRecord).parse(answer).success).toBe(true);
        // Byte for byte: same fields, same order, same values.
        expect(JSON.stringify(answer.results)).toBe(JSON.stringify(await readOneByOne(p.medicalRecordId)));
        return answer.results;
      };

      expect((await same()).screeningList).toEqual([]);

      const first = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, {
        token: p.token,
        body: aScreeningBody({
          transplantCenterSituation: TransplantCenterSituation.Selected,
          preferredCenterId: MEMBER,
          isWillingToTransfer: Transfer.No,
        }),
      });
      expect(first.status).toBe(200);
      const sid = first.body.results.id as number;
      // Lab times with microseconds (the drivers and JSON both keep milliseconds) and a referral of each status.
      await t.db.query(
        `update screenings set labs_ordered = true, prescription_request_date_time = '2025-03-11T10:00:00.123456Z',
                prescription_download_date_time = '2025-03-11T10:05:00Z', prescription_expiration_date = '2025-06-30',
                labs_uploaded_date_time = '2025-03-12T23:59:59.999999Z' where id = $1`,
        [sid],
      );
      await insertReferral(t.db, {
        screeningId: sid,
        centerId: 102,
        at: new Date("2025-03-01T12:00:00Z"),
        statusId: ReferralStatus.CancelledByPatient,
      });
      await insertReferral(t.db, { screeningId: sid, centerId: 102, at: new Date("2025-03-01T12:00:00Z"), statusId: ReferralStatus.CenterApproved });
      const one = await same();
      expect(one.screeningList).toHaveLength(1);
      expect(one.screeningList[0]).toMatchObject({
        id: sid,
        preferredCenter: "Member Kidney Center",
        prescriptionRequestDateTime: "2025-03-11T10:00:00.123Z",
        prescriptionExpirationDate: "2025-06-30",
        labsUploadedDateTime: "2025-03-12T23:59:59.999Z",
      });
      expect(one.screeningList[0].centerReferrals.map((r: { statusId: number }) => r.statusId)).toEqual([
        ReferralStatus.PendingCenter, // the member center's, at the save
        ReferralStatus.CenterApproved, // same date as the next: the later one first
        ReferralStatus.CancelledByPatient,
      ]);

      // A second screening saved at the same time: newest first by id. And an immune-tolerance registration (reading R12, docs/readings.md).
      await insertIfRegistration(t.db, p.medicalRecordId, ImmunoFreeStatus.Registration, t.clock);
      const second = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body: aScreeningBody() });
      expect(second.status).toBe(200);
      const two = await same();
      expect(two.screeningList.map((s: { id: number }) => s.id)).toEqual([second.body.results.id, sid]);
      expect(two.screeningList[0].centerReferrals).toEqual([]);
      expect(two.medicalRecord.ifRegistration).toMatchObject({ medicalRecordId: p.medicalRecordId, currentStatus: ImmunoFreeStatus.Registration });
    });
  });
});

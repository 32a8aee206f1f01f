import { describe, expect, it } from "vitest";
import { ImmunoFreeStatus, KidneyStatus } from "../contract/enums";
import { envelope, RegistryMessage } from "../contract/envelope";
import { medicalHistory, MedicalHistoryKey } from "../contract/medical-history";
import { MedicalHistoryMessage, MedicalHistoryReason } from "../contract/medical-history-refusal";
import { passRecord } from "../contract/schemas";
import { ValidationKey } from "../contract/validation-keys";
import { insertIfRegistration } from "../data/if-registrations";
import { testDatabases } from "../db/test-databases";
import { START, useRegistry } from "../testing/harness";
import { HISTORY } from "../testing/medical-histories";
import { aCandidateScreeningBody } from "../testing/screenings";

/** A valid submission (MHX-007): a kidney recipient, no other organ, high blood pressure. */
function history(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...HISTORY,
    receivedKidneyTransplant: true,
    lastKidneyTxpDate: "2015-06-01",
    addlMedicines: "  Tacrolimus 2 mg twice a day ",
    weight: 150.5,
    hasHighBloodPressure: true,
    medicalConditionComments: "",
    ...overrides,
  };
}

/** The server-bound screening body of an immune-tolerance candidate (SCR-005, SCR-020). */
const CANDIDATE_SCREENING = aCandidateScreeningBody();

describe.each(testDatabases())("medical history on $name", (target) => {
  const t = useRegistry(target);
  const path = (id: number) => `/api/pass/${id}/medical-history`;
  const rows = (id: number) =>
    t.db.query<{
      id: number;
      weight: number;
      addl_medicines: string | null;
      medical_condition_comments: string | null;
      submitted_at: Date;
    }>(
      "select id, weight::float8 as weight, addl_medicines, medical_condition_comments, submitted_at from medical_histories where medical_record_id = $1 order by id",
      [id],
    );
  const stage = async (id: number) => {
    const [row] = await t.db.query<{ current_status: number }>("select current_status from if_registrations where medical_record_id = $1", [id]);
    return row?.current_status ?? null;
  };
  /** A patient screened as a candidate of the program (stage Registration), who may submit. */
  const candidate = async (n: number) => {
    const p = await t.register(n);
    await insertIfRegistration(t.db, p.medicalRecordId, ImmunoFreeStatus.Registration, START);
    return p;
  };

  it("stores a submission, answers it, and GET answers the latest (null before any)", async () => {
    const ana = await candidate(1);
    const none = await t.call("GET", path(ana.medicalRecordId), { token: ana.token });
    expect(none).toMatchObject({ status: 200, body: { success: true, results: null } });

    const saved = await t.call("POST", path(ana.medicalRecordId), { token: ana.token, body: history() });
    expect(saved.status).toBe(200);
    expect(envelope(medicalHistory).parse(saved.body).success).toBe(true);
    const expected = {
      ...history(),
      addlMedicines: "Tacrolimus 2 mg twice a day",
      medicalConditionComments: null,
      id: expect.any(Number),
      submittedDateTime: START.toISOString(),
    };
    expect(saved.body.results).toEqual(expected);

    const latest = await t.call("GET", path(ana.medicalRecordId), { token: ana.token });
    expect(latest.body.results).toEqual(saved.body.results);
    expect(await rows(ana.medicalRecordId)).toEqual([
      {
        id: saved.body.results.id,
        weight: 150.5,
        addl_medicines: "Tacrolimus 2 mg twice a day",
        medical_condition_comments: null,
        submitted_at: START,
      },
    ]);
    const audit = await t.db.query<{ action: string; detail: Record<string, unknown> }>(
      "select action, detail from audit_log where action like 'medical-history.%' order by id",
    );
    expect(audit).toEqual([
      { action: "medical-history.read", detail: {} },
      { action: "medical-history.submit", detail: { medicalHistoryId: saved.body.results.id, ifStage: ImmunoFreeStatus.MedicalHistory } },
      { action: "medical-history.read", detail: {} },
    ]);
  });

  it("keeps the history: a later submission is added, the earlier one stays, the latest is current", async () => {
    const ana = await candidate(1);
    const first = await t.call("POST", path(ana.medicalRecordId), { token: ana.token, body: history() });
    t.advance(60_000);
    const second = await t.call("POST", path(ana.medicalRecordId), {
      token: ana.token,
      body: history({
        receivedKidneyTransplant: false,
        lastKidneyTxpDate: null,
        addlMedicines: null,
        weight: 148,
        hadOtherOrganTransplant: true,
        otherOrganTxp: "Liver",
        otherOrganTxpDetails: "2009, Chicago",
      }),
    });
    expect(second.status).toBe(200);
    const stored = await rows(ana.medicalRecordId);
    expect(stored.map((r) => [r.id, r.weight, r.addl_medicines])).toEqual([
      [first.body.results.id, 150.5, "Tacrolimus 2 mg twice a day"],
      [second.body.results.id, 148, null],
    ]);
    const latest = await t.call("GET", path(ana.medicalRecordId), { token: ana.token });
    expect(latest.body.results).toMatchObject({
      id: second.body.results.id,
      receivedKidneyTransplant: false,
      lastKidneyTxpDate: null,
      addlMedicines: null,
      otherOrganTxp: "Liver",
      otherOrganTxpDetails: "2009, Chicago",
      submittedDateTime: new Date(START.getTime() + 60_000).toISOString(),
    });
    const record = await t.call("GET", `/api/pass/${ana.medicalRecordId}`, { token: ana.token });
    expect(envelope(passRecord).parse(record.body).success).toBe(true);
    expect(record.body.results.medicalRecord).toMatchObject({
      medicalHistoryDateTime: latest.body.results.submittedDateTime,
      eSignDateTime: null,
    });
  });

  it("reaches only the patient's own record (PLT-013)", async () => {
    const ana = await t.register(1);
    const ben = await t.register(2);
    for (const method of ["POST", "GET"]) {
      const body = method === "POST" ? history() : undefined;
      expect(await t.call(method, path(ana.medicalRecordId), { body })).toMatchObject({
        status: 401,
        body: { message: RegistryMessage.tokenNotFound },
      });
      expect(await t.call(method, path(ana.medicalRecordId), { body, token: "forged.token" })).toMatchObject({
        status: 401,
        body: { message: RegistryMessage.tokenExpired },
      });
      expect(await t.call(method, path(ana.medicalRecordId), { body, token: ben.token })).toMatchObject({
        status: 403,
        body: { message: RegistryMessage.forbidden },
      });
      expect(await t.call(method, path(ben.medicalRecordId), { body, token: ana.token })).toMatchObject({ status: 403 });
      expect(await t.call(method, "/api/pass/abc/medical-history", { body, token: ana.token })).toMatchObject({ status: 400 });
    }
    expect(await rows(ana.medicalRecordId)).toEqual([]);
    expect(await rows(ben.medicalRecordId)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ["a future birth date", { birthDate: "2025-03-11" }, { birthDate: MedicalHistoryKey.dateInFuture }],
    ["a transplant date in 1919", { lastKidneyTxpDate: "1919-12-31" }, { lastKidneyTxpDate: MedicalHistoryKey.dateTooEarly }],
    ["a future transplant date", { lastKidneyTxpDate: "2026-01-01" }, { lastKidneyTxpDate: MedicalHistoryKey.dateInFuture }],
    ["a date in another format", { birthDate: "05/17/1980" }, { birthDate: ValidationKey.invalidValue }],
    ["0 ft", { heightFt: 0 }, { heightFt: MedicalHistoryKey.heightFtRange }],
    ["8 ft", { heightFt: 8 }, { heightFt: MedicalHistoryKey.heightFtRange }],
    ["12 in", { heightInches: 12 }, { heightInches: MedicalHistoryKey.heightInchesRange }],
    ["a weight as text", { weight: "180 lb" }, { weight: ValidationKey.invalidValue }],
    ["a negative weight", { weight: -150 }, { weight: MedicalHistoryKey.weightRange }],
    ["a weight with two decimals", { weight: 150.25 }, { weight: MedicalHistoryKey.weightRange }],
    [
      "a transplant date and medicines without a transplant",
      { receivedKidneyTransplant: false },
      { lastKidneyTxpDate: ValidationKey.invalidValue, addlMedicines: ValidationKey.invalidValue },
    ],
    ["organ details without another transplant", { otherOrganTxpDetails: "Liver, 2009" }, { otherOrganTxpDetails: ValidationKey.invalidValue }],
    ["another transplant without the organ", { hadOtherOrganTransplant: true }, { otherOrganTxp: ValidationKey.required }],
    ["a transplant without its date", { lastKidneyTxpDate: null }, { lastKidneyTxpDate: ValidationKey.required }],
    [
      "missing yes/no answers",
      { hasAllergies: undefined, birthGender: null },
      { hasAllergies: ValidationKey.required, birthGender: ValidationKey.required },
    ],
    [
      "yes/no as 1/0 or text",
      { hasCardiacIssues: 1, hasPulmonaryIssues: "yes" },
      { hasCardiacIssues: ValidationKey.invalidValue, hasPulmonaryIssues: ValidationKey.invalidValue },
    ],
    ["numbers as text", { heightFt: "5", heightInches: [6] }, { heightFt: ValidationKey.invalidValue, heightInches: ValidationKey.invalidValue }],
    ["an object for a text", { medicalConditionComments: { text: "x" } }, { medicalConditionComments: ValidationKey.invalidValue }],
    ["too long a comment", { medicalConditionComments: "x".repeat(1001) }, { medicalConditionComments: ValidationKey.tooLong }],
  ])("refuses %s (400, field keys) and stores nothing", async (_name, overrides, errors) => {
    const ana = await t.register(1);
    await insertIfRegistration(t.db, ana.medicalRecordId, ImmunoFreeStatus.Registration, START);
    const a = await t.call("POST", path(ana.medicalRecordId), { token: ana.token, body: history(overrides) });
    expect(a).toMatchObject({ status: 400, body: { success: false, results: null, message: RegistryMessage.badRequest, errors } });
    expect(Object.keys(a.body.errors).sort()).toEqual(Object.keys(errors).sort());
    expect(await rows(ana.medicalRecordId)).toEqual([]);
    expect(await stage(ana.medicalRecordId)).toBe(ImmunoFreeStatus.Registration);
  });

  it("refuses a body that is not a JSON object", async () => {
    const ana = await t.register(1);
    expect(
      await t.call("POST", path(ana.medicalRecordId), { token: ana.token, rawBody: "{", headers: { "content-type": "application/json" } }),
    ).toMatchObject({
      status: 400,
      body: { message: RegistryMessage.invalidJson },
    });
    expect(await t.call("POST", path(ana.medicalRecordId), { token: ana.token, body: [history()] })).toMatchObject({ status: 400 });
    expect(await rows(ana.medicalRecordId)).toEqual([]);
  });

  it("one birth date per person (docs/decisions/129): another than the record's is refused; reads give the record's", async () => {
    const ana = await candidate(1);
    const refused = await t.call("POST", path(ana.medicalRecordId), { token: ana.token, body: history({ birthDate: "2015-06-01" }) });
    expect(refused).toMatchObject({
      status: 400,
      body: { success: false, message: RegistryMessage.badRequest, errors: { birthDate: MedicalHistoryKey.birthDateNotRegistered } },
    });
    expect(await rows(ana.medicalRecordId)).toEqual([]);
    expect(await stage(ana.medicalRecordId)).toBe(ImmunoFreeStatus.Registration);

    const saved = await t.call("POST", path(ana.medicalRecordId), { token: ana.token, body: history({ birthDate: "1980-05-17" }) });
    expect(saved.status).toBe(200);
    // A later correction of the record's birth date (the profile) is the birth date of every submission read.
    await t.db.query("update medical_records set birth_date = '1980-05-18' where id = $1", [ana.medicalRecordId]);
    const latest = await t.call("GET", path(ana.medicalRecordId), { token: ana.token });
    expect(latest.body.results).toMatchObject({ id: saved.body.results.id, birthDate: "1980-05-18" });
    const record = await t.call("GET", `/api/pass/${ana.medicalRecordId}`, { token: ana.token });
    expect(record.body.results.medicalRecord.birthDate).toBe("1980-05-18");
  });

  it("accepts today's date and the edges of every range", async () => {
    const ana = await candidate(1);
    await t.db.query("update medical_records set birth_date = '1920-01-01' where id = $1", [ana.medicalRecordId]);
    const a = await t.call("POST", path(ana.medicalRecordId), {
      token: ana.token,
      body: history({ lastKidneyTxpDate: "2025-03-10", birthDate: "1920-01-01", heightFt: 7, heightInches: 11, weight: 1000 }),
    });
    expect(a.status).toBe(200);
    const b = await t.call("POST", path(ana.medicalRecordId), {
      token: ana.token,
      body: history({ birthDate: "1920-01-01", heightFt: 1, heightInches: 0, weight: 50 }),
    });
    expect(b.status).toBe(200);
  });

  describe("the immune-tolerance stage (MHX-006)", () => {
    it("a candidate screened through the wizard moves from Registration to MedicalHistory", async () => {
      const ana = await t.register(1);
      expect((await t.call("POST", `/api/pass/${ana.medicalRecordId}/screening`, { token: ana.token, body: CANDIDATE_SCREENING })).status).toBe(200);
      expect(await stage(ana.medicalRecordId)).toBe(ImmunoFreeStatus.Registration);
      expect((await t.call("POST", path(ana.medicalRecordId), { token: ana.token, body: history() })).status).toBe(200);
      const record = await t.call("GET", `/api/pass/${ana.medicalRecordId}`, { token: ana.token });
      expect(record.body.results.medicalRecord.ifRegistration).toMatchObject({ currentStatus: ImmunoFreeStatus.MedicalHistory });
      const [audit] = await t.db.query<{ detail: Record<string, unknown> }>("select detail from audit_log where action = 'medical-history.submit'");
      expect(audit!.detail).toMatchObject({ ifStage: ImmunoFreeStatus.MedicalHistory });
    });

    it.each([
      ["Registration -> MedicalHistory", ImmunoFreeStatus.Registration, ImmunoFreeStatus.MedicalHistory],
      ["MedicalHistory stays (a resubmission)", ImmunoFreeStatus.MedicalHistory, ImmunoFreeStatus.MedicalHistory],
      ["ESign stays (never backwards)", ImmunoFreeStatus.ESign, ImmunoFreeStatus.ESign],
      ["Preworkuplab stays", ImmunoFreeStatus.Preworkuplab, ImmunoFreeStatus.Preworkuplab],
      ["Completed stays", ImmunoFreeStatus.Completed, ImmunoFreeStatus.Completed],
    ])("%s", async (_name, before, after) => {
      const ana = await t.register(1);
      await insertIfRegistration(t.db, ana.medicalRecordId, before, START);
      expect((await t.call("POST", path(ana.medicalRecordId), { token: ana.token, body: history() })).status).toBe(200);
      expect(await stage(ana.medicalRecordId)).toBe(after);
    });

    it.each([
      ["no program registration (never invited, not screened as a candidate)", null],
      ["only invited (InviteSent), not yet screened as a candidate", ImmunoFreeStatus.InviteSent],
    ])("Requirement MHX-006: refuses a patient who is not a candidate: %s (409, nothing stored, stage kept)", async (_name, before) => {
      const ana = await t.register(1);
      if (before !== null) await insertIfRegistration(t.db, ana.medicalRecordId, before, START);
      const refused = await t.call("POST", path(ana.medicalRecordId), { token: ana.token, body: history() });
      expect(refused).toMatchObject({
        status: 409,
        body: { success: false, results: null, message: MedicalHistoryMessage.notInProgram, errors: { form: MedicalHistoryReason.notInProgram } },
      });
      expect(await rows(ana.medicalRecordId)).toEqual([]);
      expect(await stage(ana.medicalRecordId)).toBe(before);
      const audit = await t.db.query("select action from audit_log where action = 'medical-history.submit'");
      expect(audit).toEqual([]);
      // A bad body is still answered field by field first.
      const bad = await t.call("POST", path(ana.medicalRecordId), { token: ana.token, body: history({ heightFt: 0 }) });
      expect(bad).toMatchObject({ status: 400, body: { errors: { heightFt: MedicalHistoryKey.heightFtRange } } });
    });

    it("a patient screened as a candidate through the wizard may submit; one ruled out may not", async () => {
      const ruledOut = await t.register(2);
      const screening = { ...CANDIDATE_SCREENING, kidneyStatus: KidneyStatus.DialysisNow, isImmunoFreeCandidate: false, isCleared: false };
      expect((await t.call("POST", `/api/pass/${ruledOut.medicalRecordId}/screening`, { token: ruledOut.token, body: screening })).status).toBe(200);
      expect(await t.call("POST", path(ruledOut.medicalRecordId), { token: ruledOut.token, body: history() })).toMatchObject({ status: 409 });
      expect(await rows(ruledOut.medicalRecordId)).toEqual([]);
    });
  });
});

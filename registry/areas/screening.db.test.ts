import { describe, expect, it } from "vitest";
import {
  AntigenMatch,
  BiologicalRelative,
  DonorStatus,
  ImmunoFreeStatus,
  KidneyStatus,
  PrimaryGoal,
  ReferralStatus,
  RegistrationStatus,
  Transfer,
  TransplantCenterSituation,
} from "../contract/enums";
import { envelope, RegistryMessage } from "../contract/envelope";
import { passRecord, screening } from "../contract/schemas";
import { insertReferral } from "../data/center-referrals";
import { upsertCenters } from "../data/centers";
import { testDatabases } from "../db/test-databases";
import { START, expectRefused, useRegistry } from "../testing/harness";
import { aCenterRecord } from "../testing/centers";
import { aCandidateScreeningBody, aScreeningBody } from "../testing/screenings";

const MEMBER = 101;
const NON_MEMBER = 102;

const center = aCenterRecord;

const body = aScreeningBody;

/** Each outcome of SCR-014 (first match wins), with the body a wizard pass sends. */
const OUTCOMES = [
  {
    name: "a member center selected -> CompleteLabTests (cleared and confirmed by the registry, whatever the client says; decision 035)",
    body: body({
      transplantCenterSituation: TransplantCenterSituation.Selected,
      preferredCenterId: MEMBER,
      isWillingToTransfer: Transfer.No,
      donorStatus: DonorStatus.HasDonor,
      primaryGoal: PrimaryGoal.StandardVoucher,
      isCleared: false,
      isCenterConfirmed: false,
      status: RegistrationStatus.RuledOut,
    }),
    status: RegistrationStatus.CompleteLabTests,
    stored: { is_cleared: true, is_center_confirmed: true, preferred_center_id: MEMBER },
  },
  {
    name: "an immune-tolerance candidate -> IfPassCandidate",
    body: aCandidateScreeningBody(),
    status: RegistrationStatus.IfPassCandidate,
    stored: { is_cleared: true, is_center_confirmed: false, preferred_center_id: null },
  },
  {
    name: "not cleared (no donor) -> RuledOut",
    body: body({
      donorStatus: DonorStatus.NoDonor,
      primaryGoal: PrimaryGoal.Other,
      primaryGoalOther: "Not interested in finding a living donor",
      isCleared: true,
    }),
    status: RegistrationStatus.RuledOut,
    stored: { is_cleared: false, is_center_confirmed: false, primary_goal_other: "Not interested in finding a living donor" },
  },
  {
    name: "cleared, no center yet -> SelectCenter",
    body: body(),
    status: RegistrationStatus.SelectCenter,
    stored: { is_cleared: true, is_center_confirmed: false, preferred_center_id: null },
  },
  {
    name: "a non-member center the patient stays with -> SelectCenter (cleared by the registry)",
    body: body({
      transplantCenterSituation: TransplantCenterSituation.Selected,
      preferredCenterId: NON_MEMBER,
      isWillingToTransfer: Transfer.No,
      isCleared: false,
    }),
    status: RegistrationStatus.SelectCenter,
    stored: { is_cleared: true, is_center_confirmed: false, preferred_center_id: NON_MEMBER },
  },
];

describe.each(testDatabases())("screenings on $name", (target) => {
  const t = useRegistry(target);

  async function patient(n = 1) {
    const p = await t.register(n);
    await upsertCenters(t.db, [center(MEMBER, "Member Kidney Center", true), center(NON_MEMBER, "Community Hospital", false)], START);
    return p;
  }
  const stored = async (id: number) => (await t.db.query<Record<string, unknown>>("select * from screenings where id = $1", [id]))[0]!;

  it.each(OUTCOMES)("POST .../screening stores the status of SCR-014: $name", async ({ body: b, status, stored: expected }) => {
    const p = await patient();
    const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body: b });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const results = envelope(screening).parse(a.body).results!;
    expect(a.body.message).toBeNull();
    expect(results.status).toBe(status);
    const row = await stored(results.id);
    expect(row).toMatchObject({ medical_record_id: p.medicalRecordId, status, ...expected });
    expect(results).toMatchObject({
      isCleared: row.is_cleared,
      isCenterConfirmed: row.is_center_confirmed,
      preferredCenterId: (row.preferred_center_id as number | null) ?? 0,
    });
  });

  it("answers the full list item, with the preferred center's name and empty lab fields", async () => {
    const p = await patient();
    const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body: OUTCOMES[0]!.body });
    expect(a.body.results).toEqual({
      id: expect.any(Number),
      status: RegistrationStatus.CompleteLabTests,
      kidneyStatus: KidneyStatus.DialysisNow,
      kidneyStatusOther: "",
      transplantCenterSituation: TransplantCenterSituation.Selected,
      willingToTransfer: Transfer.No,
      donorStatus: DonorStatus.HasDonor,
      donorStatusOther: "",
      primaryGoal: PrimaryGoal.StandardVoucher,
      primaryGoalOther: "",
      transplantType: BiologicalRelative.Unknown,
      antigenMatch: AntigenMatch.Unknown,
      isCleared: true,
      isImmunoFreeCandidate: false,
      isCenterConfirmed: true,
      preferredCenterId: MEMBER,
      preferredCenter: "Member Kidney Center",
      centerReferrals: [
        {
          centerId: MEMBER,
          centerName: "Member Kidney Center",
          dateReferred: "03/10/2025",
          statusId: ReferralStatus.PendingCenter,
          status: "Pending Center",
        },
      ],
      labsOrdered: true,
      prescriptionDownloadDateTime: "",
      prescriptionRequestDateTime: START.toISOString(),
      prescriptionExpirationDate: "",
      labsUploadedDateTime: "",
    });
    const audit = await t.db.query("select actor_kind, actor_id, action, medical_record_id, detail from audit_log where action like 'screening.%'");
    expect(audit).toEqual([
      {
        actor_kind: "patient",
        actor_id: p.medicalRecordId,
        action: "screening.create",
        medical_record_id: p.medicalRecordId,
        detail: { screeningId: a.body.results.id },
      },
    ]);
  });

  it("keeps an Other description only with its Other answer, trimmed", async () => {
    const p = await patient();
    const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, {
      token: p.token,
      body: body({
        kidneyStatus: KidneyStatus.Other,
        kidneyStatusOther: "  Peritoneal dialysis at home  ",
        donorStatusOther: "stale text",
        primaryGoalOther: "stale",
      }),
    });
    expect(a.body.results).toMatchObject({ kidneyStatusOther: "Peritoneal dialysis at home", donorStatusOther: "", primaryGoalOther: "" });
  });

  it("PUT .../screening/{screeningId} updates the record's screening and recomputes its status", async () => {
    const p = await patient();
    const created = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body: OUTCOMES[2]!.body });
    const id = created.body.results.id as number;
    expect((await stored(id)).status).toBe(RegistrationStatus.RuledOut);
    t.advance(60_000);
    const a = await t.call("PUT", `/api/pass/${p.medicalRecordId}/screening/${id}`, { token: p.token, body: OUTCOMES[0]!.body });
    expect(a.status).toBe(200);
    expect(envelope(screening).parse(a.body).results).toMatchObject({
      id,
      status: RegistrationStatus.CompleteLabTests,
      preferredCenter: "Member Kidney Center",
      primaryGoalOther: "",
      labsOrdered: true,
    });
    const row = await stored(id);
    expect(row).toMatchObject({ status: RegistrationStatus.CompleteLabTests, donor_status: DonorStatus.HasDonor, primary_goal_other: "" });
    expect((row.updated_at as Date).getTime() - (row.created_at as Date).getTime()).toBe(60_000);
    expect(await t.db.query("select count(*)::int as n from screenings")).toEqual([{ n: 1 }]);
    expect(await t.db.query("select action from audit_log where action like 'screening.%' order by id")).toEqual([
      { action: "screening.create" },
      { action: "screening.update" },
    ]);
  });

  it("naming a member center refers the patient to it and places the lab order, once (CEN-011, decision 035)", async () => {
    const p = await patient();
    const created = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body: OUTCOMES[0]!.body });
    const id = created.body.results.id as number;
    const referrals = async () => t.db.query("select center_id, status_id from center_referrals where screening_id = $1", [id]);
    const orders = async () => t.db.query("select id from lab_orders where screening_id = $1", [id]);
    expect(await referrals()).toEqual([{ center_id: MEMBER, status_id: ReferralStatus.PendingCenter }]);
    expect(await orders()).toHaveLength(1);
    // Saving the same answers again adds nothing.
    expect((await t.call("PUT", `/api/pass/${p.medicalRecordId}/screening/${id}`, { token: p.token, body: OUTCOMES[0]!.body })).status).toBe(200);
    expect(await referrals()).toHaveLength(1);
    expect(await orders()).toHaveLength(1);
  });

  it("naming a member center without a donor is Not Eligible: ruled out, no referral, no lab order (decision 035)", async () => {
    const p = await patient();
    const noDonor = body({
      transplantCenterSituation: TransplantCenterSituation.Selected,
      preferredCenterId: MEMBER,
      isWillingToTransfer: Transfer.No,
      donorStatus: DonorStatus.NoDonor,
      primaryGoal: PrimaryGoal.Other,
      primaryGoalOther: "Not interested in finding a living donor",
      isCleared: false,
    });
    const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body: noDonor });
    expect(a.body.results).toMatchObject({
      status: RegistrationStatus.RuledOut,
      isCleared: false,
      isCenterConfirmed: false,
      labsOrdered: false,
      centerReferrals: [],
    });
  });

  it("does not take a client's center confirmation for a non-member center (CEN-011)", async () => {
    const p = await patient();
    const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, {
      token: p.token,
      body: body({
        transplantCenterSituation: TransplantCenterSituation.Selected,
        preferredCenterId: NON_MEMBER,
        isWillingToTransfer: Transfer.Yes,
        isCenterConfirmed: true,
      }),
    });
    expect(a.body.results).toMatchObject({
      status: RegistrationStatus.SelectCenter,
      isCenterConfirmed: false,
      labsOrdered: false,
      centerReferrals: [],
    });
  });

  it("refuses a re-save that would move the registration back (SCR-016: 409, nothing changed; docs/decisions/033)", async () => {
    const p = await patient();
    // Sent to its center with the results received (decision 033), a Pending Center referral.
    const created = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body: OUTCOMES[0]!.body });
    const id = created.body.results.id as number;
    await t.db.query("update screenings set status = $2, labs_uploaded_date_time = $3 where id = $1", [id, RegistrationStatus.SentToCenter, START]);
    const before = await stored(id);
    for (const outcome of [OUTCOMES[0]!, OUTCOMES[3]!, OUTCOMES[2]!, OUTCOMES[1]!]) {
      const a = await t.call("PUT", `/api/pass/${p.medicalRecordId}/screening/${id}`, { token: p.token, body: outcome.body });
      expect(a.status, outcome.name).toBe(409);
      expect(a.body).toEqual({ success: false, results: null, message: RegistryMessage.registrationMovedOn });
    }
    expect(await stored(id)).toEqual(before);
    expect(await t.db.query("select action from audit_log where action like 'screening.%' order by id")).toEqual([{ action: "screening.create" }]);
  });

  it("lets a not-cleared registration be screened again ('My Situation has Changed', DSH-009)", async () => {
    const p = await patient();
    const created = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body: OUTCOMES[2]!.body });
    const id = created.body.results.id as number;
    const again = await t.call("PUT", `/api/pass/${p.medicalRecordId}/screening/${id}`, { token: p.token, body: OUTCOMES[3]!.body });
    expect(again.body.results).toMatchObject({ status: RegistrationStatus.SelectCenter, preferredCenterId: 0, preferredCenter: "" });
  });

  it("IfPassCandidate starts the immune-tolerance registration once (DSH-013), moving an invited record on", async () => {
    const ana = await patient(1);
    const ben = await t.register(2);
    const cy = await t.register(3);
    const candidate = OUTCOMES[1]!.body;
    const first = await t.call("POST", `/api/pass/${ana.medicalRecordId}/screening`, { token: ana.token, body: candidate });
    t.advance(1000);
    await t.call("PUT", `/api/pass/${ana.medicalRecordId}/screening/${first.body.results.id}`, { token: ana.token, body: candidate });
    await t.call("POST", `/api/pass/${ana.medicalRecordId}/screening`, { token: ana.token, body: candidate });
    const registrations = () => t.db.query("select medical_record_id, current_status from if_registrations order by medical_record_id");
    expect(await registrations()).toEqual([{ medical_record_id: ana.medicalRecordId, current_status: ImmunoFreeStatus.Registration }]);
    const record = await t.call("GET", `/api/pass/${ana.medicalRecordId}`, { token: ana.token });
    expect(record.body.results.medicalRecord.ifRegistration).toMatchObject({
      medicalRecordId: ana.medicalRecordId,
      currentStatus: ImmunoFreeStatus.Registration,
    });

    // Invited (InviteSent) -> Registration; a registration further along stays where it is; other outcomes start none.
    await t.db.query(
      "insert into if_registrations (medical_record_id, current_status, created_at, updated_at) values ($1, $2, $3, $3), ($4, $5, $3, $3)",
      [ben.medicalRecordId, ImmunoFreeStatus.InviteSent, START, cy.medicalRecordId, ImmunoFreeStatus.ESign],
    );
    await t.call("POST", `/api/pass/${ben.medicalRecordId}/screening`, { token: ben.token, body: candidate });
    await t.call("POST", `/api/pass/${cy.medicalRecordId}/screening`, { token: cy.token, body: candidate });
    const dan = await t.register(4);
    await t.call("POST", `/api/pass/${dan.medicalRecordId}/screening`, { token: dan.token, body: OUTCOMES[3]!.body });
    expect(await registrations()).toEqual([
      { medical_record_id: ana.medicalRecordId, current_status: ImmunoFreeStatus.Registration },
      { medical_record_id: ben.medicalRecordId, current_status: ImmunoFreeStatus.Registration },
      { medical_record_id: cy.medicalRecordId, current_status: ImmunoFreeStatus.ESign },
    ]);
  });

  it.each([
    [
      "an enumeration value that is not one of its values",
      { kidneyStatus: 5, donorStatus: 0, primaryGoal: 8, transplantType: 9, antigenMatch: 4, isWillingToTransfer: 2, transplantCenterSituation: 3 },
      {
        kidneyStatus: "validation.invalidValue",
        donorStatus: "validation.invalidValue",
        primaryGoal: "validation.invalidValue",
        transplantType: "validation.invalidValue",
        antigenMatch: "validation.invalidValue",
        isWillingToTransfer: "validation.invalidValue",
        transplantCenterSituation: "validation.invalidValue",
      },
    ],
    [
      "values of the wrong JSON type",
      { kidneyStatus: "1", isCleared: "yes", preferredCenterId: 1.5, donorStatusOther: 7, isImmunoFreeCandidate: { a: 1 } },
      {
        kidneyStatus: "validation.invalidValue",
        isCleared: "validation.invalidValue",
        preferredCenterId: "validation.invalidValue",
        donorStatusOther: "validation.invalidValue",
        isImmunoFreeCandidate: "validation.invalidValue",
      },
    ],
    [
      "fields left out",
      { kidneyStatus: undefined, isCleared: null, preferredCenterId: undefined },
      { kidneyStatus: "validation.required", isCleared: "validation.required", preferredCenterId: "validation.required" },
    ],
    [
      "Other without its description",
      {
        kidneyStatus: KidneyStatus.Other,
        kidneyStatusOther: "   ",
        donorStatus: DonorStatus.Other,
        primaryGoal: PrimaryGoal.Other,
        primaryGoalOther: null,
      },
      { kidneyStatusOther: "validation.required", donorStatusOther: "validation.required", primaryGoalOther: "validation.required" },
    ],
    [
      "Other without its description, next to another problem",
      { donorStatus: DonorStatus.Other, isCleared: 1 },
      { donorStatusOther: "validation.required", isCleared: "validation.invalidValue" },
    ],
    [
      "a description over 500 characters",
      { kidneyStatus: KidneyStatus.Other, kidneyStatusOther: "x".repeat(501) },
      { kidneyStatusOther: "validation.tooLong" },
    ],
    [
      "an unknown center",
      { transplantCenterSituation: TransplantCenterSituation.Selected, preferredCenterId: 999 },
      { preferredCenterId: "validation.invalidValue" },
    ],
    ["a negative center id", { preferredCenterId: -1 }, { preferredCenterId: "validation.invalidValue" }],
  ])("refuses %s (400, field errors, nothing stored)", async (_name, overrides, errors) => {
    const p = await patient();
    const sent = body(overrides);
    for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete sent[k];
    const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body: sent });
    expectRefused(a, errors);
    expect(await t.db.query("select count(*)::int as n from screenings")).toEqual([{ n: 0 }]);
  });

  it("refuses a body that is not a JSON object", async () => {
    const p = await patient();
    const a = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body: [body()] });
    expect(a.status).toBe(400);
    const raw = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, {
      token: p.token,
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(raw.body.message).toBe(RegistryMessage.invalidJson);
  });

  it("refuses another patient's record or screening (403), an unknown screening (404) and a bad id (400)", async () => {
    const ana = await patient(1);
    const ben = await t.register(2, { firstName: "Ben" });
    const anas = await t.call("POST", `/api/pass/${ana.medicalRecordId}/screening`, { token: ana.token, body: body() });
    const id = anas.body.results.id as number;

    const intoAna = await t.call("POST", `/api/pass/${ana.medicalRecordId}/screening`, { token: ben.token, body: body() });
    expect(intoAna.status).toBe(403);
    const viaAnaPath = await t.call("PUT", `/api/pass/${ana.medicalRecordId}/screening/${id}`, { token: ben.token, body: body() });
    expect(viaAnaPath).toMatchObject({ status: 403, body: { success: false, results: null, message: RegistryMessage.forbidden } });
    const viaOwnPath = await t.call("PUT", `/api/pass/${ben.medicalRecordId}/screening/${id}`, { token: ben.token, body: body() });
    expect(viaOwnPath).toMatchObject({ status: 403, body: { success: false, results: null, message: RegistryMessage.forbidden } });
    const unknown = await t.call("PUT", `/api/pass/${ben.medicalRecordId}/screening/${id + 1000}`, { token: ben.token, body: body() });
    expect(unknown).toMatchObject({ status: 404, body: { message: RegistryMessage.notFound } });
    for (const bad of ["abc", "0", "-1", "99999999999"]) {
      expect((await t.call("PUT", `/api/pass/${ben.medicalRecordId}/screening/${bad}`, { token: ben.token, body: body() })).status, bad).toBe(400);
    }
    expect(await stored(id)).toMatchObject({ medical_record_id: ana.medicalRecordId, status: RegistrationStatus.SelectCenter });
    expect(await t.db.query("select count(*)::int as n from screenings")).toEqual([{ n: 1 }]);
    // docs/decisions/131: each try at Ana's screening is in the audit trail, with who tried; reads included.
    const read = await t.call("GET", `/api/pass/screening/${id}/lab-results/ready`, { token: ben.token });
    expect(read.status).toBe(403);
    const refused = await t.db.query<{ actor_id: number; medical_record_id: number; detail: Record<string, unknown> }>(
      "select actor_id, medical_record_id, detail from audit_log where action = 'screening.refused' order by id",
    );
    expect(refused).toEqual([
      { actor_id: ben.medicalRecordId, medical_record_id: ana.medicalRecordId, detail: { screeningId: id, method: "PUT" } },
      { actor_id: ben.medicalRecordId, medical_record_id: ana.medicalRecordId, detail: { screeningId: id, method: "GET" } },
    ]);
  });

  it("answers an expired token with 401 'token is expired' (SCR-019), and a missing one with 401 tokenNotFound", async () => {
    const p = await patient();
    const created = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body: body() });
    t.advance(30 * 60 * 1000);
    for (const [method, path] of [
      ["POST", `/api/pass/${p.medicalRecordId}/screening`],
      ["PUT", `/api/pass/${p.medicalRecordId}/screening/${created.body.results.id}`],
    ] as const) {
      const expired = await t.call(method, path, { token: p.token, body: body() });
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ success: false, results: null, message: "token is expired" });
      expect(expired.body.message).toBe(RegistryMessage.tokenExpired);
      expect((await t.call(method, path, { body: body() })).body).toEqual({ success: false, results: null, message: RegistryMessage.tokenNotFound });
    }
  });

  it("GET /api/pass/{id} lists the record's screenings newest first, each with its referrals newest first", async () => {
    const ana = await patient(1);
    const ben = await t.register(2);
    const older = await t.call("POST", `/api/pass/${ana.medicalRecordId}/screening`, { token: ana.token, body: OUTCOMES[2]!.body });
    t.advance(60_000);
    const newer = await t.call("POST", `/api/pass/${ana.medicalRecordId}/screening`, { token: ana.token, body: body() });
    await t.call("POST", `/api/pass/${ben.medicalRecordId}/screening`, { token: ben.token, body: body() });
    const sid = newer.body.results.id as number;
    await insertReferral(t.db, {
      screeningId: sid,
      centerId: NON_MEMBER,
      at: new Date("2025-03-01T12:00:00Z"),
      statusId: ReferralStatus.CancelledByPatient,
    });
    await insertReferral(t.db, { screeningId: sid, centerId: MEMBER, at: new Date("2025-03-11T23:30:00Z") });
    await insertReferral(t.db, {
      screeningId: sid,
      centerId: MEMBER,
      at: new Date("2025-02-10T08:00:00Z"),
      statusId: ReferralStatus.CompletedByCenter,
    });
    await insertReferral(t.db, {
      screeningId: sid,
      centerId: NON_MEMBER,
      at: new Date("2025-02-01T08:00:00Z"),
      statusId: ReferralStatus.CenterApproved,
    });

    const a = await t.call("GET", `/api/pass/${ana.medicalRecordId}`, { token: ana.token });
    expect(a.status).toBe(200);
    const list = envelope(passRecord).parse(a.body).results!.screeningList;
    expect(list.map((s) => s.id)).toEqual([sid, older.body.results.id]);
    expect(list[0]!.centerReferrals).toEqual([
      { centerId: MEMBER, centerName: "Member Kidney Center", dateReferred: "03/11/2025", statusId: 1, status: "Pending Center" },
      { centerId: NON_MEMBER, centerName: "Community Hospital", dateReferred: "03/01/2025", statusId: 3, status: "Cancelled by Patient" },
      { centerId: MEMBER, centerName: "Member Kidney Center", dateReferred: "02/10/2025", statusId: 4, status: "Completed by Center" },
      { centerId: NON_MEMBER, centerName: "Community Hospital", dateReferred: "02/01/2025", statusId: 2, status: "Center Approved" },
    ]);
    expect(list[1]).toMatchObject({ status: RegistrationStatus.RuledOut, centerReferrals: [] });
    expect(list[0]).toEqual({ ...newer.body.results, centerReferrals: list[0]!.centerReferrals });
  });
});

import { describe, expect, it } from "vitest";
import { ReferralStatus, RegistrationStatus, BiologicalRelative, AntigenMatch, DonorStatus, PrimaryGoal } from "../contract/enums";
import { envelope, RegistryMessage } from "../contract/envelope";
import { centerSelection, LabFormReason } from "../contract/labs";
import { referralCloseOuts } from "../data/center-selection";
import { testDatabases } from "../db/test-databases";
import { START, expectRefused, useRegistry } from "../testing/harness";
import { aCandidateScreeningBody } from "../testing/screenings";
import {
  CENTER_A,
  CENTER_B,
  CENTER_C,
  clearedBody,
  labOrderRows,
  NON_MEMBER,
  patientWithScreening,
  screeningRow,
  selectCenter,
  signIn,
} from "./labs-fixtures";

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())("center selection on $name", (target) => {
  const t = useRegistry(target);
  const path = (p: { medicalRecordId: number; screeningId: number }) => `/api/pass/${p.medicalRecordId}/screening/${p.screeningId}/center`;

  it("confirms a member center: a Pending Center referral dated today, CompleteLabTests, a lab order placed", async () => {
    const p = await patientWithScreening(t);
    const a = await selectCenter(t, p, CENTER_A);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(envelope(centerSelection).parse(a.body)).toEqual({
      success: true,
      message: null,
      results: {
        centerId: CENTER_A,
        centerName: "Lakeside Kidney Institute",
        centerReferrals: [
          {
            centerId: CENTER_A,
            centerName: "Lakeside Kidney Institute",
            dateReferred: "03/10/2025",
            statusId: ReferralStatus.PendingCenter,
            status: "Pending Center",
          },
        ],
      },
    });
    expect(await screeningRow(t, p.screeningId)).toMatchObject({
      status: RegistrationStatus.CompleteLabTests,
      preferred_center_id: CENTER_A,
      is_center_confirmed: true,
      is_cleared: true,
      labs_ordered: true,
      prescription_request_date_time: START,
      prescription_expiration_date: null,
    });
    // LAB_APPROVAL_DELAY unset in these settings = never: the order waits for staff.
    expect(await labOrderRows(t, p.screeningId)).toEqual([expect.objectContaining({ requisition: null, approved_at: null, superseded_at: null })]);
    const record = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token });
    expect(record.body.results.screeningList[0]).toMatchObject({
      status: RegistrationStatus.CompleteLabTests,
      preferredCenterId: CENTER_A,
      preferredCenter: "Lakeside Kidney Institute",
      labsOrdered: true,
      prescriptionRequestDateTime: START.toISOString(),
      prescriptionExpirationDate: "",
      centerReferrals: a.body.results.centerReferrals,
    });
    const audit = await t.db.query(
      "select actor_kind, action, detail from audit_log where action in ('screening.center.select', 'labs.order.place') order by id",
    );
    expect(audit).toEqual([
      { actor_kind: "patient", action: "labs.order.place", detail: { labOrderId: expect.any(Number), screeningId: p.screeningId } },
      { actor_kind: "patient", action: "screening.center.select", detail: { screeningId: p.screeningId, centerId: CENTER_A } },
    ]);
  });

  it("approves the order at once with LAB_APPROVAL_DELAY 0 (demo): requisition, expiry 90 days out, email in the patient's language", async () => {
    const p = await patientWithScreening(t);
    const a = await selectCenter(t, p, CENTER_A, {});
    expect(a.status).toBe(200);
    const demo = t.handlerWith({ labApprovalDelayMinutes: 0 });
    const q = await patientWithScreening(t, 2);
    expect((await t.call("POST", path(q), { token: q.token, body: { centerId: CENTER_B, reason: null, other: null } }, demo)).status).toBe(200);
    const [order] = await labOrderRows(t, q.screeningId);
    expect(order).toMatchObject({ approved_by: "automatic", expires_on: "2025-06-08", approved_at: START });
    expect(order!.requisition).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{8}$/);
    expect(await screeningRow(t, q.screeningId)).toMatchObject({ prescription_expiration_date: "2025-06-08" });
    const mail = await t.db.query<{ to_address: string; subject: string; text_body: string }>(
      "select to_address, subject, text_body from outbox where subject like 'Su orden%'",
    );
    expect(mail).toEqual([
      {
        to_address: q.email,
        subject: "Su orden de laboratorio está lista",
        text_body: expect.stringContaining("válida hasta el 8 de junio de 2025"),
      },
    ]);
    expect(mail[0]!.text_body).toContain("http://portal.test/landing");
    // The first patient's order (no automatic approval) is still waiting.
    expect(await labOrderRows(t, p.screeningId)).toEqual([expect.objectContaining({ approved_at: null })]);
  });

  it("who may call it: a token for this record and a screening of this record only (PLT-013)", async () => {
    const ana = await patientWithScreening(t, 1);
    const ben = await patientWithScreening(t, 2);
    const body = { centerId: CENTER_A, reason: null, other: null };
    const cases: Array<[string, string | undefined, number, string]> = [
      ["no token", path(ana), 401, RegistryMessage.tokenNotFound],
      ["another patient's record", path(ana), 403, RegistryMessage.forbidden],
      [
        "another patient's screening under the patient's own record",
        `/api/pass/${ben.medicalRecordId}/screening/${ana.screeningId}/center`,
        403,
        RegistryMessage.forbidden,
      ],
      ["an unknown screening", `/api/pass/${ben.medicalRecordId}/screening/999999/center`, 404, RegistryMessage.notFound],
      ["a record id that is not one", `/api/pass/abc/screening/${ben.screeningId}/center`, 400, RegistryMessage.badRequest],
      ["a screening id that is not one", `/api/pass/${ben.medicalRecordId}/screening/1e3/center`, 400, RegistryMessage.badRequest],
    ];
    for (const [name, url, status, message] of cases) {
      const a = await t.call("POST", url!, { token: name === "no token" ? undefined : ben.token, body });
      expect([name, a.status, a.body.message]).toEqual([name, status, message]);
    }
    expect((await t.call("POST", path(ana), { token: "not-a-token", body })).status).toBe(401);
    expect((await t.call("GET", path(ana), { token: ana.token })).status).toBe(405);
    expect(await t.db.query("select count(*)::int as n from center_referrals")).toEqual([{ n: 0 }]);
    expect(await screeningRow(t, ana.screeningId)).toMatchObject({
      status: RegistrationStatus.SelectCenter,
      preferred_center_id: null,
      labs_ordered: false,
    });
  });

  it.each([
    ["no centerId", { reason: null, other: null }, { centerId: "validation.required" }],
    ["a centerId that is text", { centerId: "201" }, { centerId: "validation.invalidValue" }],
    ["a centerId of 0", { centerId: 0 }, { centerId: "validation.invalidValue" }],
    ["an unknown center", { centerId: 999_999 }, { centerId: "validation.invalidValue" }],
    ["a center that is not a member center", { centerId: NON_MEMBER }, { centerId: "validation.invalidValue" }],
    ["a reason that is text", { centerId: CENTER_A, reason: "1" }, { reason: "validation.invalidValue" }],
    ["a reason that is a fraction", { centerId: CENTER_A, reason: 1.5 }, { reason: "validation.invalidValue" }],
    ["an over-long text", { centerId: CENTER_A, reason: 4, other: "x".repeat(501) }, { other: "validation.tooLong" }],
    ["an over-long text once trimmed", { centerId: CENTER_A, reason: 4, other: ` ${"x".repeat(501)} ` }, { other: "validation.tooLong" }],
    ["a text that is an object", { centerId: CENTER_A, other: { a: 1 } }, { other: "validation.invalidValue" }],
  ])("refuses %s with field keys and changes nothing", async (_name, body, errors) => {
    const p = await patientWithScreening(t);
    const a = await t.call("POST", path(p), { token: p.token, body });
    expectRefused(a, errors);
    expect(await t.db.query("select count(*)::int as n from center_referrals")).toEqual([{ n: 0 }]);
    expect(await t.db.query("select count(*)::int as n from lab_orders")).toEqual([{ n: 0 }]);
  });

  it("refuses a body that is not JSON or not an object", async () => {
    const p = await patientWithScreening(t);
    expect(
      (await t.call("POST", path(p), { token: p.token, rawBody: "{centerId:", headers: { "content-type": "application/json" } })).body.message,
    ).toBe(RegistryMessage.invalidJson);
    expect((await t.call("POST", path(p), { token: p.token, body: [CENTER_A] })).status).toBe(400);
  });

  it.each([
    [
      "ruled out",
      clearedBody({
        donorStatus: DonorStatus.NoDonor,
        primaryGoal: PrimaryGoal.Other,
        primaryGoalOther: "Not interested in finding a living donor",
      }),
    ],
    ["an immune-tolerance candidate", aCandidateScreeningBody({ transplantType: BiologicalRelative.Parent, antigenMatch: AntigenMatch.Unknown })],
  ])("refuses a screening that is %s (409 center.notAvailable)", async (_name, body) => {
    const p = await patientWithScreening(t, 1, body);
    const a = await selectCenter(t, p, CENTER_A);
    expect(a.status).toBe(409);
    expect(a.body).toMatchObject({ success: false, errors: { form: LabFormReason.centerNotAvailable } });
    expect(await t.db.query("select count(*)::int as n from center_referrals")).toEqual([{ n: 0 }]);
  });

  it("refuses an opted-out patient (409 labs.optedOut) until they opt in", async () => {
    const p = await patientWithScreening(t);
    await t.call("POST", `/api/pass/${p.medicalRecordId}/opt-in-out/1`, { token: p.token });
    const a = await selectCenter(t, p, CENTER_A);
    expect(a.status).toBe(409);
    expect(a.body.errors).toEqual({ form: LabFormReason.optedOut });
    await t.call("POST", `/api/pass/${p.medicalRecordId}/opt-in-out/2`, { token: p.token });
    expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);
  });

  it("the 3-day window (CEN-009): 'Please Give Additional Time' until the referral date plus 3 days, then a reason closes the referral out", async () => {
    const p = await patientWithScreening(t);
    expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);

    // Selecting the same center again is refused at any time.
    const same = await selectCenter(t, p, CENTER_A);
    expect([same.status, same.body.errors]).toEqual([409, { form: LabFormReason.sameCenter }]);

    // Referred 03/10/2025: blocked through 03/13/2025 00:00 UTC (the date plus 3 days, as the dashboard reads it).
    for (const at of ["2025-03-11T09:00:00.000Z", "2025-03-13T00:00:00.000Z"]) {
      t.clock = new Date(at);
      await signIn(t, p);
      const a = await selectCenter(t, p, CENTER_B, { reason: 1, other: null });
      expect(a.status, at).toBe(409);
      expect(a.body).toEqual({
        success: false,
        results: null,
        errors: { form: LabFormReason.giveAdditionalTime },
        message: "Please wait at least three (3) days for Lakeside Kidney Institute to contact you before you select a new transplant center.",
      });
    }
    t.clock = new Date("2025-03-13T00:00:00.001Z");
    await signIn(t, p);

    // Now a change needs the cancel details: 'This is required' for the reason, and for the text with Other.
    const refusals: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ reason: null, other: null }, { reason: "validation.required" }],
      [{}, { reason: "validation.required" }],
      [{ reason: -1, other: "" }, { reason: "validation.required" }],
      [{ reason: 0 }, { reason: "validation.required" }],
      [{ reason: 7 }, { reason: "validation.invalidValue" }],
      [{ reason: 4, other: "   " }, { other: "validation.required" }],
      [{ reason: 4, other: null }, { other: "validation.required" }],
    ];
    for (const [extra, errors] of refusals) {
      const a = await t.call("POST", path(p), { token: p.token, body: { centerId: CENTER_B, ...extra } });
      expect([extra, a.status, a.body.errors]).toEqual([extra, 400, errors]);
    }
    expect(await referralCloseOuts(t.db, p.screeningId)).toEqual([
      { centerId: CENTER_A, statusId: ReferralStatus.PendingCenter, cancelReason: null, cancelOther: "" },
    ]);

    const a = await selectCenter(t, p, CENTER_B, { reason: 4, other: "  We are moving to Chicago  " });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.results).toEqual({
      centerId: CENTER_B,
      centerName: "Prairie Transplant Center",
      centerReferrals: [
        {
          centerId: CENTER_B,
          centerName: "Prairie Transplant Center",
          dateReferred: "03/13/2025",
          statusId: ReferralStatus.PendingCenter,
          status: "Pending Center",
        },
        {
          centerId: CENTER_A,
          centerName: "Lakeside Kidney Institute",
          dateReferred: "03/10/2025",
          statusId: ReferralStatus.CancelledByPatient,
          status: "Cancelled by Patient",
        },
      ],
    });
    expect(await referralCloseOuts(t.db, p.screeningId)).toEqual([
      { centerId: CENTER_B, statusId: ReferralStatus.PendingCenter, cancelReason: null, cancelOther: "" },
      { centerId: CENTER_A, statusId: ReferralStatus.CancelledByPatient, cancelReason: 4, cancelOther: "We are moving to Chicago" },
    ]);
    // The status stays at the lab step and the lab order placed with the first center is kept (labs already ordered).
    expect(await screeningRow(t, p.screeningId)).toMatchObject({
      status: RegistrationStatus.CompleteLabTests,
      preferred_center_id: CENTER_B,
      labs_ordered: true,
      prescription_request_date_time: START,
    });
    expect(await labOrderRows(t, p.screeningId)).toHaveLength(1);
    const audit = await t.db.query("select detail from audit_log where action = 'screening.center.select' order by id desc limit 1");
    expect(audit).toEqual([{ detail: { screeningId: p.screeningId, centerId: CENTER_B, fromCenterId: CENTER_A, reason: 4, closed: 1 } }]);

    // A center approved by the center is closed out too; a reason other than Other needs no text.
    await t.db.query("update center_referrals set status_id = $1 where center_id = $2", [ReferralStatus.CenterApproved, CENTER_B]);
    t.advance(DAY);
    await signIn(t, p);
    const c = await selectCenter(t, p, CENTER_C, { reason: 2, other: null });
    expect(c.status).toBe(200);
    expect(c.body.results.centerReferrals.map((r: { centerId: number; statusId: number }) => [r.centerId, r.statusId])).toEqual([
      [CENTER_C, ReferralStatus.PendingCenter],
      [CENTER_B, ReferralStatus.CancelledByPatient],
      [CENTER_A, ReferralStatus.CancelledByPatient],
    ]);
    expect((await referralCloseOuts(t.db, p.screeningId))[1]).toEqual({
      centerId: CENTER_B,
      statusId: ReferralStatus.CancelledByPatient,
      cancelReason: 2,
      cancelOther: "",
    });
  });

  it("a registration sent to a member center without a referral (saved before decision 035) changes center with a reason; the status stays SentToCenter and labs are ordered", async () => {
    const p = await patientWithScreening(t, 1);
    await t.db.query("update screenings set status = $2, preferred_center_id = $3, is_center_confirmed = true where id = $1", [
      p.screeningId,
      RegistrationStatus.SentToCenter,
      CENTER_A,
    ]);
    expect(await screeningRow(t, p.screeningId)).toMatchObject({ status: RegistrationStatus.SentToCenter, labs_ordered: false });
    expect((await selectCenter(t, p, CENTER_A)).body.errors).toEqual({ form: LabFormReason.sameCenter });
    expect((await selectCenter(t, p, CENTER_B)).body.errors).toEqual({ reason: "validation.required" });
    const a = await selectCenter(t, p, CENTER_B, { reason: 1, other: ` ${"y".repeat(500)} ` }); // 500 once trimmed: accepted
    expect(a.status).toBe(200);
    expect(a.body.results.centerReferrals).toEqual([expect.objectContaining({ centerId: CENTER_B, statusId: ReferralStatus.PendingCenter })]);
    expect(await screeningRow(t, p.screeningId)).toMatchObject({
      status: RegistrationStatus.SentToCenter,
      preferred_center_id: CENTER_B,
      labs_ordered: true,
    });
    expect(await labOrderRows(t, p.screeningId)).toHaveLength(1);
  });

  it("two selections at the same time make one referral (the screening is locked)", async () => {
    const p = await patientWithScreening(t);
    const answers = await Promise.all([selectCenter(t, p, CENTER_A), selectCenter(t, p, CENTER_A)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await t.db.query("select count(*)::int as n from center_referrals")).toEqual([{ n: 1 }]);
    expect(await t.db.query("select count(*)::int as n from lab_orders")).toEqual([{ n: 1 }]);
  });
});

import { describe, expect, it } from "vitest";
import { programStageCommand, referralsReport, referralStatusCommand } from "../commands/cli-staff";
import { ImmunoFreeStatus, ReferralStatus, RegistrationStatus } from "../contract/enums";
import { envelope } from "../contract/envelope";
import { programStageResult, referralStatusResult, StaffReason } from "../contract/staff";
import { ValidationKey } from "../contract/validation-keys";
import { insertIfRegistration } from "../data/if-registrations";
import { testDatabases } from "../db/test-databases";
import type { RegistryConfig } from "../settings";
import { START, TEST_SETTINGS, useRegistry, type TestRegistry } from "../testing/harness";
import { HISTORY } from "../testing/medical-histories";
import { approveOne, CENTER_A, CENTER_B, clearedBody, NON_MEMBER, patientWithScreening, selectCenter, signIn } from "./labs-fixtures";

const CENTER_KEY = { "x-center-staff-key": TEST_SETTINGS.centerStaffKey! };
const PROGRAM_KEY = { "x-program-staff-key": TEST_SETTINGS.programStaffKey! };
const LAB_KEY = { "x-lab-staff-key": TEST_SETTINGS.labStaffKey };
const DAY = 24 * 60 * 60 * 1000;

type Mail = { channel: string; to_address: string; subject: string; text_body: string };
const mails = (t: TestRegistry, after: Date = START) =>
  t.db.query<Mail>("select channel, to_address, subject, text_body from outbox where created_at >= $1 order by id", [after]);

async function referralIds(t: TestRegistry, screeningId: number): Promise<number[]> {
  return (await t.db.query<{ id: number }>("select id from center_referrals where screening_id = $1 order by id", [screeningId])).map((r) => r.id);
}

/** Patient n (Spanish, as the fixtures register) referred to CENTER_A, and the referral's id. */
async function referred(t: TestRegistry, n = 1) {
  const p = await patientWithScreening(t, n);
  expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);
  const [referralId] = await referralIds(t, p.screeningId);
  return { ...p, referralId: referralId! };
}

describe.each(testDatabases())("center and program staff steps on $name", (target) => {
  // The shared-key calls answer only with STAFF_SHARED_KEYS=on, for the changeover (docs/decisions/133).
  const t = useRegistry(target, { ...TEST_SETTINGS, staffSharedKeys: true });
  const setStatus = (referralId: number | string, body: unknown, headers: Record<string, string> = CENTER_KEY) =>
    t.call("POST", `/api/staff/referrals/${referralId}/status`, { body, headers });
  const setStage = (recordId: number | string, body: unknown, headers: Record<string, string> = PROGRAM_KEY) =>
    t.call("POST", `/api/staff/program/${recordId}/stage`, { body, headers });

  it("a center approves, then completes a referral: stored, on the patient's record, emailed in Spanish", async () => {
    const p = await referred(t);
    t.advance(DAY);
    const approvedAt = t.clock;
    const approved = await setStatus(p.referralId, { statusId: ReferralStatus.CenterApproved });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(envelope(referralStatusResult).parse(approved.body)).toEqual({
      success: true,
      message: "Referral status updated",
      results: { referralId: p.referralId, screeningId: p.screeningId, centerId: CENTER_A, statusId: 2, status: "Center Approved" },
    });
    await signIn(t, p);
    const record = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token });
    expect(record.body.results.screeningList[0].centerReferrals).toEqual([
      { centerId: CENTER_A, centerName: "Lakeside Kidney Institute", dateReferred: "03/10/2025", statusId: 2, status: "Center Approved" },
    ]);
    expect(await mails(t, approvedAt)).toEqual([
      {
        channel: "email",
        to_address: p.email,
        subject: "Su centro de trasplante aprobó su derivación",
        text_body: expect.stringContaining("Lakeside Kidney Institute aprobó su derivación.") as string,
      },
    ]);
    expect((await mails(t, approvedAt))[0]!.text_body).toContain("Ir a su panel: http://portal.test/landing");

    // Completed by Center only once the registration is Sent to Center (the lab results recorded).
    const early = await setStatus(p.referralId, { statusId: ReferralStatus.CompletedByCenter });
    expect([early.status, early.body.errors]).toEqual([409, { form: StaffReason.notSentToCenter }]);
    const { requisition } = await approveOne(t);
    expect((await t.call("GET", `/api/pass/process-lab-results/${requisition}`, { headers: LAB_KEY })).status).toBe(200);
    t.advance(DAY);
    const completedAt = t.clock;
    const completed = await setStatus(p.referralId, { statusId: ReferralStatus.CompletedByCenter });
    expect([completed.status, completed.body.results.status]).toEqual([200, "Completed by Center"]);
    expect((await mails(t, completedAt)).map((m) => m.subject)).toEqual(["Su centro de trasplante completó su derivación"]);

    // A completed referral never changes again; the audit names the steps, not the patient.
    for (const statusId of [ReferralStatus.CenterApproved, ReferralStatus.CompletedByCenter]) {
      const again = await setStatus(p.referralId, { statusId });
      expect([again.status, again.body.errors]).toEqual([409, { form: StaffReason.referralClosed }]);
    }
    const audits = await t.db.query<{ detail: Record<string, unknown> }>("select detail from audit_log where action = 'referral.status' order by id");
    expect(audits.map((a) => a.detail)).toEqual([
      { referralId: p.referralId, screeningId: p.screeningId, from: 1, to: 2, by: "center" },
      { referralId: p.referralId, screeningId: p.screeningId, from: 2, to: 4, by: "center" },
    ]);
  });

  it("with STAFF_SHARED_KEYS off (the default), both shared-key calls answer 410 and change nothing, even with the right key", async () => {
    const p = await referred(t);
    await insertIfRegistration(t.db, p.medicalRecordId, ImmunoFreeStatus.ESign, START);
    const off = t.handlerWith({ staffSharedKeys: false });
    const referral = await t.call("POST", `/api/staff/referrals/${p.referralId}/status`, { body: { statusId: 2 }, headers: CENTER_KEY }, off);
    const stage = await t.call("POST", `/api/staff/program/${p.medicalRecordId}/stage`, { body: { stage: 4 }, headers: PROGRAM_KEY }, off);
    for (const a of [referral, stage]) {
      expect([a.status, a.body.errors]).toEqual([410, { form: StaffReason.sharedKeysRetired }]);
      expect(a.body.message).toContain("/staff");
    }
    const unset = await t.call(
      "POST",
      `/api/staff/referrals/${p.referralId}/status`,
      { body: { statusId: 2 }, headers: CENTER_KEY },
      t.handlerWith({ staffSharedKeys: undefined }),
    );
    expect(unset.status).toBe(410);
    expect((await t.db.query("select status_id from center_referrals where id = $1", [p.referralId]))[0]).toEqual({ status_id: 1 });
    const [row] = await t.db.query<{ current_status: number }>("select current_status from if_registrations where medical_record_id = $1", [
      p.medicalRecordId,
    ]);
    expect(row!.current_status).toBe(ImmunoFreeStatus.ESign);
  });

  it("refuses without the center key, with the program key, with an unset key, and answers nothing about the referral", async () => {
    const p = await referred(t);
    const body = { statusId: ReferralStatus.CenterApproved };
    const attempts: Array<Record<string, string>> = [
      {},
      { "x-center-staff-key": "wrong-key-0123456789" },
      { "x-center-staff-key": "" },
      PROGRAM_KEY,
      LAB_KEY,
    ];
    for (const headers of attempts) {
      const a = await setStatus(p.referralId, body, headers);
      expect([a.status, a.body], JSON.stringify(headers)).toEqual([
        401,
        { success: false, results: null, message: "A valid staff key is required", errors: { form: StaffReason.staffKeyInvalid } },
      ]);
    }
    // The patient's own sign-in is no staff key either.
    const asPatient = await t.call("POST", `/api/staff/referrals/${p.referralId}/status`, { token: p.token, body });
    expect(asPatient.status).toBe(401);
    // A registry with no center staff key configured refuses every call, even one with an empty key.
    const unset = t.handlerWith({ centerStaffKey: undefined });
    const refused = await t.call("POST", `/api/staff/referrals/${p.referralId}/status`, { body, headers: { "x-center-staff-key": "" } }, unset);
    expect(refused.status).toBe(401);
    const [row] = await t.db.query<{ status_id: number }>("select status_id from center_referrals where id = $1", [p.referralId]);
    expect(row!.status_id).toBe(ReferralStatus.PendingCenter);
    expect(await t.db.query("select 1 from audit_log where action = 'staff.refused'")).toHaveLength(7);
  });

  it("after 10 wrong staff keys from one address the right key still works there; wrong keys are refused with 429 (docs/decisions/094)", async () => {
    const p = await referred(t);
    const headers = { "x-client-address": "192.0.2.50" };
    const wrong = (i: number) => ({ ...headers, "x-center-staff-key": `wrong-${i}-0123456789` });
    for (let i = 0; i < 10; i++) expect((await setStatus(p.referralId, { statusId: 2 }, wrong(i))).status).toBe(401);
    const limited = await setStatus(p.referralId, { statusId: 2 }, wrong(10));
    expect([limited.status, limited.body.errors, limited.headers.get("retry-after")]).toEqual([
      429,
      { form: "limits.tooManyFromConnection" },
      "3600",
    ]);
    // A colleague behind the same address, with the right key: the referral moves.
    const right = await setStatus(p.referralId, { statusId: 2 }, { ...headers, ...CENTER_KEY });
    expect([right.status, right.body.results?.status]).toEqual([200, "Center Approved"]);
    const [row] = await t.db.query<{ status_id: number }>("select status_id from center_referrals where id = $1", [p.referralId]);
    expect(row!.status_id).toBe(ReferralStatus.CenterApproved);
    // The program key works there too, and wrong keys keep being refused (the right ones gave no room back).
    expect((await setStage(p.medicalRecordId, { stage: ImmunoFreeStatus.Preworkuplab }, { ...headers, ...PROGRAM_KEY })).status).toBe(404);
    for (const i of [11, 12]) expect((await setStatus(p.referralId, { statusId: 4 }, wrong(i))).status).toBe(429);
    expect((await setStatus(p.referralId, { statusId: 4 }, { ...wrong(13), "x-client-address": "192.0.2.51" })).status).toBe(401);
  });

  it("bad input: 400 for ids and bodies that cannot be, 404 for an unknown referral, 409 for a cancelled one or the same status", async () => {
    const p = await referred(t);
    for (const id of ["0", "-1", "abc", "1.5", "99999999999"]) {
      const a = await setStatus(id, { statusId: 2 });
      expect([a.status, a.body.errors], id).toEqual([400, { referralId: ValidationKey.invalidValue }]);
    }
    for (const body of [{}, { statusId: 1 }, { statusId: 3 }, { statusId: "2" }, { statusId: null }, { statusId: 2.5 }]) {
      const a = await setStatus(p.referralId, body);
      expect([a.status, Object.keys(a.body.errors ?? {})], JSON.stringify(body)).toEqual([400, ["statusId"]]);
    }
    for (const rawBody of ["not json", "[2]", "null"]) {
      const a = await t.call("POST", `/api/staff/referrals/${p.referralId}/status`, {
        rawBody,
        headers: { ...CENTER_KEY, "content-type": "application/json" },
      });
      expect([a.status, a.body.success], rawBody).toEqual([400, false]);
    }
    const unknown = await setStatus(p.referralId + 1000, { statusId: 2 });
    expect([unknown.status, unknown.body.errors]).toEqual([404, { form: StaffReason.referralUnknown }]);

    expect((await setStatus(p.referralId, { statusId: 2 })).status).toBe(200);
    const same = await setStatus(p.referralId, { statusId: 2 });
    expect([same.status, same.body.errors]).toEqual([409, { form: StaffReason.referralAlreadyAt }]);

    // The patient changes center: the approved referral is Cancelled by Patient and stays so.
    t.advance(4 * DAY);
    await signIn(t, p);
    expect((await selectCenter(t, p, CENTER_B, { reason: 1 })).status).toBe(200);
    const cancelled = await setStatus(p.referralId, { statusId: 2 });
    expect([cancelled.status, cancelled.body.errors]).toEqual([409, { form: StaffReason.referralClosed }]);
  });

  it("an opted-out patient's referral still moves, but no email or text is sent", async () => {
    const p = await referred(t);
    expect((await t.call("POST", `/api/pass/${p.medicalRecordId}/opt-in-out/1`, { token: p.token })).status).toBe(200);
    await t.db.query("update accounts set is_mobile_verified = true where medical_record_id = $1", [p.medicalRecordId]);
    t.advance(DAY);
    const at = t.clock;
    expect((await setStatus(p.referralId, { statusId: 2 })).status).toBe(200);
    expect(await mails(t, at)).toEqual([]);
  });

  it("a patient whose mobile is confirmed also gets a text that names nothing medical", async () => {
    const p = await referred(t);
    await t.db.query("update accounts set is_mobile_verified = true where medical_record_id = $1", [p.medicalRecordId]);
    t.advance(DAY);
    const at = t.clock;
    expect((await setStatus(p.referralId, { statusId: 2 })).status).toBe(200);
    const sent = await mails(t, at);
    expect(sent.map((m) => [m.channel, m.to_address])).toEqual([
      ["email", p.email],
      ["sms", "+15552100001"],
    ]);
    expect(sent[1]!.text_body).toBe(
      "National Kidney Registry: su centro de trasplante aprobó su derivación. Inicie sesión en su panel para ver los detalles.",
    );
  });

  it("program staff move a participant from E-Sign to Pre-workup Labs to Completed, one stage at a time", async () => {
    const p = await t.register(1, { preferredLanguage: 1 });
    const stage = async () =>
      (
        await t.db.query<{ current_status: number }>("select current_status from if_registrations where medical_record_id = $1", [p.medicalRecordId])
      )[0]?.current_status;
    const none = await setStage(p.medicalRecordId, { stage: ImmunoFreeStatus.Preworkuplab });
    expect([none.status, none.body.errors]).toEqual([404, { form: StaffReason.notInProgram }]);

    await insertIfRegistration(t.db, p.medicalRecordId, ImmunoFreeStatus.MedicalHistory, START);
    for (const target of [ImmunoFreeStatus.Preworkuplab, ImmunoFreeStatus.Completed]) {
      const early = await setStage(p.medicalRecordId, { stage: target });
      expect([early.status, early.body.errors]).toEqual([409, { form: StaffReason.stageNotNext }]);
    }
    await t.db.query("update if_registrations set current_status = $2 where medical_record_id = $1", [p.medicalRecordId, ImmunoFreeStatus.ESign]);
    const skip = await setStage(p.medicalRecordId, { stage: ImmunoFreeStatus.Completed });
    expect([skip.status, skip.body.errors]).toEqual([409, { form: StaffReason.stageNotNext }]);

    t.advance(DAY);
    const labsAt = t.clock;
    const labs = await setStage(p.medicalRecordId, { stage: ImmunoFreeStatus.Preworkuplab });
    expect(envelope(programStageResult).parse(labs.body)).toEqual({
      success: true,
      message: "Program stage updated",
      results: { medicalRecordId: p.medicalRecordId, stage: ImmunoFreeStatus.Preworkuplab },
    });
    expect(await stage()).toBe(ImmunoFreeStatus.Preworkuplab);
    expect((await mails(t, labsAt)).map((m) => [m.to_address, m.subject])).toEqual([[p.email, "Your ImmunoFree pre-workup lab tests are recorded"]]);

    t.advance(DAY);
    const doneAt = t.clock;
    expect((await setStage(p.medicalRecordId, { stage: ImmunoFreeStatus.Completed })).status).toBe(200);
    expect(await stage()).toBe(ImmunoFreeStatus.Completed);
    expect((await mails(t, doneAt)).map((m) => m.subject)).toEqual(["Your ImmunoFree registration is complete"]);
    const again = await setStage(p.medicalRecordId, { stage: ImmunoFreeStatus.Completed });
    expect([again.status, again.body.errors]).toEqual([409, { form: StaffReason.stageNotNext }]);

    await signIn(t, p);
    const record = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token });
    expect(record.body.results.medicalRecord.ifRegistration.currentStatus).toBe(ImmunoFreeStatus.Completed);
  });

  it("program calls: only the program key; 400 for bad ids and stages", async () => {
    const p = await t.register(1);
    await insertIfRegistration(t.db, p.medicalRecordId, ImmunoFreeStatus.ESign, START);
    const attempts: Array<Record<string, string>> = [{}, CENTER_KEY, { "x-program-staff-key": "wrong-key-0123456789" }];
    for (const headers of attempts) {
      const a = await setStage(p.medicalRecordId, { stage: 4 }, headers);
      expect([a.status, a.body.errors]).toEqual([401, { form: StaffReason.staffKeyInvalid }]);
    }
    expect(
      (
        await t.call(
          "POST",
          `/api/staff/program/${p.medicalRecordId}/stage`,
          { body: { stage: 4 }, headers: PROGRAM_KEY },
          t.handlerWith({ programStaffKey: undefined }),
        )
      ).status,
    ).toBe(401);
    for (const id of ["0", "x", "12345678901"]) {
      const a = await setStage(id, { stage: 4 });
      expect([a.status, a.body.errors]).toEqual([400, { medicalRecordId: ValidationKey.invalidValue }]);
    }
    for (const body of [{}, { stage: 3 }, { stage: 0 }, { stage: "4" }, { stage: 6 }]) {
      const a = await setStage(p.medicalRecordId, body);
      expect([a.status, Object.keys(a.body.errors ?? {})], JSON.stringify(body)).toEqual([400, ["stage"]]);
    }
    const [row] = await t.db.query<{ current_status: number }>("select current_status from if_registrations where medical_record_id = $1", [
      p.medicalRecordId,
    ]);
    expect(row!.current_status).toBe(ImmunoFreeStatus.ESign);
  });

  it("the commands: list-referrals (no names), referral-status and program-stage, with their refusals", async () => {
    const p = await referred(t);
    const config = { settings: t.settings } as RegistryConfig;
    const report = await referralsReport(t.db, []);
    expect(report.split("\n")[0]).toMatch(/^referral\s+screening\s+record\s+center\s+referred \(UTC\)\s+status\s+registration$/);
    expect(report).toContain("Pending Center");
    for (const secret of ["Ana", "Lopez", p.email, "Lakeside"]) expect(report).not.toContain(secret);
    expect(await referralsReport(t.db, ["--center", String(CENTER_B)])).toBe("No referrals.\n");

    let out = "";
    await referralStatusCommand(t.db, config, ["--referral", String(p.referralId), "--status", "approved"], (s) => (out += s), t.clock);
    expect(out).toBe(
      `referral ${p.referralId} (screening ${p.screeningId}, center ${CENTER_A}) is now Center Approved; the patient's email is queued.\n`,
    );
    expect(await referralsReport(t.db, ["--center", String(CENTER_A)])).toContain("Center Approved");
    const audits = await t.db.query<{ detail: { by: string }; actor_kind: string; operator: string | null }>(
      "select detail, actor_kind, operator from audit_log where action = 'referral.status'",
    );
    expect(audits.map((a) => a.detail.by)).toEqual(["command"]);
    // A staff command's row names the operating-system user and host that ran it (docs/decisions/126).
    expect(audits.map((a) => [a.actor_kind, a.operator])).toEqual([["operator", expect.stringMatching(/^[^@\s]+@[^@\s]+$/)]]);
    await expect(referralStatusCommand(t.db, config, ["--referral", String(p.referralId), "--status", "approved"], () => {})).rejects.toThrow(
      "not changed: The referral already has this status",
    );
    for (const args of [
      [],
      ["--referral", "0", "--status", "approved"],
      ["--referral", "1", "--status", "cancelled"],
      ["--referral", "1"],
      ["--record", "1"],
    ]) {
      await expect(
        referralStatusCommand(t.db, config, args, () => {}),
        JSON.stringify(args),
      ).rejects.toThrow();
    }

    await insertIfRegistration(t.db, p.medicalRecordId, ImmunoFreeStatus.ESign, START);
    out = "";
    await programStageCommand(t.db, config, ["--record", String(p.medicalRecordId), "--stage", "preworkup-labs"], (s) => (out += s), t.clock);
    expect(out).toBe(`medical record ${p.medicalRecordId} is now at the program stage Pre-workup Labs; the patient's email is queued.\n`);
    await expect(programStageCommand(t.db, config, ["--record", String(p.medicalRecordId), "--stage", "preworkup-labs"], () => {})).rejects.toThrow(
      "not changed: The program stage can only move to the next stage",
    );
    for (const args of [
      [],
      ["--record", "x", "--stage", "completed"],
      ["--record", "1", "--stage", "esign"],
      ["--record", "1", "--stage", "completed", "--all"],
    ]) {
      await expect(
        programStageCommand(t.db, config, args, () => {}),
        JSON.stringify(args),
      ).rejects.toThrow();
    }
  });

  it("emails after the screening (each outcome), the medical history and the e-signature; none when opted out", async () => {
    // Cleared to select a center.
    const a = await patientWithScreening(t, 1);
    // A member center named on the questionnaire: referred after the lab tests.
    const b = await patientWithScreening(t, 2, clearedBody({ transplantCenterSituation: 1, preferredCenterId: CENTER_A, isWillingToTransfer: 0 }));
    // Staying with a non-member center.
    const c = await patientWithScreening(t, 3, clearedBody({ transplantCenterSituation: 1, preferredCenterId: NON_MEMBER, isWillingToTransfer: 0 }));
    // An immune-tolerance candidate.
    const d = await patientWithScreening(t, 4, clearedBody({ kidneyStatus: 2, isImmunoFreeCandidate: true, isCleared: false }));
    const subjectOf = async (email: string) =>
      await t.db.query<Mail>("select subject, text_body from outbox where to_address = $1 and subject like 'Su cuestionario%'", [email]);
    const [ma] = await subjectOf(a.email);
    expect(ma!.text_body).toContain("Su siguiente paso es seleccionar un centro de trasplante desde su panel.");
    expect((await subjectOf(b.email))[0]!.text_body).toContain(
      "Será derivado a Lakeside Kidney Institute cuando termine sus análisis de laboratorio.",
    );
    expect((await subjectOf(c.email))[0]!.text_body).toContain("Community Hospital no es un centro miembro del registro");
    expect((await subjectOf(d.email))[0]!.text_body).toContain("programa de inmunotolerancia ImmunoFree");
    const [row] = await t.db.query<{ status: number }>("select status from screenings where id = $1", [d.screeningId]);
    expect(row!.status).toBe(RegistrationStatus.IfPassCandidate);

    // The candidate's medical history, then the e-signature: one email each.
    const history = HISTORY;
    expect((await t.call("POST", `/api/pass/${d.medicalRecordId}/medical-history`, { token: d.token, body: history })).status).toBe(200);
    // A second submission (the stage already moved on) sends nothing more.
    expect((await t.call("POST", `/api/pass/${d.medicalRecordId}/medical-history`, { token: d.token, body: history })).status).toBe(200);
    const shown = await t.call("GET", "/api/e-sign/create-pdf", { token: d.token });
    const signed = await t.call("POST", "/api/e-sign", {
      token: d.token,
      body: { entityTypeId: d.medicalRecordId, typedName: "Ana Lopez", documentHash: shown.body.results.documentHash },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const journey = await t.db.query<Mail>(
      "select subject from outbox where to_address = $1 and subject in ('Su historial médico fue recibido', 'Usted firmó el consentimiento de ImmunoFree') order by id",
      [d.email],
    );
    expect(journey.map((m) => m.subject)).toEqual(["Su historial médico fue recibido", "Usted firmó el consentimiento de ImmunoFree"]);

    // Selecting a center: the selection's email (the lab order waits for staff here, so its email comes later).
    expect((await selectCenter(t, a, CENTER_B)).status).toBe(200);
    const [selection] = await t.db.query<Mail>("select subject, text_body from outbox where to_address = $1 order by id desc limit 1", [a.email]);
    expect(selection!.subject).toBe("Su selección de centro de trasplante");
    expect(selection!.text_body).toContain("Gracias por seleccionar Prairie Transplant Center. Su derivación al centro está pendiente.");
    expect(selection!.text_body).toContain("Le enviaremos un correo electrónico cuando su orden de laboratorio esté lista.");

    // Opted out: a new screening save sends nothing.
    const e = await t.register(5);
    expect((await t.call("POST", `/api/pass/${e.medicalRecordId}/opt-in-out/1`, { token: e.token })).status).toBe(200);
    expect((await t.call("POST", `/api/pass/${e.medicalRecordId}/screening`, { token: e.token, body: clearedBody() })).status).toBe(200);
    expect(await t.db.query("select 1 from outbox where to_address = $1", [e.email])).toEqual([]);
  });
});

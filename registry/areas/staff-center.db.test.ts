import { describe, expect, it } from "vitest";
import { createAdmin } from "../commands/create-admin";
import { ReferralStatus } from "../contract/enums";
import { envelope } from "../contract/envelope";
import { StaffReason } from "../contract/staff";
import { StaffAccountReason, type StaffGrant } from "../contract/staff-accounts";
import { centerReferralDetail, centerReferralItem, centerStatusResult } from "../contract/staff-center";
import { upsertCenters } from "../data/centers";
import { insertConsentSignature } from "../data/consent-signatures";
import { testDatabases } from "../db/test-databases";
import { totpCode } from "../domain/staff-auth";
import { START, TEST_SETTINGS, useRegistry, type TestRegistry } from "../testing/harness";
import { approveOne, CENTER_A, CENTER_B, CENTERS, download, patientWithScreening, selectCenter, signIn } from "./labs-fixtures";

/** The transplant center's staff area (docs/decisions/133). */

const PASSWORD = "correct-horse-kidney-staple";
const MINUTE = 60 * 1000;
const LAB_KEY = { "x-lab-staff-key": TEST_SETTINGS.labStaffKey };
type Staff = { id: number; token: string };

/** Accepts the setup link emailed to `email` and sets up the authenticator: the signed-in person. */
async function setUpFromMail(t: TestRegistry, email: string): Promise<Staff> {
  const [mail] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1 order by id desc limit 1", [email]);
  const link = /https?:\/\/\S+\/staff\/welcome\?token=\S+/.exec(mail?.text_body ?? "")![0];
  return setUp(t, link, email);
}

async function setUp(t: TestRegistry, link: string, email: string): Promise<Staff> {
  const token = new URL(link).searchParams.get("token")!;
  const accepted = await t.call("POST", "/api/staff/links/accept", { body: { token, password: PASSWORD } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const pending = accepted.body.results.pendingToken as string;
  const secret = (await t.call("GET", "/api/staff/setup", { token: pending })).body.results.secret as string;
  const done = await t.call("POST", "/api/staff/setup", { token: pending, body: { code: totpCode(secret, t.clock) } });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const [row] = await t.db.query<{ id: number }>("select id from staff_people where email = $1", [email]);
  return { id: row!.id, token: done.body.results.token };
}

/** The first administrator, and people invited by them with these grants, each signed in. */
async function staffOf(t: TestRegistry, ...grants: StaffGrant[][]): Promise<Staff[]> {
  await upsertCenters(t.db, CENTERS, START);
  const { link } = await createAdmin(t.db, t.settings, { email: "admin@registry.example", name: "Rosa Admin" }, t.clock);
  const admin = await setUp(t, link, "admin@registry.example");
  const people: Staff[] = [];
  for (const [i, g] of grants.entries()) {
    const email = `staff${i}@center.example`;
    const a = await t.call("POST", "/api/staff/people", { token: admin.token, body: { name: `Staff ${i}`, email, lang: "en", grants: g } });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    people.push(await setUpFromMail(t, email));
  }
  return people;
}

/** Patient n referred to CENTER_A, with the referral's id. */
async function referred(t: TestRegistry, n = 1, centerId = CENTER_A) {
  const p = await patientWithScreening(t, n);
  expect((await selectCenter(t, p, centerId)).status).toBe(200);
  const [row] = await t.db.query<{ id: number }>("select id from center_referrals where screening_id = $1 order by id desc limit 1", [p.screeningId]);
  return { ...p, referralId: row!.id };
}

type Mail = { channel: string; to_address: string; subject: string; text_body: string };
const mails = (t: TestRegistry, after: Date) =>
  t.db.query<Mail>("select channel, to_address, subject, text_body from outbox where created_at >= $1 order by id", [after]);

type AuditRow = {
  action: string;
  actor_kind: string;
  actor_id: number | null;
  actor_role: string | null;
  actor_organisation: string | null;
  medical_record_id: number | null;
  detail: Record<string, unknown>;
};
const audits = (t: TestRegistry, action: string) =>
  t.db.query<AuditRow>(
    "select action, actor_kind, actor_id, actor_role, actor_organisation, medical_record_id, detail from audit_log where action = $1 order by id",
    [action],
  );

describe.each(testDatabases())("the center's staff area on $name", (target) => {
  const t = useRegistry(target);
  const get = (path: string, s: Staff) => t.call("GET", path, { token: s.token });
  const step = (referralId: number, body: unknown, s: Staff) =>
    t.call("POST", `/api/staff/center/referrals/${referralId}/status`, { token: s.token, body });

  it("lists the referrals to the person's center, newest first, filtered by status; names and statuses, no health data", async () => {
    const [a, b] = await staffOf(t, [{ role: "center", centerId: CENTER_A }], [{ role: "center", centerId: CENTER_B }]);
    const first = await referred(t, 1);
    t.advance(MINUTE); // within the staff session's idle limit
    const second = await referred(t, 2);
    const other = await referred(t, 3, CENTER_B);
    const list = envelope(centerReferralItem.array()).parse((await get("/api/staff/center/referrals", a!)).body).results!;
    expect(list.map((r) => r.referralId)).toEqual([second.referralId, first.referralId]);
    expect(Object.keys(list[0]!).sort()).toEqual(["centerId", "centerName", "dateReferred", "patientName", "referralId", "status", "statusId"]);
    expect(list[0]).toMatchObject({ centerId: CENTER_A, centerName: "Lakeside Kidney Institute", statusId: 1, status: "Pending Center" });
    expect(list[0]!.patientName).toMatch(/\S+ \S+/);
    expect((await get("/api/staff/center/referrals", b!)).body.results.map((r: { referralId: number }) => r.referralId)).toEqual([other.referralId]);

    expect((await step(first.referralId, { action: "approve" }, a!)).status).toBe(200);
    const approved = (await get("/api/staff/center/referrals?status=2", a!)).body.results;
    expect(approved.map((r: { referralId: number }) => r.referralId)).toEqual([first.referralId]);
    expect((await get("/api/staff/center/referrals?status=9", a!)).status).toBe(400);
    expect((await get(`/api/staff/center/referrals?centerId=${CENTER_A}`, a!)).body.results).toHaveLength(2);
    const list_ = await audits(t, "center.referrals.list");
    expect(list_[0]).toMatchObject({ actor_kind: "staff", actor_id: a!.id, actor_role: "center", actor_organisation: `center:${CENTER_A}` });

    // Another center's list: 404, audited naming the person.
    const refused = await get(`/api/staff/center/referrals?centerId=${CENTER_B}`, a!);
    expect(refused.status).toBe(404);
    expect(await audits(t, "staff.refused")).toEqual([
      expect.objectContaining({ actor_id: a!.id, actor_role: "center", detail: expect.objectContaining({ centerId: CENTER_B }) }),
    ]);
  });

  it("a referral shows what the center needs, audited as a read; another center's person gets 404, audited", async () => {
    const [a, b] = await staffOf(t, [{ role: "center", centerId: CENTER_A }], [{ role: "center", centerId: CENTER_B }]);
    const p = await referred(t);
    const answer = await get(`/api/staff/center/referrals/${p.referralId}`, a!);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const d = envelope(centerReferralDetail).parse(answer.body).results!;
    expect(d).toMatchObject({ referralId: p.referralId, centerId: CENTER_A, statusId: 1, centerReason: "", consent: null });
    expect(d.patient.email).toBe(p.email);
    expect(d.patient.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.lab.status).toBe("ordered");
    expect(d.lab.requisition).toBeNull();
    const { requisition } = await approveOne(t);
    const approvedLab = envelope(centerReferralDetail).parse((await get(`/api/staff/center/referrals/${p.referralId}`, a!)).body).results!.lab;
    expect([approvedLab.status, approvedLab.requisition]).toEqual(["approved", requisition]);
    expect((await t.call("GET", `/api/pass/process-lab-results/${requisition}`, { headers: LAB_KEY })).status).toBe(200);
    expect(envelope(centerReferralDetail).parse((await get(`/api/staff/center/referrals/${p.referralId}`, a!)).body).results!.lab.status).toBe(
      "resultsReceived",
    );
    expect(await audits(t, "center.referral.read")).toEqual(
      Array(3).fill(
        expect.objectContaining({
          actor_kind: "staff",
          actor_id: a!.id,
          actor_role: "center",
          medical_record_id: p.medicalRecordId,
          detail: { referralId: p.referralId },
        }),
      ),
    );

    for (const path of [`/api/staff/center/referrals/${p.referralId}`, `/api/staff/center/referrals/${p.referralId}/consent.pdf`]) {
      const refused = await get(path, b!);
      expect([refused.status, refused.body.results ?? null]).toEqual([404, null]);
    }
    const unknown = await get("/api/staff/center/referrals/999999", b!);
    expect(unknown.status).toBe(404);
    const refusals = await audits(t, "staff.refused");
    expect(refusals.map((r) => [r.actor_id, r.actor_role, r.detail.known])).toEqual([
      [b!.id, "center", true],
      [b!.id, "center", true],
      [b!.id, "center", false],
    ]);
    expect(await audits(t, "center.referral.read")).toHaveLength(3);
  });

  it("the signed consent's PDF, once signed, for the referral's center only (audited)", async () => {
    const [a, b] = await staffOf(t, [{ role: "center", centerId: CENTER_A }], [{ role: "center", centerId: CENTER_B }]);
    const p = await referred(t);
    expect((await download(t, `/api/staff/center/referrals/${p.referralId}/consent.pdf`, a!.token)).status).toBe(404);
    const pdf = new TextEncoder().encode("%PDF-1.4 test consent");
    await insertConsentSignature(t.db, {
      medicalRecordId: p.medicalRecordId,
      documentVersion: "1",
      language: "en",
      documentHtml: "<p>consent</p>",
      documentHash: "0".repeat(64),
      typedName: "Ana Lopez",
      signedAt: t.clock,
      clientAddress: "127.0.0.1",
      userAgent: "test",
      pdf,
    });
    const d = envelope(centerReferralDetail).parse((await get(`/api/staff/center/referrals/${p.referralId}`, a!)).body).results!;
    expect(d.consent).toEqual({ signedAt: t.clock.toISOString() });
    const file = await download(t, `/api/staff/center/referrals/${p.referralId}/consent.pdf`, a!.token);
    expect([file.status, file.headers.get("content-type"), new TextDecoder().decode(file.bytes)]).toEqual([
      200,
      "application/pdf",
      "%PDF-1.4 test consent",
    ]);
    expect(await audits(t, "center.consent.read")).toEqual([expect.objectContaining({ actor_id: a!.id, medical_record_id: p.medicalRecordId })]);
    expect((await download(t, `/api/staff/center/referrals/${p.referralId}/consent.pdf`, b!.token)).status).toBe(404);
    expect((await audits(t, "staff.refused")).map((r) => r.actor_id)).toEqual([b!.id]);
  });

  it("approve and complete as the commands do (the same emails), audited naming the person; another center's person: 404, unchanged", async () => {
    const [a, b] = await staffOf(t, [{ role: "center", centerId: CENTER_A }], [{ role: "center", centerId: CENTER_B }]);
    const p = await referred(t);
    const refused = await step(p.referralId, { action: "approve" }, b!);
    expect(refused.status).toBe(404);
    expect((await audits(t, "staff.refused")).map((r) => [r.actor_id, r.detail.path])).toEqual([
      [b!.id, `/api/staff/center/referrals/${p.referralId}/status`],
    ]);
    t.advance(MINUTE); // within the staff session's idle limit
    const at = t.clock;
    const approved = await step(p.referralId, { action: "approve" }, a!);
    expect(envelope(centerStatusResult).parse(approved.body).results).toEqual({ referralId: p.referralId, statusId: 2, status: "Center Approved" });
    expect((await mails(t, at)).map((m) => [m.to_address, m.subject])).toEqual([[p.email, "Su centro de trasplante aprobó su derivación"]]);
    const again = await step(p.referralId, { action: "approve" }, a!);
    expect([again.status, again.body.errors]).toEqual([409, { form: StaffReason.referralAlreadyAt }]);
    const early = await step(p.referralId, { action: "complete" }, a!);
    expect([early.status, early.body.errors]).toEqual([409, { form: StaffReason.notSentToCenter }]);
    const rows = await audits(t, "referral.status");
    expect(rows).toEqual([
      expect.objectContaining({
        actor_kind: "staff",
        actor_id: a!.id,
        actor_role: "center",
        actor_organisation: `center:${CENTER_A}`,
        medical_record_id: p.medicalRecordId,
        detail: expect.objectContaining({ referralId: p.referralId, from: 1, to: 2, by: "person" }),
      }),
    ]);
  });

  it("decline with a reason: stored, the patient told truly (email and dashboard status), the reason kept for the center only", async () => {
    const [a] = await staffOf(t, [{ role: "center", centerId: CENTER_A }]);
    const p = await referred(t);
    for (const body of [
      { action: "decline" },
      { action: "decline", reason: "   " },
      { action: "decline", reason: "x".repeat(501) },
      { action: "other" },
    ]) {
      const bad = await step(p.referralId, body, a!);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    t.advance(MINUTE); // within the staff session's idle limit
    const at = t.clock;
    const reason = "Outside our service area for living-donor evaluation";
    const declined = await step(p.referralId, { action: "decline", reason: `  ${reason} ` }, a!);
    expect(declined.body.results).toEqual({ referralId: p.referralId, statusId: ReferralStatus.DeclinedByCenter, status: "Declined by Center" });
    expect(await t.db.query("select status_id, center_reason from center_referrals where id = $1", [p.referralId])).toEqual([
      { status_id: 5, center_reason: reason },
    ]);
    const sent = await mails(t, at);
    expect(sent.map((m) => m.subject)).toEqual(["El centro de trasplante rechazó su derivación"]);
    expect(sent[0]!.text_body).toContain("Lakeside Kidney Institute rechazó su derivación.");
    expect(sent[0]!.text_body).not.toContain(reason);
    await signIn(t, p);
    const record = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token });
    expect(record.body.results.screeningList[0].centerReferrals).toEqual([expect.objectContaining({ statusId: 5, status: "Declined by Center" })]);
    expect(JSON.stringify(record.body)).not.toContain(reason);
    const d = envelope(centerReferralDetail).parse((await get(`/api/staff/center/referrals/${p.referralId}`, a!)).body).results!;
    expect(d.centerReason).toBe(reason);
    // Closed: nothing more changes.
    for (const body of [{ action: "approve" }, { action: "cancel", reason: "again" }]) {
      const closed = await step(p.referralId, body, a!);
      expect([closed.status, closed.body.errors]).toEqual([409, { form: StaffReason.referralClosed }]);
    }
    const [row] = await audits(t, "referral.status");
    expect(row).toMatchObject({ actor_id: a!.id, detail: { from: 1, to: 5, by: "person" } });
    expect(JSON.stringify(row!.detail)).not.toContain(reason);
  });

  it("cancel an approved referral with a reason: Cancelled by Center, emailed in the patient's language", async () => {
    const [a] = await staffOf(t, [{ role: "center", centerId: CENTER_A }]);
    const p = await referred(t);
    expect((await step(p.referralId, { action: "approve" }, a!)).status).toBe(200);
    t.advance(MINUTE); // within the staff session's idle limit
    const at = t.clock;
    const cancelled = await step(p.referralId, { action: "cancel", reason: "The patient asked us to stop the evaluation" }, a!);
    expect(cancelled.body.results.statusId).toBe(ReferralStatus.CancelledByCenter);
    expect((await mails(t, at)).map((m) => m.subject)).toEqual(["El centro de trasplante canceló su derivación"]);
  });

  it("a person without a center role is refused 403 (audited); a patient's token or none, 401", async () => {
    const [lab] = await staffOf(t, [{ role: "lab", labId: 1 }]);
    const p = await referred(t);
    for (const [method, path] of [
      ["GET", "/api/staff/center/referrals"],
      ["GET", `/api/staff/center/referrals/${p.referralId}`],
      ["POST", `/api/staff/center/referrals/${p.referralId}/status`],
    ] as const) {
      const a = await t.call(method, path, { token: lab!.token, body: method === "POST" ? { action: "approve" } : undefined });
      expect([a.status, a.body.errors], path).toEqual([403, { form: StaffAccountReason.notAllowed }]);
      expect((await t.call(method, path, { token: p.token })).status).toBe(401);
    }
    expect((await audits(t, "staff.refused")).map((r) => r.actor_id)).toEqual([lab!.id, lab!.id, lab!.id]);
  });
});

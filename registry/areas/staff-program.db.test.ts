import { describe, expect, it } from "vitest";
import { createAdmin } from "../commands/create-admin";
import { ImmunoFreeStatus } from "../contract/enums";
import { envelope } from "../contract/envelope";
import { StaffReason } from "../contract/staff";
import { StaffAccountReason, type StaffGrant } from "../contract/staff-accounts";
import { auditPage, programMoveResult, programParticipant, programParticipantDetail, StaffProgramReason } from "../contract/staff-program";
import { ValidationKey } from "../contract/validation-keys";
import { audit } from "../data/audit";
import { insertIfRegistration } from "../data/if-registrations";
import { testDatabases } from "../db/test-databases";
import { totpCode } from "../domain/staff-auth";
import { START, useRegistry, type TestRegistry } from "../testing/harness";
import { HISTORY } from "../testing/medical-histories";
import { AUDIT_CSV_HEADER } from "./staff-program";

const PASSWORD = "correct-horse-kidney-staple";
const DAY = 24 * 60 * 60 * 1000;
/** Less than the 15 minutes a staff session stays open without a call. */
const LATER = 5 * 60 * 1000;
const UA = "Mozilla/5.0 (X11; Linux x86_64) Chromium/130";

type Staff = { id: number; email: string; token: string };

/** Accepts a setup link and sets up the authenticator: the signed-in person (as staff-accounts.db.test.ts does). */
async function setUp(t: TestRegistry, link: string, email: string): Promise<Staff> {
  const token = new URL(link).searchParams.get("token")!;
  const accepted = await t.call("POST", "/api/staff/links/accept", { body: { token, password: PASSWORD } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const pending = accepted.body.results.pendingToken as string;
  const info = await t.call("GET", "/api/staff/setup", { token: pending });
  const done = await t.call("POST", "/api/staff/setup", { token: pending, body: { code: totpCode(info.body.results.secret, t.clock) } });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const [row] = await t.db.query<{ id: number }>("select id from staff_people where email = $1", [email]);
  return { id: row!.id, email, token: done.body.results.token };
}

/** The first administrator, then people of these grants invited by them (their emailed links). */
async function staffOf(t: TestRegistry, grants: Record<string, StaffGrant[]>): Promise<Record<string, Staff> & { admin: Staff }> {
  const { link } = await createAdmin(t.db, t.settings, { email: "admin@registry.example", name: "Rosa Admin" }, t.clock);
  const admin = await setUp(t, link, "admin@registry.example");
  const people: Record<string, Staff> = { admin };
  for (const [name, g] of Object.entries(grants)) {
    const email = `${name}@staff.example`;
    const invited = await t.call("POST", "/api/staff/people", { token: admin.token, body: { name: `Pat ${name}`, email, lang: "en", grants: g } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const [mail] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1 order by id desc limit 1", [email]);
    people[name] = await setUp(t, /https?:\/\/\S+\/staff\/welcome\?token=\S+/.exec(mail!.text_body)![0], email);
  }
  return people as Record<string, Staff> & { admin: Staff };
}

const refusals = (t: TestRegistry, staffId: number) =>
  t.db.query<{ action: string; actor_id: number; detail: Record<string, unknown> }>(
    "select action, actor_id, detail from audit_log where action = 'staff.refused' and actor_id = $1 order by id",
    [staffId],
  );

describe.each(testDatabases())("the staff console's program and audit areas on $name", (target) => {
  const t = useRegistry(target);

  /** Ana Lopez (English), through the medical history and the e-signature: stage E-Sign. */
  async function signedParticipant(n = 1) {
    const p = await t.register(n, { preferredLanguage: 1 });
    await insertIfRegistration(t.db, p.medicalRecordId, ImmunoFreeStatus.Registration, START);
    expect((await t.call("POST", `/api/pass/${p.medicalRecordId}/medical-history`, { token: p.token, body: HISTORY })).status).toBe(200);
    const shown = (await t.call("GET", "/api/e-sign/create-pdf", { token: p.token })).body.results;
    const signed = await t.call("POST", "/api/e-sign", {
      token: p.token,
      body: { entityTypeId: p.medicalRecordId, typedName: shown.fullName, documentHash: shown.documentHash },
      headers: { "x-client-address": "203.0.113.7", "x-client-user-agent": UA },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    return p;
  }

  it("the program lists participants, reads one with history and consent, downloads the PDF, moves the stage with notes", async () => {
    const { program } = await staffOf(t, { program: [{ role: "program" }] });
    const p = await signedParticipant();
    const other = await t.register(2, { preferredLanguage: 1 });
    await insertIfRegistration(t.db, other.medicalRecordId, ImmunoFreeStatus.InviteSent, START);

    const list = await t.call("GET", "/api/staff/program/participants", { token: program!.token });
    expect(
      envelope(programParticipant.array())
        .parse(list.body)
        .results!.map((r) => [r.medicalRecordId, r.stage]),
    ).toEqual([
      [other.medicalRecordId, ImmunoFreeStatus.InviteSent],
      [p.medicalRecordId, ImmunoFreeStatus.ESign],
    ]);

    const read = await t.call("GET", `/api/staff/program/participants/${p.medicalRecordId}`, { token: program!.token });
    const detail = envelope(programParticipantDetail).parse(read.body).results!;
    expect(detail).toMatchObject({ medicalRecordId: p.medicalRecordId, stage: ImmunoFreeStatus.ESign, notes: [] });
    expect(detail.medicalHistory).toMatchObject({ heightFt: HISTORY.heightFt, weight: HISTORY.weight });
    expect(detail.consent).toMatchObject({ language: "en", signedAt: START.toISOString() });

    const pdf = await t.handler(
      new Request(`http://registry.test/api/staff/program/participants/${p.medicalRecordId}/consent.pdf`, {
        headers: { authorization: `Bearer ${program!.token}` },
      }),
    );
    expect([pdf.status, pdf.headers.get("content-type"), pdf.headers.get("content-disposition")]).toEqual([
      200,
      "application/pdf",
      'attachment; filename="consent.pdf"',
    ]);
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).subarray(0, 5))).toBe("%PDF-");

    const note = "Labs ordered through the program's team; =HYPERLINK is just text here";
    t.advance(LATER);
    const labsAt = t.clock;
    const moved = await t.call("POST", `/api/staff/program/participants/${p.medicalRecordId}/stage`, {
      token: program!.token,
      body: { stage: ImmunoFreeStatus.Preworkuplab, note },
    });
    const result = envelope(programMoveResult).parse(moved.body).results!;
    expect(result).toMatchObject({ medicalRecordId: p.medicalRecordId, stage: ImmunoFreeStatus.Preworkuplab });
    const mails = await t.db.query<{ to_address: string; subject: string }>("select to_address, subject from outbox where created_at >= $1", [
      labsAt,
    ]);
    expect(mails).toEqual([{ to_address: p.email, subject: "Your ImmunoFree pre-workup lab tests are recorded" }]);

    const skip = await t.call("POST", `/api/staff/program/participants/${p.medicalRecordId}/stage`, {
      token: program!.token,
      body: { stage: ImmunoFreeStatus.Preworkuplab, note: "again" },
    });
    expect([skip.status, skip.body.errors]).toEqual([409, { form: StaffReason.stageNotNext }]);
    const blank = await t.call("POST", `/api/staff/program/participants/${p.medicalRecordId}/stage`, {
      token: program!.token,
      body: { stage: ImmunoFreeStatus.Completed, note: "   " },
    });
    expect([blank.status, blank.body.errors]).toEqual([400, { note: ValidationKey.invalidValue }]);
    t.advance(LATER);
    const done = await t.call("POST", `/api/staff/program/participants/${p.medicalRecordId}/stage`, {
      token: program!.token,
      body: { stage: ImmunoFreeStatus.Completed, note: "All done" },
    });
    expect(done.status).toBe(200);

    const after = envelope(programParticipantDetail).parse(
      (await t.call("GET", `/api/staff/program/participants/${p.medicalRecordId}`, { token: program!.token })).body,
    ).results!;
    expect(after.stage).toBe(ImmunoFreeStatus.Completed);
    expect(after.notes.map((n) => [n.from, n.to, n.note, n.staffName])).toEqual([
      [ImmunoFreeStatus.Preworkuplab, ImmunoFreeStatus.Completed, "All done", "Pat program"],
      [ImmunoFreeStatus.ESign, ImmunoFreeStatus.Preworkuplab, note, "Pat program"],
    ]);

    // The audit names the person, and of the notes only their ids.
    const rows = await t.db.query<{ action: string; actor_id: number; actor_role: string; medical_record_id: number | null; detail: string }>(
      "select action, actor_id, actor_role, medical_record_id, detail::text as detail from audit_log where actor_id = $1 and actor_role = 'program' order by id",
      [program!.id],
    );
    expect(rows.map((r) => [r.action, r.medical_record_id])).toEqual([
      ["program.participants", null],
      ["program.participant.read", p.medicalRecordId],
      ["program.consent.read", p.medicalRecordId],
      ["program.stage", p.medicalRecordId],
      ["program.stage", p.medicalRecordId],
      ["program.participant.read", p.medicalRecordId],
    ]);
    expect(JSON.parse(rows[3]!.detail)).toEqual({
      noteId: result.noteId,
      from: ImmunoFreeStatus.ESign,
      to: ImmunoFreeStatus.Preworkuplab,
      by: "person",
    });
    expect(rows.map((r) => r.detail).join()).not.toContain("Labs ordered");
  });

  it("refuses every program call to a person without the program role (403, audited), and unknown participants (404, audited)", async () => {
    const { program, admin: center } = await staffOf(t, { program: [{ role: "program" }] });
    const p = await signedParticipant();
    const notInProgram = await t.register(2, { preferredLanguage: 1 });
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/staff/program/participants"],
      ["GET", `/api/staff/program/participants/${p.medicalRecordId}`],
      ["GET", `/api/staff/program/participants/${p.medicalRecordId}/consent.pdf`],
      ["POST", `/api/staff/program/participants/${p.medicalRecordId}/stage`, { stage: ImmunoFreeStatus.Preworkuplab, note: "x" }],
    ];
    for (const [method, path, body] of calls) {
      const a = await t.call(method as "GET", path, { token: center!.token, ...(body ? { body } : {}) });
      expect([path, a.status, a.body.errors], path).toEqual([path, 403, { form: StaffAccountReason.notAllowed }]);
      const patient = await t.call(method as "GET", path, { token: p.token, ...(body ? { body } : {}) });
      expect(patient.status, path).toBe(401);
    }
    expect((await refusals(t, center!.id)).map((r) => r.detail.path)).toEqual(calls.map((c) => c[1]));
    expect(await t.db.query("select current_status from if_registrations where medical_record_id = $1", [p.medicalRecordId])).toEqual([
      { current_status: ImmunoFreeStatus.ESign },
    ]);

    for (const id of [notInProgram.medicalRecordId, 999_999]) {
      for (const [method, path, body] of [
        ["GET", `/api/staff/program/participants/${id}`],
        ["GET", `/api/staff/program/participants/${id}/consent.pdf`],
        ["POST", `/api/staff/program/participants/${id}/stage`, { stage: ImmunoFreeStatus.Preworkuplab, note: "x" }],
      ] as const) {
        const a = await t.call(method, path, { token: program!.token, ...(body ? { body } : {}) });
        expect([a.status, a.body.errors], path).toEqual([404, { form: StaffProgramReason.unknown }]);
      }
    }
    expect((await refusals(t, program!.id)).map((r) => r.detail.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await t.call("GET", "/api/staff/program/participants/abc", { token: program!.token })).status).toBe(400);
  });

  it("the audit: administrators only (refusals audited), by record, by person, by days, newest first, 50 a page; reading it is audited", async () => {
    const { admin, program } = await staffOf(t, { program: [{ role: "program" }] });
    const p = await signedParticipant();
    t.advance(LATER);
    await t.call("GET", `/api/staff/program/participants/${p.medicalRecordId}`, { token: program!.token });
    for (const path of ["/api/staff/audit", "/api/staff/audit.csv"]) {
      const a = await t.call("GET", path, { token: program!.token });
      expect([a.status, a.body.errors], path).toEqual([403, { form: StaffAccountReason.notAllowed }]);
    }
    expect((await refusals(t, program!.id)).map((r) => r.detail.path)).toEqual(["/api/staff/audit", "/api/staff/audit.csv"]);

    const search = async (query: string) => {
      const a = await t.call("GET", `/api/staff/audit${query}`, { token: admin.token });
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      return envelope(auditPage).parse(a.body).results!;
    };
    const byRecord = await search(`?medicalRecordId=${p.medicalRecordId}`);
    expect(byRecord.rows.every((r) => r.medicalRecordId === p.medicalRecordId)).toBe(true);
    expect(byRecord.rows[0]).toMatchObject({
      action: "program.participant.read",
      actorKind: "staff",
      actorId: program!.id,
      staffName: "Pat program",
      staffEmail: "program@staff.example",
      role: "program",
      organisation: "program",
    });
    expect(byRecord.rows.some((r) => r.actorKind === "patient")).toBe(true);
    expect(Object.keys(byRecord.rows[0]!)).not.toContain("detail");
    const byPerson = await search(`?staffId=${program!.id}`);
    expect(new Set(byPerson.rows.map((r) => r.actorId))).toEqual(new Set([program!.id]));
    // Days are UTC, both ends included.
    const yesterday = new Date(START.getTime() - DAY);
    await audit(t.db, { actor: { kind: "system" }, action: "test.yesterday", medicalRecordId: p.medicalRecordId, at: yesterday });
    const day = (d: Date) => d.toISOString().slice(0, 10);
    expect((await search(`?to=${day(yesterday)}`)).rows.map((r) => r.action)).toEqual(["test.yesterday"]);
    expect((await search(`?from=${day(yesterday)}&to=${day(yesterday)}`)).total).toBe(1);
    const today = await search(`?from=${day(START)}&medicalRecordId=${p.medicalRecordId}`);
    expect([today.total, today.rows.map((r) => r.action)]).toEqual([byRecord.total, byRecord.rows.map((r) => r.action)]);

    // Newest first, 50 a page.
    for (let i = 0; i < 60; i++)
      await audit(t.db, { actor: { kind: "system" }, action: `test.${i}`, medicalRecordId: 777, at: new Date(t.clock.getTime() + i) });
    const first = await search("?medicalRecordId=777");
    expect([first.total, first.rows.length, first.rows[0]!.action]).toEqual([60, 50, "test.59"]);
    const second = await search("?medicalRecordId=777&page=2");
    expect(second.rows.map((r) => r.action)).toEqual([
      "test.9",
      "test.8",
      "test.7",
      "test.6",
      "test.5",
      "test.4",
      "test.3",
      "test.2",
      "test.1",
      "test.0",
    ]);

    for (const bad of ["?medicalRecordId=x", "?from=2025-02-30", "?to=yesterday", "?page=0", "?from=2025-03-10&to=2025-03-09"]) {
      expect((await t.call("GET", `/api/staff/audit${bad}`, { token: admin.token })).status, bad).toBe(400);
    }

    const reads = await t.db.query<{ action: string; actor_id: number; detail: Record<string, unknown> }>(
      "select action, actor_id, detail from audit_log where action = 'audit.read' order by id",
    );
    expect(reads[0]).toEqual({ action: "audit.read", actor_id: admin.id, detail: { medicalRecordId: p.medicalRecordId, page: 1 } });
    expect(reads.length).toBe(7);
  });

  it("the audit CSV: a header row, the same filters, every row, formula cells prefixed, as an attachment; audited", async () => {
    const { admin, program } = await staffOf(t, { program: [{ role: "program" }] });
    const p = await signedParticipant();
    await t.call("GET", `/api/staff/program/participants/${p.medicalRecordId}`, {
      token: program!.token,
      headers: { "x-client-user-agent": '=HYPERLINK("http://evil.example","x")', "x-client-address": "198.51.100.4" },
    });
    await audit(t.db, { actor: { kind: "system" }, action: "+sum", medicalRecordId: p.medicalRecordId, at: t.clock });
    for (let i = 0; i < 55; i++) await audit(t.db, { actor: { kind: "system" }, action: "filler", medicalRecordId: p.medicalRecordId, at: t.clock });

    const answer = await t.handler(
      new Request(`http://registry.test/api/staff/audit.csv?medicalRecordId=${p.medicalRecordId}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      }),
    );
    expect([answer.status, answer.headers.get("content-type"), answer.headers.get("content-disposition")]).toEqual([
      200,
      "text/csv; charset=utf-8",
      'attachment; filename="audit.csv"',
    ]);
    const lines = (await answer.text()).split("\r\n");
    expect(lines[0]).toBe(AUDIT_CSV_HEADER.map((h) => `"${h}"`).join(","));
    expect(lines.at(-1)).toBe("");
    const count = await t.db.query<{ n: number }>("select count(*)::int as n from audit_log where medical_record_id = $1", [p.medicalRecordId]);
    expect(lines.length - 2).toBe(count[0]!.n);
    expect(lines).toContain(`"${t.clock.toISOString()}","system","","","","","","","'+sum","${p.medicalRecordId}","","",""`);
    const read = lines.find((l) => l.includes("program.participant.read"))!;
    expect(read).toContain(`"Pat program","program@staff.example"`);
    expect(read).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(read).toContain(`"198.51.100.4"`);

    const [exported] = await t.db.query<{ actor_id: number; detail: Record<string, unknown> }>(
      "select actor_id, detail from audit_log where action = 'audit.export'",
    );
    expect(exported).toEqual({ actor_id: admin.id, detail: { medicalRecordId: p.medicalRecordId, rows: count[0]!.n } });
  });
});

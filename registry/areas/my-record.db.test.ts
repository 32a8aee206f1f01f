import { describe, expect, it } from "vitest";
import { RegistryMessage } from "../contract/envelope";
import { AccountClosedReason, myRecordFile } from "../contract/my-record";
import { ValidationKey } from "../contract/validation-keys";
import { emailDigest } from "../data/account-closure";
import { insertConsentSignature } from "../data/consent-signatures";
import { insertMedicalHistory } from "../data/medical-histories";
import { testDatabases } from "../db/test-databases";
import { START, TEST_SETTINGS, useRegistry } from "../testing/harness";
import { HISTORY } from "../testing/medical-histories";
import { itWithPoppler, pdfText } from "../testing/pdf-text";
import { approveOne, CENTER_A, download, patientWithScreening, selectCenter } from "./labs-fixtures";

/** The patient's own record (ACC-043, ACC-044) and closing the account (ACC-045, ACC-046), through the HTTP handler. */

const KEY = { "x-lab-staff-key": TEST_SETTINGS.labStaffKey };

describe.each(testDatabases())("my record on $name", (target) => {
  const t = useRegistry(target);

  /** Patient n (Spanish unless told) with a screening, a center referral, a lab order with values, a medical history and a signed consent. */
  async function fullRecord(n = 1, english = false) {
    const p = await patientWithScreening(t, n);
    if (english) await t.db.query("update medical_records set preferred_language = 1 where id = $1", [p.medicalRecordId]);
    await selectCenter(t, p, CENTER_A);
    const { requisition } = await approveOne(t);
    const values = [{ name: "Creatinine", value: "1.9", unit: "mg/dL", referenceRange: "0.6-1.2", flag: "H" }];
    expect((await t.call("POST", `/api/pass/lab-result-values/${requisition}`, { headers: KEY, body: { values } })).status).toBe(200);
    await insertMedicalHistory(
      t.db,
      p.medicalRecordId,
      { ...HISTORY, hasAllergies: true, receivedKidneyTransplant: true, lastKidneyTxpDate: "2015-06-01", addlMedicines: "Tacrolimus 2 mg" },
      START,
    );
    await insertConsentSignature(t.db, {
      medicalRecordId: p.medicalRecordId,
      documentVersion: "immunofree-consent-2026-1",
      language: english ? "en" : "es",
      documentHtml: "<article>consent</article>",
      documentHash: "a".repeat(64),
      typedName: "Ana Lopez",
      signedAt: START,
      clientAddress: "203.0.113.7",
      userAgent: "Chromium",
      pdf: new Uint8Array([1]),
    });
    return { ...p, requisition };
  }
  const json = async (id: number, token: string, query = "") => {
    const a = await download(t, `/api/pass/${id}/my-record/json${query}`, token);
    return { ...a, file: a.status === 200 ? myRecordFile.parse(JSON.parse(new TextDecoder().decode(a.bytes))) : null };
  };

  it("JSON: every kind of data of the patient's own record, in the patient's language, as an attachment not to be cached", async () => {
    const p = await fullRecord(1);
    t.advance(60_000);
    const a = await json(p.medicalRecordId, p.token);
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(a.headers.get("content-disposition")).toBe('attachment; filename="my-record.json"');
    expect(a.headers.get("cache-control")).toBe("no-store");
    const f = a.file!;
    expect(f.language).toBe("es");
    expect(f.medicalRecord).toMatchObject({ id: p.medicalRecordId, firstName: "Ana", lastName: "Lopez", email: "patient1@example.org" });
    expect(f.registrationAnswers).toContainEqual({ field: "address", question: "Dirección", answer: "12 Main Street, Apt 3, Springfield IL 62701" });
    expect(f.account).toMatchObject({ authenticationPreference: 1 });
    const [s] = f.screenings;
    expect(s!.answers).toContainEqual({ field: "kidneyStatus", question: "Estado de sus riñones", answer: "En diálisis ahora" });
    expect(s!.statusText).toBe("Completar los análisis de laboratorio");
    expect(s!.centerReferrals[0]).toMatchObject({ centerId: CENTER_A, centerName: "Lakeside Kidney Institute", status: "Pending Center" });
    expect(s!.labOrders[0]).toMatchObject({ requisition: p.requisition, values: [{ name: "Creatinine", value: "1.9", flag: "high" }] });
    expect(f.medicalHistories[0]!.answers).toContainEqual({ field: "addlMedicines", question: "Medicamentos", answer: "Tacrolimus 2 mg" });
    expect(f.medicalHistories[0]!.hasAllergies).toBe(true);
    expect(f.consent).toMatchObject({ typedName: "Ana Lopez", documentHash: "a".repeat(64), signedDateTime: START.toISOString() });
    // Who read the record, this download first (it is audited before the file is made).
    expect(f.accessLog[0]).toMatchObject({ action: "record.download", actor: "patient", description: "Descargó el expediente" });
    expect(f.accessLog.map((e) => e.action)).toEqual([
      "record.download",
      "labs.order.approve",
      "screening.center.select",
      "labs.order.place",
      "screening.create",
      "account.register",
    ]);
    const [row] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'record.download' and medical_record_id = $1 and detail->>'format' = 'json'",
      [p.medicalRecordId],
    );
    expect(row!.n).toBe(1);
  });

  itWithPoppler("PDF: the same record as text a person reads, in English on ?lang=en", async () => {
    const p = await fullRecord(1);
    const a = await download(t, `/api/pass/${p.medicalRecordId}/my-record/pdf?lang=en`, p.token);
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("application/pdf");
    expect(a.headers.get("content-disposition")).toBe('attachment; filename="my-record.pdf"');
    expect(a.headers.get("cache-control")).toBe("no-store");
    const flat = pdfText(a.bytes).replace(/\s+/g, " ");
    for (const expected of [
      "My kidney transplant registry record",
      "Registration",
      "patient1@example.org",
      "On dialysis now",
      "Lakeside Kidney Institute",
      p.requisition,
      "Creatinine",
      "Tacrolimus 2 mg",
      "Ana Lopez",
      "Downloaded the record",
    ]) {
      expect(flat).toContain(expected);
    }
    const spanish = pdfText((await download(t, `/api/pass/${p.medicalRecordId}/my-record/pdf`, p.token)).bytes).replace(/\s+/g, " ");
    expect(spanish).toContain("Mi expediente del registro de trasplante de riñón");
    expect(spanish).toContain("En diálisis ahora");
  });

  it("own record only: another patient's token is refused (403) and no token answers 401", async () => {
    const ana = await fullRecord(1);
    const other = await t.register(2);
    for (const format of ["json", "pdf"]) {
      expect((await download(t, `/api/pass/${ana.medicalRecordId}/my-record/${format}`, other.token)).status).toBe(403);
      const none = await t.handler(new Request(`http://registry.test/api/pass/${ana.medicalRecordId}/my-record/${format}`));
      expect(none.status).toBe(401);
    }
    const [row] = await t.db.query<{ n: number }>("select count(*)::int as n from audit_log where action = 'record.download'");
    expect(row!.n).toBe(0);
  });

  const close = (id: number, token: string, currentPassword: unknown) =>
    t.call("POST", `/api/pass/${id}/close-account`, { token, body: { currentPassword } });
  const state = async (id: number) =>
    (
      await t.db.query<Record<string, unknown>>(
        `select m.email, m.phone_number, m.address_line1, m.is_opted_out, a.password_hash is not null and a.password_hash not like 'closed:%' as has_password, a.closed_at,
                a.closed_email_sha256, a.tokens_valid_after
           from medical_records m join accounts a on a.medical_record_id = m.id where m.id = $1`,
        [id],
      )
    )[0]!;

  it("a wrong or empty password: 400 errors.currentPassword, and nothing changes", async () => {
    const p = await fullRecord(1);
    const before = await state(p.medicalRecordId);
    const wrong = await close(p.medicalRecordId, p.token, "not-the-password");
    expect([wrong.status, wrong.body.errors]).toEqual([400, { currentPassword: ValidationKey.currentPasswordWrong }]);
    const empty = await close(p.medicalRecordId, p.token, "");
    expect([empty.status, empty.body.errors]).toEqual([400, { currentPassword: ValidationKey.currentPasswordRequired }]);
    expect(await state(p.medicalRecordId)).toEqual(before);
    expect((await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token })).status).toBe(200);
    expect((await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password } })).status).toBe(200);
  });

  it("closing: tokens revoked, contact data and password removed, medical data kept, no message after, a clear sign-in refusal", async () => {
    const p = await fullRecord(1, true);
    const other = await t.register(2);
    // A message still waiting for the patient, and one for someone else.
    await t.db.query("insert into outbox (channel, to_address, text_body, status) values ('email', $1, 'x', 'held'), ('email', $2, 'y', 'held')", [
      p.email,
      other.email,
    ]);
    t.advance(1000);
    const a = await close(p.medicalRecordId, p.token, p.password);
    expect([a.status, a.body.results]).toEqual([200, { closedDateTime: new Date(START.getTime() + 1000).toISOString() }]);

    // Signed out everywhere.
    expect((await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token })).status).toBe(401);
    expect((await t.call("GET", "/refresh-token", { token: p.token })).status).toBe(401);
    const sessions = await t.db.query<{ ended: boolean; client_address: string | null; user_agent: string | null }>(
      "select ended_at is not null as ended, client_address, user_agent from sign_in_sessions where medical_record_id = $1",
      [p.medicalRecordId],
    );
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.ended && s.client_address === null && s.user_agent === null)).toBe(true);
    // Contact data and password gone; the closing kept.
    expect(await state(p.medicalRecordId)).toMatchObject({
      email: `closed-${p.medicalRecordId}@closed.invalid`,
      phone_number: "",
      address_line1: "",
      is_opted_out: true,
      has_password: false,
      closed_email_sha256: emailDigest(p.email),
    });
    // The registry's medical data kept (docs/decisions/107).
    for (const table of ["screenings", "center_referrals", "lab_orders", "lab_result_values", "medical_histories", "consent_signatures"]) {
      const [row] = await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      expect(row!.n, table).toBeGreaterThan(0);
    }
    const [record] = await t.db.query<Record<string, unknown>>("select first_name, last_name, postal_code from medical_records where id = $1", [
      p.medicalRecordId,
    ]);
    expect(record).toEqual({ first_name: "Ana", last_name: "Lopez", postal_code: "62701" });

    // No message of any kind: the waiting one dropped; the lab's results and a password reset queue nothing.
    expect((await t.db.query<{ to_address: string }>("select to_address from outbox")).map((r) => r.to_address)).toEqual([other.email]);
    const [{ requisition }] = [p];
    expect((await t.call("GET", `/api/pass/process-lab-results/${requisition}`, { headers: KEY })).status).toBe(200);
    await t.call("POST", `/forgot-password?emailAddress=${encodeURIComponent(p.email)}`);
    expect((await t.db.query<{ to_address: string }>("select to_address from outbox")).map((r) => r.to_address)).toEqual([other.email]);

    // A wrong password with the old email: the generic refusal, the same as for an email nobody uses (131).
    const guess = await t.call("POST", "/authenticate", { body: { email: p.email, password: "not-the-password" } });
    expect([guess.status, guess.body.message, guess.body.errors?.form]).toEqual([401, RegistryMessage.invalidCredentials, undefined]);
    // No sign-in reaches the closed account, through its replaced email either.
    const replaced = await t.call("POST", "/authenticate", { body: { email: `closed-${p.medicalRecordId}@closed.invalid`, password: p.password } });
    expect([replaced.status, replaced.body.message]).toEqual([401, RegistryMessage.invalidCredentials]);
    // A sign-in with the old email and its right password: told the account is closed, not "wrong password".
    const signIn = await t.call("POST", "/authenticate", { body: { email: p.email.toUpperCase(), password: p.password } });
    expect([signIn.status, signIn.body.errors]).toEqual([403, { form: AccountClosedReason.closed }]);
    // Another account's wrong password is still the generic refusal.
    const wrong = await t.call("POST", "/authenticate", { body: { email: other.email, password: "nope-nope-nope" } });
    expect([wrong.status, wrong.body.message]).toEqual([401, RegistryMessage.invalidCredentials]);
    const [audited] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'account.close' and medical_record_id = $1",
      [p.medicalRecordId],
    );
    expect(audited!.n).toBe(1);
  });

  it("closing another patient's account is refused (403), nothing changes", async () => {
    const ana = await fullRecord(1);
    const other = await t.register(2);
    const before = await state(ana.medicalRecordId);
    expect((await close(ana.medicalRecordId, other.token, other.password)).status).toBe(403);
    expect(await state(ana.medicalRecordId)).toEqual(before);
  });
});

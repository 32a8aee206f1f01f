import { describe, expect, it } from "vitest";
import { Country, ImmunoFreeStatus, Language } from "../contract/enums";
import { ensureAccount, markContactVerified } from "../data/accounts";
import { insertIfRegistration } from "../data/if-registrations";
import { testDatabases } from "../db/test-databases";
import { signedSmsHeaders, smsSignature } from "../domain/sms-signature";
import { TEST_SETTINGS, useRegistry, type TestRegistry } from "../testing/harness";

/**
 * Text-message keywords through the registry's HTTP handler (docs/decisions/106; ACC-040, ACC-041, ACC-042): the signed
 * inbound webhook, STOP honoured at once (no journey text, no code, only the one confirmation), START, HELP in the
 * patient's language, a number no patient has, and the state a profile shows.
 */
const SECRET = "test-sms-webhook-secret-0123456789abcdef";
// The shared-key staff calls answer only with STAFF_SHARED_KEYS=on (docs/decisions/133).
const SETTINGS = {
  ...TEST_SETTINGS,
  staffSharedKeys: true,
  messaging: { ...TEST_SETTINGS.messaging, smsWebhookSecret: SECRET, smsFrom: "+12025550100" },
};
const MINUTE = 60 * 1000;

const EN_STOPPED =
  "National Kidney Registry: you will receive no more text messages from us, not even confirmation codes. Reply START to receive them again.";
const EN_STARTED = "National Kidney Registry: you will receive our text messages again. Reply HELP for help, STOP to stop.";
const EN_HELP =
  "National Kidney Registry patient portal: texts about your kidney transplant registration and confirmation codes. For help, sign in at http://portal.test or reply to any email we sent you. Msg&data rates may apply. Reply STOP to stop.";
const ES_HELP =
  "Portal de pacientes de National Kidney Registry: mensajes sobre su registro para trasplante de riñón y códigos de confirmación. Para obtener ayuda, inicie sesión en http://portal.test o responda a cualquier correo que le enviamos. Pueden aplicarse tarifas de mensajes y datos. Responda ALTO para dejar de recibirlos.";
const UPDATE_TEXT = "National Kidney Registry: the program's team recorded your pre-workup lab tests. Sign in to your dashboard for details.";

describe.each(testDatabases())("text-message keywords, on $name", (target) => {
  const t = useRegistry(target, SETTINGS);

  const inbound = (from: string, text: string, opts: { headers?: Record<string, string>; raw?: string } = {}) => {
    const raw = opts.raw ?? JSON.stringify({ from, text });
    return t.call("POST", "/api/sms/inbound", { rawBody: raw, headers: opts.headers ?? signedSmsHeaders(SECRET, raw, t.clock) });
  };
  const texts = (to: string) =>
    t.db.query<{ text_body: string; status: string }>("select text_body, status from outbox where channel = 'sms' and to_address = $1 order by id", [
      to,
    ]);
  const stops = () => t.db.query<{ phone: string; stopped_at: Date }>("select phone, stopped_at from sms_stops order by phone");

  /** A patient whose mobile is confirmed (journey texts go to it), in the ImmunoFree program at E-Sign. */
  async function textedPatient(n: number, overrides: Record<string, unknown> = {}) {
    const p = await t.register(n, overrides);
    await ensureAccount(t.db, p.medicalRecordId, t.clock);
    await markContactVerified(t.db, p.medicalRecordId, "mobile", t.clock);
    await insertIfRegistration(t.db, p.medicalRecordId, ImmunoFreeStatus.ESign, t.clock);
    return p;
  }
  const programStage = (id: number, stage: number) =>
    t.call("POST", `/api/staff/program/${id}/stage`, { body: { stage }, headers: { "x-program-staff-key": TEST_SETTINGS.programStaffKey! } });
  const sendCodeText = (p: { token: string; medicalRecordId: number }, phoneNumber: string) =>
    t.call("POST", "/api/mfa/send-confirmation-text", { token: p.token, body: { medicalRecordId: p.medicalRecordId, phoneNumber } });

  async function refusedAndNothingChanged(t: TestRegistry, answer: { status: number }) {
    expect(answer.status).toBe(401);
    expect(await stops()).toEqual([]);
    expect(await t.count("outbox")).toBe(0);
  }

  describe("the signature", () => {
    it("a good one is taken; a wrong, missing or other-key one is refused (401) and changes nothing", async () => {
      const raw = JSON.stringify({ from: "+15552100001", text: "STOP" });
      const good = signedSmsHeaders(SECRET, raw, t.clock);
      await refusedAndNothingChanged(t, await inbound("", "", { raw, headers: { ...good, "x-sms-signature": "0".repeat(64) } }));
      await refusedAndNothingChanged(t, await inbound("", "", { raw, headers: { "content-type": "application/json" } }));
      await refusedAndNothingChanged(
        t,
        await inbound("", "", { raw, headers: signedSmsHeaders("another-secret-0123456789abcdefghij", raw, t.clock) }),
      );
      // The body changed after signing (another number).
      await refusedAndNothingChanged(t, await inbound("", "", { raw: raw.replace("0001", "0002"), headers: good }));
      const taken = await inbound("", "", { raw, headers: good });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      expect((await stops()).map((s) => s.phone)).toEqual(["+15552100001"]);
    });

    it("a request replayed is refused: the same one again, or one signed more than 5 minutes ago", async () => {
      const raw = JSON.stringify({ from: "+15552100001", text: "STOP" });
      const headers = signedSmsHeaders(SECRET, raw, t.clock);
      expect((await inbound("", "", { raw, headers })).status).toBe(200);
      await t.db.query("delete from sms_stops");
      await t.db.query("delete from outbox");
      t.advance(MINUTE);
      await refusedAndNothingChanged(t, await inbound("", "", { raw, headers }));
      const old = JSON.stringify({ from: "+15552100001", text: "STOP " });
      const oldHeaders = signedSmsHeaders(SECRET, old, t.clock);
      t.advance(5 * MINUTE + 1000);
      await refusedAndNothingChanged(t, await inbound("", "", { raw: old, headers: oldHeaders }));
      // From the future too: the provider's clock 6 minutes ahead.
      const ahead = String(Math.floor(t.clock.getTime() / 1000) + 6 * 60);
      await refusedAndNothingChanged(
        t,
        await inbound("", "", { raw: old, headers: { "x-sms-timestamp": ahead, "x-sms-signature": smsSignature(SECRET, ahead, old) } }),
      );
    });

    it("without SMS_WEBHOOK_SECRET every inbound text is refused", async () => {
      const raw = JSON.stringify({ from: "+15552100001", text: "STOP" });
      const handler = t.handlerWith({ messaging: { ...TEST_SETTINGS.messaging } });
      const answer = await t.call("POST", "/api/sms/inbound", { rawBody: raw, headers: signedSmsHeaders(SECRET, raw, t.clock) }, handler);
      await refusedAndNothingChanged(t, answer);
    });
  });

  it("STOP stops journey texts and text codes at once; the one confirmation is sent; the profile shows it", async () => {
    const p = await textedPatient(1, { preferredLanguage: Language.English });
    const to = "+15552100001";
    t.advance(MINUTE);
    const stopAt = new Date(t.clock);
    const stopped = await inbound(to, "  Stop. ");
    expect(stopped.body.results).toEqual({ keyword: "stop", records: 1 });
    expect(await texts(to)).toEqual([{ text_body: EN_STOPPED, status: "held" }]);
    const state = await t.call("GET", `/api/pass/${p.medicalRecordId}/text-messages`, { token: p.token });
    expect(state.body.results).toEqual({ stoppedAt: stopAt.toISOString(), replyTo: "+12025550100" });
    const [row] = await t.db.query<{ medical_record_id: number; actor_kind: string }>(
      "select medical_record_id, actor_kind from audit_log where action = 'sms.keyword.stop'",
    );
    expect(row).toEqual({ medical_record_id: p.medicalRecordId, actor_kind: "anonymous" });

    // A staff step queues the email, but no text.
    t.advance(MINUTE);
    expect((await programStage(p.medicalRecordId, ImmunoFreeStatus.Preworkuplab)).status).toBe(200);
    expect(await t.db.query("select 1 from outbox where channel = 'email' and to_address = $1 and created_at = $2", [p.email, t.clock])).toHaveLength(
      1,
    );
    // A code by text is refused, saying why (409 mfa.textsStopped); no code is stored; an email code still goes.
    const code = await sendCodeText(p, "(555) 210-0001");
    expect(code.status).toBe(409);
    expect(code.body.errors).toEqual({ form: "mfa.textsStopped" });
    expect(await t.count("confirmation_codes")).toBe(0);
    expect(await texts(to)).toEqual([{ text_body: EN_STOPPED, status: "held" }]);
    const email = await t.call("POST", "/api/mfa/send-confirmation-email", {
      token: p.token,
      body: { medicalRecordId: p.medicalRecordId, email: p.email },
    });
    expect(email.status).toBe(200);
    // A second STOP keeps the first time and is confirmed again (the carriers answer every STOP).
    t.advance(MINUTE);
    await inbound(to, "ALTO");
    expect((await stops()).map((s) => s.stopped_at.toISOString())).toEqual([stopAt.toISOString()]);
  });

  it("texts still waiting to be sent when STOP arrives are given up", async () => {
    const p = await textedPatient(1);
    const provider = t.handlerWith({ messaging: { ...SETTINGS.messaging, smsUrl: "https://sms.example.org/send", smsToken: "token-0123" } });
    expect(
      (
        await t.call(
          "POST",
          `/api/staff/program/${p.medicalRecordId}/stage`,
          {
            body: { stage: ImmunoFreeStatus.Preworkuplab },
            headers: { "x-program-staff-key": TEST_SETTINGS.programStaffKey! },
          },
          provider,
        )
      ).status,
    ).toBe(200);
    expect(await texts("+15552100001")).toEqual([{ text_body: expect.any(String), status: "pending" }]);
    await inbound("+15552100001", "STOP");
    const [given] = await texts("+15552100001");
    expect(given).toEqual({ text_body: "", status: "failed" });
  });

  it("START resumes them, with its confirmation", async () => {
    const p = await textedPatient(1, { preferredLanguage: Language.English });
    const to = "+15552100001";
    await inbound(to, "STOP");
    t.advance(MINUTE);
    const started = await inbound(to, "start!");
    expect(started.body.results).toEqual({ keyword: "start", records: 1 });
    expect(await stops()).toEqual([]);
    expect((await t.call("GET", `/api/pass/${p.medicalRecordId}/text-messages`, { token: p.token })).body.results.stoppedAt).toBeNull();
    t.advance(MINUTE);
    expect((await programStage(p.medicalRecordId, ImmunoFreeStatus.Preworkuplab)).status).toBe(200);
    expect((await sendCodeText(p, "(555) 210-0001")).status).toBe(200);
    const bodies = (await texts(to)).map((m) => m.text_body);
    expect(bodies.slice(0, 3)).toEqual([EN_STOPPED, EN_STARTED, UPDATE_TEXT]);
    expect(bodies[3]).toMatch(/^Your National Kidney Registry confirmation code is \d{6}\./);
    expect(await t.db.query("select action from audit_log where action like 'sms.keyword.%' order by id")).toEqual([
      { action: "sms.keyword.stop" },
      { action: "sms.keyword.start" },
    ]);
  });

  it("HELP is answered in the patient's language, whichever language the keyword is in; nothing is stopped", async () => {
    await t.register(1, { preferredLanguage: Language.English });
    await t.register(2, { preferredLanguage: Language.Spanish });
    expect((await inbound("+15552100001", "ayuda")).body.results).toEqual({ keyword: "help", records: 1 });
    expect((await inbound("+15552100002", "HELP")).body.results).toEqual({ keyword: "help", records: 1 });
    expect((await texts("+15552100001")).map((m) => m.text_body)).toEqual([EN_HELP]);
    expect((await texts("+15552100002")).map((m) => m.text_body)).toEqual([ES_HELP]);
    expect(await stops()).toEqual([]);
  });

  it("an international number is matched by its E.164 form, a US one by its 10 digits; Spanish STOP (¡Alto!) stops it", async () => {
    const abroad = { phoneNumber: "+44 7911 123456", country: Country.Other, usState: 0, province: "Region", postalCode: "101" };
    const uk = await textedPatient(1, abroad);
    const us = await textedPatient(2);
    expect((await inbound("+447911123456", "¡Alto!")).body.results).toEqual({ keyword: "stop", records: 1 });
    expect((await inbound("+15552100002", "Cancelar")).body.results).toEqual({ keyword: "stop", records: 1 });
    const ids = await t.db.query<{ medical_record_id: number }>(
      "select medical_record_id from audit_log where action = 'sms.keyword.stop' order by id",
    );
    expect(ids.map((r) => r.medical_record_id)).toEqual([uk.medicalRecordId, us.medicalRecordId]);
    const spanishStopped = (await texts("+447911123456")).map((m) => m.text_body);
    expect(spanishStopped).toEqual([
      "National Kidney Registry: ya no recibirá mensajes de texto nuestros, ni siquiera códigos de confirmación. Responda COMENZAR para volver a recibirlos.",
    ]);
  });

  it("a number no patient has: STOP is recorded and confirmed in the keyword's language, with an audit row for no record", async () => {
    await t.register(1);
    const answer = await inbound("+13035550199", "PARAR");
    expect(answer.body.results).toEqual({ keyword: "stop", records: 0 });
    expect((await stops()).map((s) => s.phone)).toEqual(["+13035550199"]);
    expect((await texts("+13035550199")).map((m) => m.text_body)).toEqual([
      "National Kidney Registry: ya no recibirá mensajes de texto nuestros, ni siquiera códigos de confirmación. Responda COMENZAR para volver a recibirlos.",
    ]);
    expect(await t.db.query("select medical_record_id, detail from audit_log where action = 'sms.keyword.stop'")).toEqual([
      { medical_record_id: null, detail: { known: false } },
    ]);
    expect(await texts("+15552100001")).toEqual([]);
  });

  it("a message that is no keyword changes nothing and is not answered", async () => {
    await textedPatient(1);
    const answer = await inbound("+15552100001", "please stop texting me");
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual({ keyword: null, records: 1 });
    expect(await stops()).toEqual([]);
    expect(await t.count("outbox")).toBe(0);
  });

  it("a sender that is no E.164 number is refused (400)", async () => {
    expect((await inbound("5552100001", "STOP")).status).toBe(400);
    expect(await stops()).toEqual([]);
  });
});

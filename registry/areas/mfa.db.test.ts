import { describe, expect, it } from "vitest";
import { AccountMessage, FormReason } from "../contract/accounts";
import { CodeResult } from "../contract/enums";
import { RegistryMessage } from "../contract/envelope";
import { setContact } from "../data/medical-records";
import { testDatabases } from "../db/test-databases";
import { issueToken } from "../domain/tokens";
import { TEST_SETTINGS, useRegistry, type TestRegistry } from "../testing/harness";

const MINUTE = 60 * 1000;

type Patient = Awaited<ReturnType<TestRegistry["register"]>>;

describe.each(testDatabases())("confirmation codes (/api/mfa) on $name", (target) => {
  const t = useRegistry(target);

  /** Sends with the patient's current password (needed for an address that is not the account's own). */
  const sendEmail = (p: Patient, email: string, token = p.token, currentPassword: string | null = p.password) =>
    t.call("POST", "/api/mfa/send-confirmation-email", {
      token,
      body: { medicalRecordId: p.medicalRecordId, email, currentPassword: currentPassword ?? undefined },
    });
  const sendText = (p: Patient, phoneNumber: string, token = p.token) =>
    t.call("POST", "/api/mfa/send-confirmation-text", { token, body: { medicalRecordId: p.medicalRecordId, phoneNumber } });
  const confirm = (p: Patient, code: string, value: string, isEmail: boolean, token = p.token) =>
    t.call("POST", `/api/mfa/update-confirmation?medicalRecordId=${p.medicalRecordId}`, { token, body: { code, value, isEmail } });
  /** The code of the newest queued message to `to`. */
  const lastCode = async (to: string) => {
    const [row] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1 order by id desc limit 1", [to]);
    const code = /\b(\d{6})\b/.exec(row?.text_body ?? "")?.[1];
    if (!code) throw new Error(`no code sent to ${to}`);
    return code;
  };
  /** The patient with a token issued now (sign-in tokens last 30 minutes). */
  const fresh = (p: Patient): Patient => ({ ...p, token: issueToken(TEST_SETTINGS.tokenSecret, p.medicalRecordId, t.clock).token });
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  const account = async (id: number) =>
    (
      await t.db.query<{ is_email_verified: boolean; is_mobile_verified: boolean }>(
        "select is_email_verified, is_mobile_verified from accounts where medical_record_id = $1",
        [id],
      )
    )[0]!;

  describe("sending", () => {
    it("queues an email with a 6-digit code good for 30 minutes, storing only its hash", async () => {
      const p = await t.register(1, { preferredLanguage: 1 });
      const a = await sendEmail(p, " Patient1@Example.org ");
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ success: true, results: null, message: AccountMessage.codeSent });
      const [m] = await t.db.query<Record<string, unknown>>("select channel, to_address, subject, text_body, html_body, status from outbox");
      expect(m).toMatchObject({ channel: "email", to_address: "patient1@example.org", subject: "Your confirmation code", status: "held" });
      const code = await lastCode("patient1@example.org");
      expect(m!.text_body).toContain("The code is good for 30 minutes.");
      expect(m!.html_body).toContain(code);
      const [stored] = await t.db.query<Record<string, unknown>>("select * from confirmation_codes");
      expect(stored).toMatchObject({ medical_record_id: p.medicalRecordId, confirmation_type: 1, target: "patient1@example.org", wrong_tries: 0 });
      expect(stored!.expires_at).toEqual(new Date(t.clock.getTime() + 30 * MINUTE));
      expect(JSON.stringify(stored)).not.toContain(code);
      const audit = await t.db.query("select action, detail from audit_log where action like 'mfa.%'");
      expect(audit).toEqual([{ action: "mfa.code.sent", detail: { type: "email" } }]);
      expect(JSON.stringify(t.logs)).not.toContain(code);
    });

    it("queues a text message in the patient's language (Spanish) to the +1 number", async () => {
      const p = await t.register(1, { preferredLanguage: 2 });
      const a = await sendText(p, "(555) 777-1234");
      expect(a.status).toBe(200);
      const [m] = await t.db.query<Record<string, unknown>>("select channel, to_address, subject, text_body from outbox");
      expect(m).toMatchObject({ channel: "sms", to_address: "+15557771234", subject: "" });
      expect(m!.text_body).toMatch(/^Su código de confirmación .* es \d{6}\. El código es válido durante 30 minutos\.$/);
    });

    it("outside the US: texts the E.164 number, and confirming stores it in E.164 (docs/decisions/049)", async () => {
      const p = await t.register(1, { country: 0, usState: 0, province: "Kent", phoneNumber: "+44 7911 123456" });
      const a = await sendText(p, "+353 85 123 4567");
      expect(a.status).toBe(200);
      const [m] = await t.db.query<Record<string, unknown>>("select channel, to_address from outbox where channel = 'sms'");
      expect(m).toMatchObject({ channel: "sms", to_address: "+353851234567" });
      const code = await lastCode("+353851234567");
      expect((await confirm(p, code, "+353 85 123 4567", false)).body.results).toBe(CodeResult.Valid);
      const [row] = await t.db.query("select phone_number from medical_records where id = $1", [p.medicalRecordId]);
      expect(row).toEqual({ phone_number: "+353851234567" });
      expect(await account(p.medicalRecordId)).toMatchObject({ is_mobile_verified: true });
      // The US rule does not apply to this patient's numbers, and a number without its country code is refused.
      const bad = await sendText(p, "+353 85");
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, message: AccountMessage.mobileInvalidOther, errors: { form: FormReason.mobileInvalidOther } });
    });

    it("a US patient's mobile keeps the 10-digit rule", async () => {
      const p = await t.register(1);
      const bad = await sendText(p, "+44 7911 123456");
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ message: AccountMessage.mobileInvalid, errors: { form: FormReason.mobileInvalid } });
    });

    it("sends codes to an opted-out patient: the patient asked for them (PLT-016)", async () => {
      const p = await t.register(1);
      await t.call("POST", `/api/pass/${p.medicalRecordId}/opt-in-out/1`, { token: p.token });
      expect((await sendEmail(p, p.email)).status).toBe(200);
      expect(await t.count("outbox")).toBe(1);
    });

    it("refuses an invalid email or mobile with the form reasons", async () => {
      const p = await t.register(1);
      const email = await sendEmail(p, "not-an-email");
      expect(email.status).toBe(400);
      expect(email.body).toEqual({ success: false, results: null, message: AccountMessage.emailInvalid, errors: { form: FormReason.emailInvalid } });
      const text = await sendText(p, "555-0100");
      expect(text.status).toBe(400);
      expect(text.body).toEqual({ success: false, results: null, message: AccountMessage.mobileInvalid, errors: { form: FormReason.mobileInvalid } });
      const types = await t.call("POST", "/api/mfa/send-confirmation-email", {
        token: p.token,
        body: { medicalRecordId: String(p.medicalRecordId), email: p.email },
      });
      expect(types.status).toBe(400);
      expect(types.body.errors).toEqual({ medicalRecordId: "validation.invalidValue" });
      expect(await t.count("outbox")).toBe(0);
    });

    it("answers for another account's email or phone exactly as for a free one (no enumeration); the code cannot take it", async () => {
      const ana = await t.register(1);
      const ben = await t.register(2);
      const taken = await sendEmail(ana, ben.email.toUpperCase());
      const free = await sendEmail(ana, "free@example.org");
      expect([taken.status, taken.body]).toEqual([200, { success: true, results: null, message: AccountMessage.codeSent }]);
      expect([free.status, free.body]).toEqual([taken.status, taken.body]);
      const text = await sendText(ana, "555.210.0002");
      expect([text.status, text.body]).toEqual([200, { success: true, results: null, message: AccountMessage.codeSent }]);
      // Only whoever reads the code (the other account's owner) learns the address is taken.
      const confirmed = await confirm(ana, await lastCode(ben.email), ben.email, true);
      expect(confirmed.body.errors).toEqual({ form: FormReason.contactTaken });
      const [row] = await t.db.query("select email from medical_records where id = $1", [ana.medicalRecordId]);
      expect(row).toEqual({ email: ana.email });
    });

    it("sends codes to at most 3 new email addresses and 3 new mobile numbers per account in 24 hours", async () => {
      const p = await t.register(1);
      for (const n of [1, 2, 3]) expect((await sendEmail(p, `new${n}@example.org`)).status).toBe(200);
      for (const n of [1, 2, 3]) expect((await sendText(p, `555 777 000${n}`)).status).toBe(200);
      t.advance(MINUTE);
      const email = await sendEmail(p, "new4@example.org");
      expect(email.status).toBe(429);
      expect(email.body).toEqual({
        success: false,
        results: null,
        message: AccountMessage.tooManyNewEmails,
        errors: { form: FormReason.tooManyNewEmails },
      });
      expect(Number(email.headers.get("retry-after"))).toBe(24 * 60 * 60 - 60);
      const text = await sendText(p, "555 777 0004");
      expect(text.status).toBe(429);
      expect(text.body.errors).toEqual({ form: FormReason.tooManyNewMobiles });
      expect(await t.count("outbox")).toBe(6);
      // A contact already counted may be sent to again (within ACC-027's 5 an hour); so may the account's own contacts.
      expect((await sendEmail(p, "NEW2@example.org")).status).toBe(200);
      expect((await sendEmail(p, p.email)).status).toBe(200);
      expect((await sendText(p, "(555) 210-0001")).status).toBe(200);
      // Another account has its own count.
      const other = await t.register(2);
      expect((await sendEmail(other, "new4@example.org")).status).toBe(200);
      // A day after the first, there is room again.
      t.advance(24 * 60 * MINUTE);
      expect((await sendEmail(fresh(p), "new4@example.org")).status).toBe(200);
      expect(await t.db.query("select action from audit_log where action = 'mfa.code.new-contact-limit'")).toHaveLength(2);
    });

    it("a new email address needs the current password (it becomes the sign-in); the registered one does not", async () => {
      const p = await t.register(1);
      const none = await sendEmail(p, "next@example.org", p.token, null);
      expect(none.status).toBe(400);
      expect(none.body.errors).toEqual({ currentPassword: "validation.currentPasswordRequired" });
      const wrong = await sendEmail(p, "next@example.org", p.token, "not my password at all");
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual({ currentPassword: "validation.currentPasswordWrong" });
      expect(await t.count("login_failures")).toBe(1);
      expect(await t.count("outbox")).toBe(0);
      expect((await sendEmail(p, p.email.toUpperCase(), p.token, null)).status).toBe(200);
      // Once sent with the password, a new code for that address within its 30 minutes needs none.
      expect((await sendEmail(p, "next@example.org")).status).toBe(200);
      t.advance(29 * MINUTE);
      expect((await sendEmail(p, "next@example.org", p.token, null)).status).toBe(200);
      t.advance(31 * MINUTE);
      expect((await sendEmail(fresh(p), "next@example.org", fresh(p).token, null)).body.errors).toEqual({
        currentPassword: "validation.currentPasswordRequired",
      });
      // A new mobile number is not a sign-in: no password (its own limit applies).
      expect((await sendText(fresh(p), "555 777 1234")).status).toBe(200);
    });

    it("sends at most 5 codes per contact per hour (429 mfa.tooManySends)", async () => {
      const p = await t.register(1);
      for (let i = 0; i < 5; i++) {
        t.advance(MINUTE);
        expect((await sendEmail(p, "new@example.org")).status).toBe(200);
      }
      const sixth = await sendEmail(p, "NEW@example.org");
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({ success: false, results: null, message: AccountMessage.tooManySends, errors: { form: FormReason.tooManySends } });
      expect(Number(sixth.headers.get("retry-after"))).toBe(56 * 60);
      // Another contact of the same patient is counted apart.
      expect((await sendText(p, "555 777 1234")).status).toBe(200);
      t.advance(56 * MINUTE);
      expect((await sendEmail(fresh(p), "new@example.org")).status).toBe(200);
      expect(await t.count("outbox")).toBe(7);
    });

    it("answers 401 without a token and 403 for another patient's record", async () => {
      const ana = await t.register(1);
      const ben = await t.register(2);
      const none = await t.call("POST", "/api/mfa/send-confirmation-email", { body: { medicalRecordId: ana.medicalRecordId, email: ana.email } });
      expect(none.status).toBe(401);
      expect(none.body.message).toBe(RegistryMessage.tokenNotFound);
      expect((await sendEmail(ana, ana.email, ben.token)).status).toBe(403);
      expect((await sendText(ana, "5557771234", ben.token)).status).toBe(403);
      expect((await confirm(ana, "123456", ana.email, true, ben.token)).status).toBe(403);
      expect(
        (
          await t.call("POST", `/api/mfa/update-confirmation?medicalRecordId=${ana.medicalRecordId}`, {
            body: { code: "1", value: "x", isEmail: true },
          })
        ).status,
      ).toBe(401);
      expect(await t.count("outbox")).toBe(0);
    });
  });

  describe("confirming", () => {
    it("a right code verifies the email, ignoring spaces and hyphens, and the code is used up", async () => {
      const p = await t.register(1);
      await sendEmail(p, p.email);
      const code = await lastCode(p.email);
      const a = await confirm(p, ` ${code.slice(0, 3)} - ${code.slice(3)} `, p.email.toUpperCase(), true);
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ success: true, results: CodeResult.Valid, message: AccountMessage.codeValid });
      expect(await account(p.medicalRecordId)).toEqual({ is_email_verified: true, is_mobile_verified: false });
      expect((await confirm(p, code, p.email, true)).body.results).toBe(CodeResult.CodeExpired);
      const pass = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token });
      expect(pass.body.results.account.isEmailVerified).toBe(true);
    });

    it("a new email becomes the record's verified email (and its sign-in)", async () => {
      const p = await t.register(1);
      await sendEmail(p, "Ana.New@Example.org");
      const code = await lastCode("ana.new@example.org");
      expect((await confirm(p, code, "ana.new@example.org", true)).body.results).toBe(CodeResult.Valid);
      const [row] = await t.db.query("select email from medical_records where id = $1", [p.medicalRecordId]);
      expect(row).toEqual({ email: "ana.new@example.org" });
      expect((await t.call("POST", "/authenticate", { body: { email: "ana.new@example.org", password: p.password } })).status).toBe(200);
      expect((await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password } })).status).toBe(401);
    });

    it("a new mobile becomes the verified primary phone, formatted", async () => {
      const p = await t.register(1, { authenticationPreference: 2 });
      await sendText(p, "555-777-1234");
      const code = await lastCode("+15557771234");
      expect((await confirm(p, code, "(555) 777-1234", false)).body.results).toBe(CodeResult.Valid);
      const [row] = await t.db.query("select phone_number from medical_records where id = $1", [p.medicalRecordId]);
      expect(row).toEqual({ phone_number: "(555) 777-1234" });
      expect(await account(p.medicalRecordId)).toEqual({ is_email_verified: false, is_mobile_verified: true });
    });

    it("confirming the registered mobile in another format, +1 included, keeps it as stored (docs/decisions/090)", async () => {
      const p = await t.register(1, { phoneNumber: "555.210.0001" });
      await sendText(p, "+1 (555) 210-0001");
      expect((await confirm(p, await lastCode("+15552100001"), "1 555 210 0001", false)).body.results).toBe(CodeResult.Valid);
      const [row] = await t.db.query("select phone_number from medical_records where id = $1", [p.medicalRecordId]);
      expect(row).toEqual({ phone_number: "(555) 210-0001" });
      expect((await account(p.medicalRecordId)).is_mobile_verified).toBe(true);
    });

    it("a wrong code answers InvalidCode and counts; after the 5th wrong try the code is locked (not 'expired')", async () => {
      const p = await t.register(1);
      await sendEmail(p, p.email);
      const code = await lastCode(p.email);
      for (let i = 1; i <= 5; i++) {
        const a = await confirm(p, wrongCode(code), p.email, true);
        expect(a.body).toEqual({ success: false, results: CodeResult.InvalidCode, message: AccountMessage.codeInvalid });
        const [row] = await t.db.query<{ wrong_tries: number }>("select wrong_tries from confirmation_codes");
        expect(row!.wrong_tries).toBe(i);
      }
      const right = await confirm(p, code, p.email, true);
      expect(right.status).toBe(200);
      expect(right.body).toEqual({
        success: false,
        results: CodeResult.CodeExpired,
        message: AccountMessage.codeLocked,
        errors: { form: FormReason.codeLocked },
      });
      expect((await account(p.medicalRecordId)).is_email_verified).toBe(false);
    });

    it("a new code after the lock, within the same 30-minute series, starts a fresh count and confirms (docs/decisions/039)", async () => {
      const p = await t.register(1);
      const mobile = "(555) 777-1234";
      await sendText(p, mobile);
      const first = await lastCode("+15557771234");
      for (let i = 0; i < 5; i++) expect((await confirm(p, wrongCode(first), mobile, false)).body.results).toBe(CodeResult.InvalidCode);
      expect((await confirm(p, first, mobile, false)).body.errors).toEqual({ form: FormReason.codeLocked });
      t.advance(5 * MINUTE);
      expect((await sendText(p, mobile)).status).toBe(200);
      const [row] = await t.db.query<{ wrong_tries: number }>("select wrong_tries from confirmation_codes");
      expect(row!.wrong_tries).toBe(0);
      const second = await lastCode("+15557771234");
      expect((await confirm(p, wrongCode(second), mobile, false)).body.results).toBe(CodeResult.InvalidCode);
      expect((await confirm(p, second, mobile, false)).body).toEqual({ success: true, results: CodeResult.Valid, message: AccountMessage.codeValid });
      expect((await account(p.medicalRecordId)).is_mobile_verified).toBe(true);
    });

    it("a new code does not reset the wrong-try count (ACC-027); a code sent after the 30-minute series starts again", async () => {
      const p = await t.register(1);
      await sendEmail(p, p.email);
      const first = await lastCode(p.email);
      for (let i = 0; i < 4; i++) expect((await confirm(p, wrongCode(first), p.email, true)).body.results).toBe(CodeResult.InvalidCode);
      t.advance(10 * MINUTE);
      await sendEmail(p, p.email);
      const second = await lastCode(p.email);
      expect((await confirm(p, first, p.email, true)).body.results).toBe(second === first ? CodeResult.Valid : CodeResult.InvalidCode);
      if (second === first) return; // one chance in a million: the same code twice
      // the first code typed again was the fifth wrong try of the series: the new code is locked too
      expect((await confirm(p, second, p.email, true)).body.errors).toEqual({ form: FormReason.codeLocked });

      t.advance(21 * MINUTE); // 31 minutes after the first code of the series
      const later = fresh(p);
      await sendEmail(later, p.email);
      const third = await lastCode(p.email);
      expect((await confirm(later, third, p.email, true)).body.results).toBe(CodeResult.Valid);
    });

    it("a code expires after 30 minutes", async () => {
      const p = await t.register(1);
      await sendEmail(p, p.email);
      const code = await lastCode(p.email);
      t.advance(30 * MINUTE - 1);
      await t.call("GET", "/health");
      t.advance(1);
      const later = fresh(p);
      expect((await confirm(later, code, p.email, true)).body.results).toBe(CodeResult.CodeExpired);
      await sendText(later, "5557771234");
      const text = await lastCode("+15557771234");
      t.advance(29 * MINUTE);
      expect((await confirm(fresh(p), text, "5557771234", false)).body.results).toBe(CodeResult.Valid);
    });

    it("a code confirms only the value it was sent to", async () => {
      const p = await t.register(1);
      await sendEmail(p, "one@example.org");
      const code = await lastCode("one@example.org");
      expect((await confirm(p, code, "two@example.org", true)).body.results).toBe(CodeResult.CodeExpired);
      expect((await confirm(p, code, "one@example.org", false)).body.results).toBe(CodeResult.CodeExpired);
      expect((await confirm(p, code, "one@example.org", true)).body.results).toBe(CodeResult.Valid);
    });

    it("refuses a contact that another account took since the code was sent", async () => {
      const ana = await t.register(1);
      await sendEmail(ana, "shared@example.org");
      const code = await lastCode("shared@example.org");
      await t.register(2, { email: "shared@example.org" });
      const a = await confirm(ana, code, "shared@example.org", true);
      expect(a.status).toBe(400);
      expect(a.body.errors).toEqual({ form: FormReason.contactTaken });
    });

    it("refuses a malformed body (400) and a medicalRecordId that is not the caller's (403)", async () => {
      const p = await t.register(1);
      const bad = await t.call("POST", `/api/mfa/update-confirmation?medicalRecordId=${p.medicalRecordId}`, {
        token: p.token,
        body: { code: 123456, value: p.email },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ code: "validation.invalidValue", isEmail: "validation.invalidValue" });
      expect((await t.call("POST", "/api/mfa/update-confirmation", { token: p.token, body: { code: "1", value: "x", isEmail: true } })).status).toBe(
        400,
      );
    });
  });

  describe("the old contact is told of a change (ASVS 2.2.3, docs/decisions/025)", () => {
    const outbox = () =>
      t.db.query<{ channel: string; to_address: string; subject: string; text_body: string }>(
        "select channel, to_address, subject, text_body from outbox order by id",
      );

    it("a confirmed email changed: a notice goes to the old address, in the patient's language, opted out or not", async () => {
      const p = await t.register(1, { preferredLanguage: 1 });
      await sendEmail(p, p.email);
      await confirm(p, await lastCode(p.email), p.email, true);
      expect((await t.call("POST", `/api/pass/${p.medicalRecordId}/opt-in-out/1`, { token: p.token })).status).toBe(200);
      await sendEmail(p, "Rosa.Next@example.org");
      expect((await confirm(p, await lastCode("rosa.next@example.org"), "rosa.next@example.org", true)).body.results).toBe(CodeResult.Valid);
      const notice = (await outbox()).at(-1)!;
      expect(notice).toMatchObject({ channel: "email", to_address: p.email, subject: "The email address of your account was changed" });
      expect(notice.text_body).toContain("was changed to r***@example.org");
      expect(notice.text_body).not.toContain("rosa.next@example.org");
      expect(notice.text_body).not.toMatch(/\b\d{6}\b/);
    });

    it("a confirmed mobile changed: a text goes to the old number (Spanish)", async () => {
      const p = await t.register(1, { preferredLanguage: 2 });
      await sendText(p, "5552100001");
      await confirm(p, await lastCode("+15552100001"), "5552100001", false);
      await sendText(p, "555 777 1234");
      expect((await confirm(p, await lastCode("+15557771234"), "5557771234", false)).body.results).toBe(CodeResult.Valid);
      const notice = (await outbox()).at(-1)!;
      expect(notice).toMatchObject({ channel: "sms", to_address: "+15552100001" });
      expect(notice.text_body).toContain("se cambió a (***) ***-1234");
    });

    it("no notice to an address never confirmed (a typo may belong to a stranger), nor when nothing changed", async () => {
      const p = await t.register(1, { preferredLanguage: 1 });
      await sendEmail(p, "first@example.org");
      await confirm(p, await lastCode("first@example.org"), "first@example.org", true);
      expect((await outbox()).map((m) => m.to_address)).toEqual(["first@example.org"]);
      await sendEmail(p, "first@example.org");
      await confirm(p, await lastCode("first@example.org"), "first@example.org", true);
      expect((await outbox()).map((m) => m.to_address)).toEqual(["first@example.org", "first@example.org"]);
    });
  });

  describe("a changed contact is unverified until confirmed", () => {
    it("changing the email or the primary phone's digits of a record clears that verification, whoever writes it", async () => {
      const p = await t.register(1);
      await sendEmail(p, p.email);
      await confirm(p, await lastCode(p.email), p.email, true);
      await sendText(p, "5552100001");
      await confirm(p, await lastCode("+15552100001"), "5552100001", false);
      expect(await account(p.medicalRecordId)).toEqual({ is_email_verified: true, is_mobile_verified: true });

      await setContact(t.db, p.medicalRecordId, { phoneNumber: "555-210-0001" }, t.clock);
      expect(await account(p.medicalRecordId)).toEqual({ is_email_verified: true, is_mobile_verified: true });
      await setContact(t.db, p.medicalRecordId, { phoneNumber: "555-210-0009" }, t.clock);
      expect(await account(p.medicalRecordId)).toEqual({ is_email_verified: true, is_mobile_verified: false });
      await setContact(t.db, p.medicalRecordId, { email: "changed@example.org" }, t.clock);
      expect(await account(p.medicalRecordId)).toEqual({ is_email_verified: false, is_mobile_verified: false });
    });

    it("confirming a new email keeps the mobile's verification and verifies the new email", async () => {
      const p = await t.register(1);
      await sendEmail(p, p.email);
      await confirm(p, await lastCode(p.email), p.email, true);
      await sendEmail(p, "next@example.org");
      // Until the new email is confirmed, the confirmed one stays.
      expect((await account(p.medicalRecordId)).is_email_verified).toBe(true);
      await confirm(p, await lastCode("next@example.org"), "next@example.org", true);
      expect((await account(p.medicalRecordId)).is_email_verified).toBe(true);
    });
  });
});

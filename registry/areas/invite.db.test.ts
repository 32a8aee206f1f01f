import { describe, expect, it } from "vitest";
import { AccountFieldKey, AccountMessage, FormReason, inviteInfo, phoneCheck } from "../contract/accounts";
import { envelope, RegistryMessage } from "../contract/envelope";
import { ImmunoFreeStatus } from "../contract/enums";
import { createInvite, INVITE_LIFETIME_MS } from "../commands/create-invite";
import { testDatabases } from "../db/test-databases";
import { hashLinkToken } from "../domain/one-time-tokens";
import { START, useRegistry, validRegistration } from "../testing/harness";

const HOUR = 60 * 60 * 1000;

describe.each(testDatabases())("invites (ACC-033, DSH-013), phone checks and per-address limits (ACC-018) on $name", (target) => {
  const t = useRegistry(target);

  const invite = async (overrides: Partial<{ firstName: string; lastName: string; email: string }> = {}) => {
    const created = await createInvite(t.db, t.settings, { firstName: "Ines", lastName: "Garcia", email: "Ines@Example.org", ...overrides }, t.clock);
    const token = new URL(created.link).searchParams.get("token")!;
    return { ...created, token };
  };
  const registerWith = (token: string, overrides: Record<string, unknown> = {}) =>
    t.call("POST", "/register", { headers: { "x-invite-token": token }, body: validRegistration(1, { email: "ines@example.org", ...overrides }) });

  it("create-invite stores only the token's hash and queues the email with the PUBLIC_URL link (PLT-017, ACC-033)", async () => {
    const { id, link, token, expiresAt } = await invite();
    expect(link).toBe(`http://portal.test/register?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toEqual(new Date(START.getTime() + INVITE_LIFETIME_MS));
    const [row] = await t.db.query<Record<string, unknown>>("select * from invites");
    expect(row).toMatchObject({
      id,
      token_hash: hashLinkToken(token),
      first_name: "Ines",
      last_name: "Garcia",
      email: "ines@example.org",
      used_at: null,
    });
    expect(JSON.stringify(row)).not.toContain(token);
    const [m] = await t.db.query<Record<string, unknown>>("select channel, to_address, subject, text_body, html_body, status from outbox");
    expect(m).toMatchObject({ channel: "email", to_address: "ines@example.org", subject: "Your invitation to register", status: "held" });
    expect(m!.text_body).toContain(link);
    expect(m!.text_body).toContain("Hello Ines Garcia,");
    expect(m!.html_body).toContain(`href="${link}"`);
    await expect(createInvite(t.db, t.settings, { firstName: "", lastName: "G", email: "bad" })).rejects.toThrow(/first-name.*email/);
  });

  it("GET /validate-invite answers the invite's names and email (ACC-004)", async () => {
    const { token } = await invite();
    const a = await t.call("GET", "/validate-invite", { headers: { "x-invite-token": token } });
    expect(a.status).toBe(200);
    expect(envelope(inviteInfo).parse(a.body)).toEqual({
      success: true,
      message: AccountMessage.inviteValid,
      results: { isValid: true, firstName: "Ines", lastName: "Garcia", email: "ines@example.org" },
    });
  });

  it("GET /validate-invite answers isValid false for an unknown, missing, expired or used token", async () => {
    const invalid = { success: false, message: AccountMessage.inviteInvalid, results: { isValid: false, firstName: "", lastName: "", email: "" } };
    expect((await t.call("GET", "/validate-invite", { headers: { "x-invite-token": "nope" } })).body).toEqual(invalid);
    expect((await t.call("GET", "/validate-invite")).body).toEqual(invalid);
    const { token } = await invite();
    t.advance(INVITE_LIFETIME_MS - 1);
    expect((await t.call("GET", "/validate-invite", { headers: { "x-invite-token": token } })).body.results.isValid).toBe(true);
    t.advance(1);
    expect((await t.call("GET", "/validate-invite", { headers: { "x-invite-token": token } })).body).toEqual(invalid);
    t.clock = new Date(START);
    expect((await registerWith(token)).status).toBe(200);
    expect((await t.call("GET", "/validate-invite", { headers: { "x-invite-token": token } })).body).toEqual(invalid);
  });

  it("POST /register with X-Invite-Token uses the invite once and creates the immune-tolerance registration", async () => {
    const { id, token } = await invite();
    const a = await registerWith(token, { email: "INES@example.org" });
    expect(a.status).toBe(200);
    const { medicalRecordId, token: auth } = a.body.results;
    const [row] = await t.db.query<Record<string, unknown>>("select used_at, medical_record_id from invites where id = $1", [id]);
    expect(row).toEqual({ used_at: START, medical_record_id: medicalRecordId });
    const pass = await t.call("GET", `/api/pass/${medicalRecordId}`, { token: auth });
    expect(pass.body.results.medicalRecord.ifRegistration).toEqual({
      id: expect.any(Number),
      medicalRecordId,
      isOptedOut: false,
      currentStatus: ImmunoFreeStatus.Registration,
      declineReason: null,
      createdDateTime: START.toISOString(),
    });
    const audit = await t.db.query("select action, detail from audit_log where action = 'account.register'");
    expect(audit).toEqual([{ action: "account.register", detail: { invite: id } }]);

    const again = await registerWith(token, { email: "ines@example.org", phoneNumber: "555 210 0099" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, results: null, message: AccountMessage.inviteInvalid, errors: { form: FormReason.inviteInvalid } });
  });

  it("an invite's email is the registration's email: empty takes it, another is refused", async () => {
    const { token } = await invite();
    const other = await registerWith(token, { email: "someone.else@example.org" });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({
      success: false,
      results: null,
      message: RegistryMessage.badRequest,
      errors: { email: AccountFieldKey.inviteEmailMismatch },
    });
    const empty = await registerWith(token, { email: "" });
    expect(empty.status).toBe(200);
    const [row] = await t.db.query("select email from medical_records");
    expect(row).toEqual({ email: "ines@example.org" });
  });

  it("refuses an unknown or expired invite and stores nothing", async () => {
    const unknown = await registerWith("not-a-token");
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ form: FormReason.inviteInvalid });
    const { token } = await invite();
    t.advance(INVITE_LIFETIME_MS);
    expect((await registerWith(token)).body.errors).toEqual({ form: FormReason.inviteInvalid });
    expect(await t.count("medical_records")).toBe(0);
    expect(await t.count("if_registrations")).toBe(0);
  });

  it("one invite, two registrations at once: one record", async () => {
    const { token } = await invite();
    const answers = await Promise.all([registerWith(token), registerWith(token, { phoneNumber: "555 210 0077" })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await t.count("medical_records")).toBe(1);
    expect(await t.count("if_registrations")).toBe(1);
  });

  it("a registration without a token has no immune-tolerance registration", async () => {
    const p = await t.register(1);
    const pass = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token });
    expect(pass.body.results.medicalRecord.ifRegistration).toBeNull();
  });

  // POST /validate-phone and the per-address limits of ACC-018 (same database, to open one per file).
  const check = (phoneNumber: unknown, address = "203.0.113.7") =>
    t.call("POST", "/validate-phone", { body: { phoneNumber }, headers: { "x-client-address": address } });

  it("answers valid, invalid and duplicate", async () => {
    await t.register(1, { phoneNumber: "(555) 210-0001" });
    const valid = await check("555-210-0002");
    expect(valid.status).toBe(200);
    expect(envelope(phoneCheck).parse(valid.body)).toEqual({
      success: true,
      results: { isValid: true, status: "valid" },
      message: "Phone number is available",
    });
    const duplicate = await check("555.210.0001");
    expect(duplicate.body).toEqual({
      success: false,
      results: { isValid: false, status: "duplicate" },
      message: "This phone number is already registered",
      errors: { phoneNumber: "validation.phoneTaken" },
    });
    for (const number of ["555-210-000", "", "555 210 00011"]) {
      expect((await check(number)).body, number).toEqual({
        success: false,
        results: { isValid: false, status: "invalid" },
        message: "Please enter a valid 10-digit US phone number",
        errors: { phoneNumber: "validation.phoneInvalidUs" },
      });
    }
    const wrongType = await check(5552100002);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors).toEqual({ phoneNumber: "validation.invalidValue" });
  });

  it("checks a number by the rule of the country sent: an international one with its country code (docs/decisions/049)", async () => {
    await t.register(1, { country: 0, usState: 0, province: "Kent", phoneNumber: "+44 7911 123456" });
    const other = (phoneNumber: string) =>
      t.call("POST", "/validate-phone", { body: { phoneNumber, country: 0 }, headers: { "x-client-address": "203.0.113.9" } });
    expect((await other("+33 6 12 34 56 78")).body).toEqual({
      success: true,
      results: { isValid: true, status: "valid" },
      message: "Phone number is available",
    });
    expect((await other("0044 7911 123456")).body.results).toEqual({ isValid: false, status: "duplicate" });
    expect((await other("+44 79")).body).toEqual({
      success: false,
      results: { isValid: false, status: "invalid" },
      message: "Please enter a valid phone number",
      errors: { phoneNumber: "validation.phoneInvalid" },
    });
    // Without a country, or with the US, the US rule: another country's number is left to the country field (090).
    expect((await check("+33 6 12 34 56 78")).body.errors).toEqual({ phoneNumber: "validation.phoneNotUs" });
  });

  it("answers 60 checks per hour per client address, then 429 limits.tooManyFromConnection", async () => {
    for (let i = 0; i < 60; i++) expect((await check("555-210-0002")).status).toBe(200);
    const limited = await check("555-210-0002");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      success: false,
      results: null,
      message: AccountMessage.tooManyFromConnection,
      errors: { form: FormReason.tooManyFromConnection },
    });
    expect(Number(limited.headers.get("retry-after"))).toBe(3600);
    expect((await check("555-210-0002", "203.0.113.8")).status).toBe(200);
    t.advance(HOUR);
    expect((await check("555-210-0002")).status).toBe(200);
    // Only hashes of the address are kept.
    const subjects = await t.db.query<{ subject: string }>("select distinct subject from rate_limit_hits");
    expect(subjects.every((s) => /^[0-9a-f]{64}$/.test(s.subject))).toBe(true);
  });

  it("POST /register: 10 per hour per client address, counted over a sliding hour", async () => {
    const post = (n: number, address = "198.51.100.4") =>
      t.call("POST", "/register", { body: validRegistration(n), headers: { "x-client-address": address } });
    for (let i = 1; i <= 9; i++) {
      expect((await t.call("POST", "/register", { body: {}, headers: { "x-client-address": "198.51.100.4" } })).status).toBe(400);
      t.advance(60 * 1000);
    }
    expect((await post(1)).status).toBe(200);
    const limited = await post(2);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      success: false,
      results: null,
      message: AccountMessage.tooManyAttempts,
      errors: { form: FormReason.tooManyAttempts },
    });
    expect((await post(2, "198.51.100.5")).status).toBe(200);
    t.advance(HOUR - 9 * 60 * 1000); // the first attempt leaves the window
    expect((await post(3)).status).toBe(200);
    expect((await post(4)).status).toBe(429);
    expect(await t.count("medical_records")).toBe(3);
  });

  it("callers without X-Client-Address share one limit", async () => {
    for (let i = 0; i < 10; i++) {
      const a = await t.handler(new Request("http://registry.test/register", { method: "POST", body: "{}" }));
      expect(a.status).toBe(400);
    }
    const a = await t.handler(new Request("http://registry.test/register", { method: "POST", body: "{}" }));
    expect(a.status).toBe(429);
  });
});

import { describe, expect, it } from "vitest";
import { AccountMessage, ResetStatus, resetResult } from "../contract/accounts";
import { envelope } from "../contract/envelope";
import { testDatabases } from "../db/test-databases";
import { hashLinkToken } from "../domain/one-time-tokens";
import { verifyPassword } from "../domain/passwords";
import { useRegistry } from "../testing/harness";

const MINUTE = 60 * 1000;
const NEW_PASSWORD = "a-brand-new-kidney-passphrase";

describe.each(testDatabases())("forgot and reset password on $name", (target) => {
  const t = useRegistry(target);
  const forgot = (email: string) => t.call("POST", `/forgot-password?emailAddress=${encodeURIComponent(email)}`);
  const reset = (token: string, email: string, password = NEW_PASSWORD) => t.call("POST", "/reset-password", { body: { token, email, password } });
  /** The token of the newest reset link sent to `to`. */
  const linkToken = async (to: string) => {
    const [row] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1 order by id desc limit 1", [to]);
    const link = /http:\/\/portal\.test\/reset-password\?h=([A-Za-z0-9_-]+)/.exec(row?.text_body ?? "");
    if (!link) throw new Error(`no reset link sent to ${to}`);
    return link[1]!;
  };
  const sent = { success: true, results: null, message: AccountMessage.forgotPasswordSent };

  describe("POST /forgot-password", () => {
    it("queues a single-use link built from PUBLIC_URL, storing only its hash (PLT-017)", async () => {
      const p = await t.register(1, { preferredLanguage: 1 });
      const a = await forgot(p.email.toUpperCase());
      expect(a.status).toBe(200);
      expect(a.body).toEqual(sent);
      const [m] = await t.db.query<Record<string, unknown>>("select channel, to_address, subject, text_body, html_body from outbox");
      expect(m).toMatchObject({ channel: "email", to_address: p.email, subject: "Reset your password" });
      const token = await linkToken(p.email);
      expect(m!.text_body).toContain("60 minutes");
      expect(m!.html_body).toContain(`href="http://portal.test/reset-password?h=${token}"`);
      const [row] = await t.db.query<Record<string, unknown>>("select medical_record_id, token_hash, expires_at, used_at from password_resets");
      expect(row).toEqual({
        medical_record_id: p.medicalRecordId,
        token_hash: hashLinkToken(token),
        expires_at: new Date(t.clock.getTime() + 60 * MINUTE),
        used_at: null,
      });
      expect(JSON.stringify(t.logs)).not.toContain(token);
    });

    it("answers the same for an unknown or malformed email, and sends nothing", async () => {
      await t.register(1);
      expect((await forgot("nobody@example.org")).body).toEqual(sent);
      expect((await forgot("not an email")).body).toEqual(sent);
      expect((await t.call("POST", "/forgot-password")).body).toEqual(sent);
      expect(await t.count("outbox")).toBe(0);
      expect(await t.count("password_resets")).toBe(0);
    });

    it("sends at most 5 per email per hour, answering the same", async () => {
      const p = await t.register(1);
      for (let i = 0; i < 6; i++) expect((await forgot(p.email)).body).toEqual(sent);
      expect(await t.count("outbox")).toBe(5);
      t.advance(60 * MINUTE);
      await forgot(p.email);
      expect(await t.count("outbox")).toBe(6);
    });

    it("sends the link to an opted-out patient (asked for), in Spanish for a Spanish speaker", async () => {
      const p = await t.register(1, { preferredLanguage: 2 });
      await t.call("POST", `/api/pass/${p.medicalRecordId}/opt-in-out/1`, { token: p.token });
      await forgot(p.email);
      const [m] = await t.db.query<{ subject: string }>("select subject from outbox");
      expect(m).toEqual({ subject: "Restablezca su contraseña" });
    });
  });

  describe("POST /reset-password", () => {
    it("sets the new password, uses the link, revokes earlier sessions and lifts a lockout", async () => {
      const p = await t.register(1);
      for (let i = 0; i < 10; i++) await t.call("POST", "/authenticate", { body: { email: p.email, password: `wrong-password-${i}` } });
      expect((await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password } })).status).toBe(429);
      await forgot(p.email);
      const token = await linkToken(p.email);
      t.advance(MINUTE);

      const a = await reset(token, ` ${p.email.toUpperCase()} `);
      expect(a.status).toBe(200);
      expect(envelope(resetResult).parse(a.body)).toEqual({
        success: true,
        results: { statusId: 1, status: "Your password has been reset." },
        message: "Your password has been reset.",
      });
      const [account] = await t.db.query<{ password_hash: string; tokens_valid_after: Date }>(
        "select password_hash, tokens_valid_after from accounts",
      );
      expect(await verifyPassword(t.pool, NEW_PASSWORD, account!.password_hash)).toBe(true);
      expect(account!.tokens_valid_after).toEqual(t.clock);
      expect((await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token })).status).toBe(401);
      expect((await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password } })).status).toBe(401);
      expect((await t.call("POST", "/authenticate", { body: { email: p.email, password: NEW_PASSWORD } })).status).toBe(200);
      expect(await t.db.query("select action from audit_log where action = 'auth.password.reset'")).toHaveLength(1);

      const again = await reset(token, p.email, "yet-another-kidney-passphrase");
      expect(again.body.results).toEqual({ statusId: ResetStatus.LinkInvalid, status: "This password reset link is not valid or was already used." });
      expect(again.body.success).toBe(false);
    });

    it("a reset closes the account's other open links", async () => {
      const p = await t.register(1);
      await forgot(p.email);
      const first = await linkToken(p.email);
      await forgot(p.email);
      const second = await linkToken(p.email);
      expect((await reset(second, p.email)).body.results.statusId).toBe(ResetStatus.Success);
      expect((await reset(first, p.email)).body.results.statusId).toBe(ResetStatus.LinkInvalid);
    });

    it("a link is valid 60 minutes", async () => {
      const p = await t.register(1);
      await forgot(p.email);
      const token = await linkToken(p.email);
      t.advance(60 * MINUTE);
      const a = await reset(token, p.email);
      expect(a.status).toBe(200);
      expect(a.body.results).toEqual({
        statusId: ResetStatus.LinkExpired,
        status: "This password reset link has expired. Please ask for a new one.",
      });
      t.advance(-1);
      expect((await reset(token, p.email)).body.results.statusId).toBe(ResetStatus.Success);
    });

    it("refuses an unknown token and an email other than the link's account", async () => {
      const ana = await t.register(1);
      const ben = await t.register(2);
      expect((await reset("made-up-token", ana.email)).body.results.statusId).toBe(ResetStatus.LinkInvalid);
      expect((await reset("", ana.email)).body.results.statusId).toBe(ResetStatus.LinkInvalid);
      await forgot(ana.email);
      const token = await linkToken(ana.email);
      const a = await reset(token, ben.email);
      expect(a.body.results).toEqual({ statusId: ResetStatus.EmailMismatch, status: "This email address does not match the password reset link." });
      // Neither refusal used the link up.
      expect((await reset(token, ana.email)).body.results.statusId).toBe(ResetStatus.Success);
    });

    it.each([
      ["", "validation.passwordRequired", "A password is required"],
      ["short-pass", "validation.passwordTooShort", "Your password must be at least 12 characters long"],
      ["x".repeat(129), "validation.passwordTooLong", "Your password must be at most 128 characters long"],
      ["Password1234", "validation.passwordCommon", "This password is too common and easy to guess. Please choose another one"],
    ])("refuses the password %j with its reason (statusId 5), keeping the link", async (password, key, reason) => {
      const p = await t.register(1);
      await forgot(p.email);
      const token = await linkToken(p.email);
      const a = await reset(token, p.email, password);
      expect(a.status).toBe(200);
      expect(a.body).toEqual({
        success: false,
        results: { statusId: ResetStatus.PasswordRejected, status: reason },
        message: reason,
        errors: { password: key },
      });
      expect((await reset(token, p.email)).body.results.statusId).toBe(ResetStatus.Success);
    });

    it("refuses a malformed body (400)", async () => {
      const a = await t.call("POST", "/reset-password", { body: { token: 1, email: "a@example.org", password: NEW_PASSWORD } });
      expect(a.status).toBe(400);
      expect(a.body.errors).toEqual({ token: "validation.invalidValue" });
    });
  });
});

import { describe, expect, it } from "vitest";
import { ResetStatus } from "../contract/accounts";
import { testDatabases } from "../db/test-databases";
import { useRegistry } from "../testing/harness";

/** docs/decisions/088: reset links closed by a password change, and the security notice after a change or a reset. */
describe.each(testDatabases())("password change and reset: links and notices on $name", (target) => {
  const t = useRegistry(target);
  const NEW_PASSWORD = "a-brand-new-kidney-passphrase";
  const forgot = (email: string) => t.call("POST", `/forgot-password?emailAddress=${encodeURIComponent(email)}`);
  const reset = (token: string, email: string, password = NEW_PASSWORD) => t.call("POST", "/reset-password", { body: { token, email, password } });
  const change = (p: { medicalRecordId: number; token: string; password: string }, password = NEW_PASSWORD) =>
    t.call("POST", `/api/pass/${p.medicalRecordId}/update-password`, {
      token: p.token,
      body: { currentPassword: p.password, password, confirmPassword: password },
    });
  /** The token of the newest reset link sent to `to`. */
  const linkToken = async (to: string) => {
    const [row] = await t.db.query<{ text_body: string }>(
      "select text_body from outbox where to_address = $1 and subject in ('Reset your password', 'Restablezca su contraseña') order by id desc limit 1",
      [to],
    );
    const link = /\/reset-password\?h=([A-Za-z0-9_-]+)/.exec(row?.text_body ?? "");
    if (!link) throw new Error(`no reset link sent to ${to}`);
    return link[1]!;
  };
  type Sent = { channel: string; to_address: string; subject: string; text_body: string; html_body: string | null };
  const outbox = () => t.db.query<Sent>("select channel, to_address, subject, text_body, html_body from outbox order by id");
  /** What a notice must never hold: a link, the passwords, a token. */
  const expectNoSecret = (m: Sent, secrets: string[]) => {
    for (const body of [m.text_body, m.html_body ?? ""]) {
      expect(body).not.toMatch(/https?:\/\//);
      expect(body).not.toContain("href");
      for (const secret of secrets) expect(body).not.toContain(secret);
    }
  };

  describe("a password change", () => {
    it("closes every reset link asked for before it; a link asked for afterwards works", async () => {
      const p = await t.register(1);
      await forgot(p.email);
      const first = await linkToken(p.email);
      await forgot(p.email);
      const second = await linkToken(p.email);
      expect((await change(p)).status).toBe(200);

      for (const token of [first, second]) {
        const refused = await reset(token, p.email, "an-attackers-kidney-passphrase");
        expect(refused.body.success).toBe(false);
        expect(refused.body.results.statusId).toBe(ResetStatus.LinkInvalid);
      }
      // The password is still the one just chosen.
      expect((await t.call("POST", "/authenticate", { body: { email: p.email, password: NEW_PASSWORD } })).status).toBe(200);

      await forgot(p.email);
      expect((await reset(await linkToken(p.email), p.email, "yet-another-kidney-passphrase")).body.results.statusId).toBe(ResetStatus.Success);
    });

    it("sends a security notice in the patient's language, with no link and no secret, even when opted out", async () => {
      // validRegistration's patient prefers Spanish; opted out of automated messages.
      const p = await t.register(1);
      await t.call("POST", `/api/pass/${p.medicalRecordId}/opt-in-out/1`, { token: p.token });
      const answer = await change(p);
      expect(answer.status).toBe(200);
      const sent = await outbox();
      expect(sent).toHaveLength(1);
      const [notice] = sent;
      expect(notice).toMatchObject({ channel: "email", to_address: p.email, subject: "Se cambió la contraseña de su cuenta" });
      expect(notice!.text_body).toContain("se cambió desde su perfil");
      expect(notice!.text_body).toContain("¿Olvidó su contraseña?");
      expectNoSecret(notice!, [p.password, NEW_PASSWORD, p.token, answer.body.results.token]);
    });

    it("also texts a confirmed mobile number, and only a confirmed one", async () => {
      const ana = await t.register(1, { preferredLanguage: 1 });
      await change(ana);
      expect((await outbox()).map((m) => m.channel)).toEqual(["email"]);

      const ben = await t.register(2, { preferredLanguage: 1 });
      await t.db.query("update accounts set is_mobile_verified = true where medical_record_id = $1", [ben.medicalRecordId]);
      await change(ben);
      const toBen = (await outbox()).filter((m) => m.to_address !== ana.email);
      expect(toBen.map((m) => [m.channel, m.to_address, m.subject])).toEqual([
        ["email", ben.email, "The password of your account was changed"],
        ["sms", "+15552100002", ""],
      ]);
      expect(toBen[1]!.text_body).toBe(
        "National Kidney Registry: the password of your account was changed. If you did not make this change, contact the patient team right away.",
      );
      for (const m of toBen) expectNoSecret(m, [ben.password, NEW_PASSWORD, ben.token]);
    });

    it("a refused change sends nothing and keeps the links open", async () => {
      const p = await t.register(1);
      await forgot(p.email);
      const token = await linkToken(p.email);
      const before = await t.count("outbox");
      expect((await change({ ...p, password: "not-my-password-at-all" })).status).toBe(400);
      expect(await t.count("outbox")).toBe(before);
      expect((await reset(token, p.email)).body.results.statusId).toBe(ResetStatus.Success);
    });
  });

  describe("a reset", () => {
    it("closes the account's other links and sends a security notice after the link's email, with no link", async () => {
      const p = await t.register(1, { preferredLanguage: 1 });
      await forgot(p.email);
      const first = await linkToken(p.email);
      await forgot(p.email);
      const second = await linkToken(p.email);
      expect((await reset(second, p.email)).body.results.statusId).toBe(ResetStatus.Success);
      expect((await reset(first, p.email, "an-attackers-kidney-passphrase")).body.results.statusId).toBe(ResetStatus.LinkInvalid);

      const sent = await outbox();
      expect(sent.map((m) => m.subject)).toEqual(["Reset your password", "Reset your password", "The password of your account was changed"]);
      const notice = sent[2]!;
      expect(notice).toMatchObject({ channel: "email", to_address: p.email });
      expect(notice.text_body).toContain("was reset with a link sent to this email address");
      expect(notice.text_body).toContain("earlier password reset links no longer work");
      expectNoSecret(notice, [p.password, NEW_PASSWORD, first, second]);
    });

    it("a refused reset sends no notice", async () => {
      const p = await t.register(1);
      await forgot(p.email);
      const token = await linkToken(p.email);
      expect((await reset(token, p.email, "short-pass")).body.results.statusId).toBe(ResetStatus.PasswordRejected);
      expect(await t.count("outbox")).toBe(1);
    });
  });
});

import { describe, expect, it } from "vitest";
import { envelope, RegistryMessage } from "../contract/envelope";
import { authResult, refreshResult } from "../contract/schemas";
import { testDatabases } from "../db/test-databases";
import { issueToken } from "../domain/tokens";
import { TEST_SETTINGS, useRegistry } from "../testing/harness";

const SECOND = 1000;
const MINUTE = 60 * 1000;

describe.each(testDatabases())("sign-in endpoints on $name", (target) => {
  const t = useRegistry(target);
  const login = (email: string, password: string) => t.call("POST", "/authenticate", { body: { email, password } });

  describe("POST /authenticate", () => {
    it("signs in with the email in any case and answers a 30-minute token", async () => {
      const p = await t.register(1);
      t.advance(MINUTE);
      const a = await login(p.email.toUpperCase(), p.password);
      expect(a.status).toBe(200);
      const results = envelope(authResult).parse(a.body).results!;
      expect(results.medicalRecordId).toBe(p.medicalRecordId);
      expect(results.expires).toBe(new Date(t.clock.getTime() + 30 * MINUTE).toISOString());
      const pass = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: results.token });
      expect(pass.status).toBe(200);
      const audit = await t.db.query("select actor_kind, action from audit_log where action like 'auth.%'");
      expect(audit).toEqual([{ actor_kind: "patient", action: "auth.login" }]);
    });

    it("answers the same generic 401 for a wrong password and an unknown email", async () => {
      const p = await t.register(1);
      const wrong = await login(p.email, "not-the-right-password");
      const unknown = await login("nobody@example.org", p.password);
      for (const a of [wrong, unknown]) {
        expect(a.status).toBe(401);
        expect(a.body).toEqual({ success: false, results: null, message: RegistryMessage.invalidCredentials });
      }
      expect(await t.count("login_failures")).toBe(2);
    });

    it("answers missing fields with the contract's keys, wrong types as invalid, and counts neither as a failure", async () => {
      const missing = await t.call("POST", "/authenticate", { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ email: "validation.emailRequired", password: "validation.passwordRequired" });
      const blank = await t.call("POST", "/authenticate", { body: { email: "  ", password: "" } });
      expect(blank.body.errors).toEqual({ email: "validation.emailRequired", password: "validation.passwordRequired" });
      const types = await t.call("POST", "/authenticate", { body: { email: 42, password: ["x"] } });
      expect(types.status).toBe(400);
      expect(types.body).toEqual({
        success: false,
        results: null,
        message: RegistryMessage.badRequest,
        errors: { email: "validation.invalidValue", password: "validation.invalidValue" },
      });
      const json = await t.call("POST", "/authenticate", { rawBody: "email=a&password=b" });
      expect(json.status).toBe(400);
      expect(json.body.message).toBe(RegistryMessage.invalidJson);
      expect(await t.count("login_failures")).toBe(0);
    });

    it("after 10 failures in 15 minutes, an unknown device gets one try a minute, even with the right password (ACC-022, decision 087)", async () => {
      const p = await t.register(1);
      for (let i = 0; i < 10; i++) {
        t.advance(SECOND);
        expect((await login(p.email, `wrong-password-${i}`)).status).toBe(401);
      }
      t.advance(10 * SECOND);
      const locked = await login(p.email, p.password);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ success: false, results: null, message: RegistryMessage.lockedOut });
      expect(Number(locked.headers.get("retry-after"))).toBe(50);
      expect((await login(p.email.toUpperCase(), p.password)).status).toBe(429);
      expect(await t.db.query("select action from audit_log where action = 'auth.login.locked'")).toHaveLength(1);

      t.advance(50 * SECOND - 1000);
      expect((await login(p.email, p.password)).status).toBe(429);
      t.advance(1000);
      // One try: a wrong one starts the next minute's wait; a right one signs in.
      expect((await login(p.email, "wrong-again-password")).status).toBe(401);
      expect((await login(p.email, p.password)).status).toBe(429);
      t.advance(MINUTE);
      expect((await login(p.email, p.password)).status).toBe(200);
    });

    it("does not lock when the failures are spread over more than 15 minutes", async () => {
      const p = await t.register(1);
      for (let i = 0; i < 12; i++) {
        t.advance(2 * MINUTE);
        expect((await login(p.email, "wrong-password!")).status).toBe(401);
      }
      expect((await login(p.email, p.password)).status).toBe(200);
    });

    it("starts counting again after a successful sign-in", async () => {
      const p = await t.register(1);
      for (let i = 0; i < 9; i++) await login(p.email, "wrong-password!");
      expect((await login(p.email, p.password)).status).toBe(200);
      expect(await t.count("login_failures")).toBe(0);
      for (let i = 0; i < 9; i++) await login(p.email, "wrong-password!");
      expect((await login(p.email, p.password)).status).toBe(200);
    });

    it("locks an unknown email the same way, so a lockout reveals nothing", async () => {
      for (let i = 0; i < 10; i++) expect((await login("ghost@example.org", "whatever-password")).status).toBe(401);
      expect((await login("ghost@example.org", "whatever-password")).status).toBe(429);
    });

    it("rehashes a password stored with older scrypt parameters", async () => {
      const p = await t.register(1);
      const stronger = t.handlerWith({ scrypt: { N: 2 ** 11, r: 8, p: 1 } });
      expect((await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password } }, stronger)).status).toBe(200);
      const [row] = await t.db.query<{ password_hash: string }>("select password_hash from accounts");
      expect(row!.password_hash).toMatch(/^scrypt\$2048\$8\$1\$/);
      expect((await login(p.email, p.password)).status).toBe(200);
    });
  });

  describe("GET /validate-token", () => {
    it("answers the record of a valid token", async () => {
      const p = await t.register(1);
      const a = await t.call("GET", "/validate-token", { token: p.token });
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ success: true, results: { medicalRecordId: p.medicalRecordId }, message: null });
    });

    it("answers success false for a missing, forged, expired or revoked token", async () => {
      const p = await t.register(1);
      const missing = await t.call("GET", "/validate-token");
      expect(missing.body).toEqual({ success: false, results: null, message: RegistryMessage.tokenNotFound });
      const forged = issueToken("another-secret-another-secret-another", p.medicalRecordId, t.clock).token;
      const tampered = p.token.slice(0, -2) + (p.token.endsWith("A") ? "BB" : "AA");
      for (const token of ["garbage", forged, tampered]) {
        const a = await t.call("GET", "/validate-token", { token: token });
        expect(a.status).toBe(200);
        expect(a.body).toEqual({ success: false, results: null, message: RegistryMessage.tokenExpired });
      }
      t.advance(30 * MINUTE);
      expect((await t.call("GET", "/validate-token", { token: p.token })).body.success).toBe(false);
    });

    it("takes the token as a bearer header too (the portal's check, docs/decisions/023): refused once signed out or the password changed", async () => {
      const p = await t.register(1);
      const other = (await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password } })).body.results.token as string;
      const check = async (token: string) => (await t.call("GET", "/validate-token", { token })).body;
      expect(await check(p.token)).toEqual({ success: true, results: { medicalRecordId: p.medicalRecordId }, message: null });
      t.advance(MINUTE);
      expect((await t.call("POST", "/revoke-token", { token: p.token })).status).toBe(200);
      expect(await check(p.token)).toEqual({ success: false, results: null, message: RegistryMessage.tokenExpired });
      expect((await check(other)).success).toBe(false);
      // A new sign-in works; a password change elsewhere ends it.
      const again = (await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password } })).body.results.token as string;
      expect((await check(again)).success).toBe(true);
      t.advance(MINUTE);
      const changed = await t.call("POST", `/api/pass/${p.medicalRecordId}/update-password`, {
        token: again,
        body: { currentPassword: p.password, password: "a new kidney passphrase", confirmPassword: "a new kidney passphrase" },
      });
      expect(changed.status).toBe(200);
      expect((await check(again)).success).toBe(false);
      expect((await check(changed.body.results.token)).success).toBe(true);
    });

    it("refuses a token of a record that has no account", async () => {
      const token = issueToken(TEST_SETTINGS.tokenSecret, 999, t.clock).token;
      expect((await t.call("GET", "/validate-token", { token: token })).body.success).toBe(false);
    });
  });

  describe("GET /refresh-token", () => {
    it("answers a new token that outlives the old one", async () => {
      const p = await t.register(1);
      t.advance(20 * MINUTE);
      const a = await t.call("GET", "/refresh-token", { token: p.token });
      expect(a.status).toBe(200);
      const results = envelope(refreshResult).parse(a.body).results!;
      expect(results.token).not.toBe(p.token);
      expect(results.expires).toBe(new Date(t.clock.getTime() + 30 * MINUTE).toISOString());
      t.advance(15 * MINUTE); // the first token has expired, the refreshed one has not
      expect((await t.call("GET", "/validate-token", { token: p.token })).body.success).toBe(false);
      expect((await t.call("GET", "/validate-token", { token: results.token })).body.success).toBe(true);
    });

    it("answers 401 and success false for a missing or expired token", async () => {
      const p = await t.register(1);
      const missing = await t.call("GET", "/refresh-token");
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({ success: false, results: null, message: RegistryMessage.tokenNotFound });
      t.advance(30 * MINUTE);
      const expired = await t.call("GET", "/refresh-token", { token: p.token });
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ success: false, results: null, message: RegistryMessage.tokenExpired });
    });
  });

  describe("POST /revoke-token", () => {
    it("signs the account out everywhere; a later sign-in works", async () => {
      const p = await t.register(1);
      t.advance(MINUTE);
      const other = (await login(p.email, p.password)).body.results.token as string;
      t.advance(MINUTE);
      const a = await t.call("POST", "/revoke-token", { token: p.token });
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ success: true, results: { tokensValidAfter: t.clock.toISOString() }, message: null });
      const [row] = await t.db.query<{ tokens_valid_after: Date }>("select tokens_valid_after from accounts");
      expect(row!.tokens_valid_after).toEqual(t.clock);

      for (const token of [p.token, other]) {
        const pass = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token });
        expect(pass.status).toBe(401);
        expect(pass.body.message).toBe(RegistryMessage.tokenExpired);
        expect((await t.call("GET", "/refresh-token", { token: token })).status).toBe(401);
      }
      t.advance(1);
      const again = (await login(p.email, p.password)).body.results.token as string;
      expect((await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: again })).status).toBe(200);
    });

    it("needs a valid bearer token", async () => {
      const none = await t.call("POST", "/revoke-token");
      expect(none.status).toBe(401);
      expect(none.body.message).toBe(RegistryMessage.tokenNotFound);
      const bad = await t.call("POST", "/revoke-token", { token: "v1.abc.def" });
      expect(bad.status).toBe(401);
      expect(bad.body.message).toBe(RegistryMessage.tokenExpired);
    });
  });
});

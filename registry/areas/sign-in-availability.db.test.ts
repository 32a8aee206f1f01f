import { describe, expect, it } from "vitest";
import { AccountMessage, FormReason } from "../contract/accounts";
import { RegistryMessage } from "../contract/envelope";
import { KNOWN_DEVICE_HEADER, knownDeviceHeader, SIGN_IN_THROTTLE, SignInMessage, SignInReason } from "../contract/sign-in";
import { RATE_LIMITS } from "../data/rate-limits";
import { testDatabases } from "../db/test-databases";
import { useRegistry } from "../testing/harness";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const OWNER_DEVICE = "ownerDevice-0123456789";
const OTHER_DEVICE = "otherDevice-0123456789";
const TOO_MANY = { success: false, results: null, message: AccountMessage.tooManyFromConnection, errors: { form: FormReason.tooManyFromConnection } };

/** Sign-in that stays available (docs/decisions/087): known devices, the throttle, the cap, IPv6 /64 keys. */
describe.each(testDatabases())("sign-in availability on $name", (target) => {
  const t = useRegistry(target);
  // A number whose exchange can exist (docs/decisions/090).
  const patient = (n: number) => t.register(n, { phoneNumber: `(312) 245-${String(n).padStart(4, "0")}` });
  // A mark's entry written now (docs/decisions/132: after the account's last password change) unless `since` says.
  const login = (email: string, password: string, address: string, device?: { deviceId: string; medicalRecordId: number; since?: number }) =>
    t.call("POST", "/authenticate", {
      body: { email, password },
      headers: {
        "x-client-address": address,
        ...(device ? { [KNOWN_DEVICE_HEADER]: knownDeviceHeader({ since: Math.floor(t.clock.getTime() / 1000), ...device }) } : {}),
      },
    });

  describe("per-address limits keyed by IPv6 /64", () => {
    it(`three addresses of one /64 share one budget of ${RATE_LIMITS.signInEmails.max} emails; another /64 has its own`, async () => {
      const addresses = ["2001:db8:7:1::1", "2001:db8:7:1::2", "2001:db8:7:1:ffff:ffff:ffff:3"];
      for (let i = 0; i < RATE_LIMITS.signInEmails.max; i++) {
        expect((await login(`spray${i}@example.org`, "Winter2026!", addresses[i % 3]!)).status).toBe(401);
      }
      const refused = await login("spray-new@example.org", "Winter2026!", "2001:db8:7:1::4");
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(TOO_MANY);
      expect((await login("spray-new@example.org", "Winter2026!", "2001:db8:7:2::1")).status).toBe(401);
    });

    it("counts an IPv4-mapped IPv6 address as its IPv4 address", async () => {
      for (let i = 0; i < RATE_LIMITS.signInEmails.max; i++) {
        expect((await login(`mapped${i}@example.org`, "Winter2026!", i % 2 ? "::ffff:198.51.100.9" : "198.51.100.9")).status).toBe(401);
      }
      expect((await login("mapped-new@example.org", "Winter2026!", "::ffff:198.51.100.9")).status).toBe(429);
    });
  });

  it("a sign-in refused by the account's throttle spends nothing of the address's budget (docs/decisions/135)", async () => {
    const p = await patient(1);
    for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures; i++) expect((await login(p.email, `wrong-${i}`, `203.0.113.${i + 1}`)).status).toBe(401);
    const hits = await t.count("rate_limit_hits");
    // A household behind one address: more refusals than the address's limit, none of them a try.
    for (let i = 0; i <= RATE_LIMITS.signIn.max; i++) {
      const refused = await login(p.email, p.password, "198.51.100.77");
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(RegistryMessage.lockedOut);
    }
    expect(await t.count("rate_limit_hits")).toBe(hits);
    t.advance(SIGN_IN_THROTTLE.spacingMs);
    expect((await login(p.email, p.password, "198.51.100.77")).status).toBe(200);
  });

  describe("known devices", () => {
    it("the owner's known browser signs in after 10 strangers' failures from 10 addresses; an unknown device waits a minute", async () => {
      const p = await patient(1);
      const owner = { deviceId: OWNER_DEVICE, medicalRecordId: p.medicalRecordId };
      for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures; i++) expect((await login(p.email, `wrong-${i}`, `203.0.113.${i + 1}`)).status).toBe(401);
      const stranger = await login(p.email, p.password, "203.0.113.200");
      expect(stranger.status).toBe(429);
      expect(stranger.body).toEqual({ success: false, results: null, message: RegistryMessage.lockedOut });
      expect(Number(stranger.headers.get("retry-after"))).toBe(60);

      const known = await login(p.email, p.password, "203.0.113.201", owner);
      expect(known.status).toBe(200);
      expect(known.body.results.medicalRecordId).toBe(p.medicalRecordId);
      // The owner's success does not lift the strangers' throttle.
      expect((await login(p.email, p.password, "203.0.113.202")).status).toBe(429);
    });

    it("a known device's wrong passwords count for it alone; a claim for another account is an unknown device", async () => {
      const p = await patient(1);
      const q = await patient(2);
      const owner = { deviceId: OWNER_DEVICE, medicalRecordId: p.medicalRecordId };
      for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures; i++) expect((await login(p.email, `typo-${i}`, "192.0.2.10", owner)).status).toBe(401);
      expect((await login(p.email, p.password, "192.0.2.10", owner)).status).toBe(429);
      // Another known device of the account, and unknown devices, are not held up by it.
      expect((await login(p.email, p.password, "192.0.2.11", { deviceId: OTHER_DEVICE, medicalRecordId: p.medicalRecordId })).status).toBe(200);
      expect((await login(p.email, p.password, "192.0.2.12")).status).toBe(200);
      // A device known for q claims nothing for p.
      for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures; i++) expect((await login(p.email, `wrong-${i}`, `203.0.113.${i + 1}`)).status).toBe(401);
      expect((await login(p.email, p.password, "192.0.2.13", { deviceId: OTHER_DEVICE, medicalRecordId: q.medicalRecordId })).status).toBe(429);
    });

    it("a known device skips the per-address limits (a shared kiosk, a dialysis clinic's network)", async () => {
      const p = await patient(1);
      const kiosk = "198.51.100.77";
      for (let i = 0; i < RATE_LIMITS.signIn.max; i++) expect((await login(`visitor${i % 10}@example.org`, "wrong", kiosk)).status).toBe(401);
      expect((await login(p.email, p.password, kiosk)).status).toBe(429);
      expect((await login(p.email, p.password, kiosk, { deviceId: OWNER_DEVICE, medicalRecordId: p.medicalRecordId })).status).toBe(200);
    });
  });

  describe(`the cap: ${SIGN_IN_THROTTLE.consecutiveCap} failures in a row`, () => {
    it("never forces the owner's reset: 200 strangers' failures, then a new browser's right password emails a one-time link", async () => {
      const p = await patient(1);
      for (let i = 0; i < 2 * SIGN_IN_THROTTLE.consecutiveCap; i++) {
        t.advance(MINUTE);
        expect((await login(p.email, `guess-${i}`, `203.0.${i >> 8}.${i & 255}`)).status, `guess ${i}`).toBe(
          i < SIGN_IN_THROTTLE.consecutiveCap ? 401 : 403,
        );
      }
      const outbox = () => t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1 order by id", [p.email]);
      const before = (await outbox()).length;
      const EMAIL_LINK = { success: false, results: null, message: SignInMessage.emailLink, errors: { form: SignInReason.emailLink } };
      // A wrong password over the cap learns nothing: the same answer as the right one, and no email.
      t.advance(MINUTE);
      const wrong = await login(p.email, "still guessing", "203.0.113.9");
      expect(wrong.status).toBe(403);
      expect(wrong.body).toEqual(EMAIL_LINK);
      expect(await outbox()).toHaveLength(before);
      t.advance(MINUTE);
      const right = await login(p.email, p.password, "192.0.2.50");
      expect(right.status).toBe(403);
      expect(right.body).toEqual(EMAIL_LINK);
      const sent = await outbox();
      expect(sent).toHaveLength(before + 1);
      const token = /sign-in-link\?h=([A-Za-z0-9_-]+)/.exec(sent.at(-1)?.text_body ?? "")?.[1] ?? "";
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only the token's hash is kept.
      const [stored] = await t.db.query<{ token_hash: string }>("select token_hash from sign_in_links");
      expect(stored?.token_hash).not.toContain(token);
      expect(JSON.stringify(t.logs)).not.toContain(token);

      const link = await t.call("POST", "/sign-in-link", { body: { token }, headers: { "x-client-address": "192.0.2.50" } });
      expect(link.status).toBe(200);
      expect(link.body.results.medicalRecordId).toBe(p.medicalRecordId);
      const again = await t.call("POST", "/sign-in-link", { body: { token } });
      expect(again.status).toBe(400);
      expect(again.body.errors).toEqual({ form: SignInReason.linkInvalid });
      // The owner's known browser still signs in with the password alone.
      t.advance(MINUTE);
      expect((await login(p.email, p.password, "192.0.2.52", { deviceId: OWNER_DEVICE, medicalRecordId: p.medicalRecordId })).status).toBe(200);
    });

    it("a sign-in link is short-lived, and a password reset closes it and ends the cap", async () => {
      const p = await patient(1);
      for (let i = 0; i < SIGN_IN_THROTTLE.consecutiveCap; i++) {
        t.advance(MINUTE);
        await login(p.email, `guess-${i}`, `203.0.${i >> 8}.${i & 255}`);
      }
      const linkOf = async () => {
        const [row] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1 order by id desc limit 1", [
          p.email,
        ]);
        return /sign-in-link\?h=([A-Za-z0-9_-]+)/.exec(row?.text_body ?? "")?.[1] ?? "";
      };
      t.advance(MINUTE);
      expect((await login(p.email, p.password, "192.0.2.50")).status).toBe(403);
      const expired = await linkOf();
      t.advance(SIGN_IN_THROTTLE.linkLifetimeMs + SECOND);
      expect((await t.call("POST", "/sign-in-link", { body: { token: expired } })).status).toBe(400);
      expect((await login(p.email, p.password, "192.0.2.51")).status).toBe(403);
      const open = await linkOf();
      expect(open).not.toBe(expired);

      expect((await t.call("POST", `/forgot-password?emailAddress=${encodeURIComponent(p.email)}`)).status).toBe(200);
      const [row] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1 order by id desc limit 1", [p.email]);
      const reset = /reset-password\?h=([A-Za-z0-9_-]+)/.exec(row?.text_body ?? "")?.[1] ?? "";
      const newPassword = "a brand new kidney passphrase";
      expect((await t.call("POST", "/reset-password", { body: { token: reset, email: p.email, password: newPassword } })).body.success).toBe(true);
      expect((await t.call("POST", "/sign-in-link", { body: { token: open } })).status).toBe(400);
      expect((await login(p.email, newPassword, "192.0.2.54")).status).toBe(200);
    });

    it("counts failures in a row: a successful sign-in starts the count again", async () => {
      const p = await patient(1);
      for (let i = 0; i < SIGN_IN_THROTTLE.consecutiveCap - 1; i++) {
        t.advance(MINUTE);
        expect((await login(p.email, `guess-${i}`, `203.0.${i >> 8}.${i & 255}`)).status).toBe(401);
      }
      t.advance(MINUTE);
      expect((await login(p.email, p.password, "192.0.2.60", { deviceId: OWNER_DEVICE, medicalRecordId: p.medicalRecordId })).status).toBe(200);
      t.advance(MINUTE);
      expect((await login(p.email, "one more guess", "192.0.2.61")).status).toBe(401);
      t.advance(MINUTE);
      expect((await login(p.email, p.password, "192.0.2.62")).status).toBe(200);
    });
  });
  describe("an atomic throttle (docs/decisions/132)", () => {
    it("30 simultaneous wrong tries after the throttle opens: at most 1 is evaluated, the rest wait with Retry-After", async () => {
      const p = await patient(1);
      for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures; i++) expect((await login(p.email, `wrong-${i}`, `203.0.113.${i + 1}`)).status).toBe(401);
      t.advance(MINUTE + SECOND);
      const evaluated = async () =>
        (await t.db.query<{ n: number }>("select count(*)::int as n from audit_log where action like 'auth.login.%'"))[0]!.n;
      const before = await evaluated();
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(p.email, `burst-${i}`, `198.51.100.${i + 1}`)));
      const statuses = answers.map((a) => a.status);
      expect(await evaluated()).toBeLessThanOrEqual(before + 1);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(1);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(29);
      for (const a of answers.filter((a) => a.status === 429)) expect(Number(a.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    });

    it("a right password in flight takes its reservation back: the count of failures does not grow", async () => {
      const p = await patient(1);
      for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures - 1; i++) expect((await login(p.email, `wrong-${i}`, "203.0.113.1")).status).toBe(401);
      expect((await login(p.email, p.password, "192.0.2.9")).status).toBe(200);
      const [row] = await t.db.query<{ n: number }>("select count(*)::int as n from login_failures where email = $1", [p.email]);
      expect(row?.n).toBe(0);
    });
  });

  describe("the signed-in owner's current password (docs/decisions/132)", () => {
    const strangersThrottle = async (email: string) => {
      for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures; i++) expect((await login(email, `wrong-${i}`, `203.0.113.${i + 1}`)).status).toBe(401);
      expect((await login(email, "another", "203.0.113.99")).status).toBe(429);
    };

    it("changes the password and closes the account with the right current password while strangers throttle the account", async () => {
      const p = await patient(1);
      await strangersThrottle(p.email);
      const newPassword = "a new kidney passphrase";
      const changed = await t.call("POST", `/api/pass/${p.medicalRecordId}/update-password`, {
        token: p.token,
        body: { currentPassword: p.password, password: newPassword, confirmPassword: newPassword },
      });
      expect(changed.status).toBe(200);
      await strangersThrottle(p.email);
      const closed = await t.call("POST", `/api/pass/${p.medicalRecordId}/close-account`, {
        token: changed.body.results.token,
        body: { currentPassword: newPassword },
      });
      expect(closed.status).toBe(200);
    });

    it("the owner's own wrong current passwords count on their own budget, apart from strangers'", async () => {
      const p = await patient(1);
      const change = (currentPassword: string) =>
        t.call("POST", `/api/pass/${p.medicalRecordId}/update-password`, {
          token: p.token,
          body: { currentPassword, password: "a new kidney passphrase", confirmPassword: "a new kidney passphrase" },
        });
      for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures - 1; i++) expect((await change(`typo-${i}`)).status).toBe(400);
      expect((await change("typo-last")).status).toBe(429);
      expect((await change(p.password)).status).toBe(429);
      // Strangers' budget is their own: an unknown device still signs in.
      expect((await login(p.email, p.password, "192.0.2.30")).status).toBe(200);
      t.advance(MINUTE + SECOND);
      expect((await change(p.password)).status).toBe(200);
    });
  });

  describe("marks bound to the password (docs/decisions/132)", () => {
    it("a password change retires every mark: an old mark is a stranger, one written after the change is known", async () => {
      const p = await patient(1);
      const oldMark = { deviceId: OTHER_DEVICE, medicalRecordId: p.medicalRecordId, since: Math.floor(t.clock.getTime() / 1000) };
      t.advance(MINUTE);
      const newPassword = "a new kidney passphrase";
      const changed = await t.call("POST", `/api/pass/${p.medicalRecordId}/update-password`, {
        token: p.token,
        body: { currentPassword: p.password, password: newPassword, confirmPassword: newPassword },
      });
      expect(changed.status).toBe(200);
      t.advance(MINUTE);
      for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures; i++) expect((await login(p.email, `wrong-${i}`, `203.0.113.${i + 1}`)).status).toBe(401);
      expect((await login(p.email, newPassword, "192.0.2.40", oldMark)).status).toBe(429);
      expect((await login(p.email, newPassword, "192.0.2.41", { deviceId: OWNER_DEVICE, medicalRecordId: p.medicalRecordId })).status).toBe(200);
    });

    it("a known device's own failures are capped: after 100 in a row its mark is a stranger's", async () => {
      const p = await patient(1);
      const stolen = { deviceId: OTHER_DEVICE, medicalRecordId: p.medicalRecordId };
      for (let i = 0; i < SIGN_IN_THROTTLE.consecutiveCap; i++) {
        t.advance(MINUTE);
        expect((await login(p.email, `guess-${i}`, "198.51.100.40", stolen)).status, `guess ${i}`).toBe(401);
      }
      t.advance(MINUTE);
      // Strangers throttle the account; the capped mark now waits with them, another known device does not.
      for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures; i++) expect((await login(p.email, `wrong-${i}`, `203.0.113.${i + 1}`)).status).toBe(401);
      expect((await login(p.email, p.password, "198.51.100.40", stolen)).status).toBe(429);
      expect((await login(p.email, p.password, "192.0.2.41", { deviceId: OWNER_DEVICE, medicalRecordId: p.medicalRecordId })).status).toBe(200);
    });
  });
});

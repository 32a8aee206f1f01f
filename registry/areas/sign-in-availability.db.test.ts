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
  const login = (email: string, password: string, address: string, device?: { deviceId: string; medicalRecordId: number }) =>
    t.call("POST", "/authenticate", {
      body: { email, password },
      headers: { "x-client-address": address, ...(device ? { [KNOWN_DEVICE_HEADER]: knownDeviceHeader(device) } : {}) },
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
    it("ends in a plain prompt to reset the password for unknown devices (never a silent lock); the known device still signs in; a reset lifts it", async () => {
      const p = await patient(1);
      for (let i = 0; i < SIGN_IN_THROTTLE.consecutiveCap; i++) {
        t.advance(MINUTE);
        expect((await login(p.email, `guess-${i}`, `203.0.${i >> 8}.${i & 255}`)).status, `guess ${i}`).toBe(401);
      }
      t.advance(MINUTE);
      const prompt = await login(p.email, p.password, "192.0.2.50");
      expect(prompt.status).toBe(403);
      expect(prompt.body).toEqual({
        success: false,
        results: null,
        message: SignInMessage.resetRequired,
        errors: { form: SignInReason.resetRequired },
      });
      // Waiting does not lift it; the owner's known browser still gets in.
      t.advance(24 * 60 * MINUTE);
      expect((await login(p.email, p.password, "192.0.2.51")).status).toBe(403);
      expect((await login(p.email, p.password, "192.0.2.52", { deviceId: OWNER_DEVICE, medicalRecordId: p.medicalRecordId })).status).toBe(200);
      expect((await login(p.email, p.password, "192.0.2.53")).status).toBe(403);

      // The reset link flow lifts it.
      expect((await t.call("POST", `/forgot-password?emailAddress=${encodeURIComponent(p.email)}`)).status).toBe(200);
      const [row] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1 order by id desc limit 1", [p.email]);
      const token = /reset-password\?h=([A-Za-z0-9_-]+)/.exec(row?.text_body ?? "")?.[1] ?? "";
      const newPassword = "a brand new kidney passphrase";
      const reset = await t.call("POST", "/reset-password", { body: { token, email: p.email, password: newPassword } });
      expect(reset.body.success).toBe(true);
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
});

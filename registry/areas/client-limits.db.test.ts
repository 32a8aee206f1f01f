import { afterAll, describe, expect, it } from "vitest";
import { AccountMessage, FormReason } from "../contract/accounts";
import { CodeResult } from "../contract/enums";
import { RegistryMessage } from "../contract/envelope";
import { LabFormReason } from "../contract/labs";
import { RATE_LIMITS } from "../data/rate-limits";
import { testDatabases } from "../db/test-databases";
import { ScryptPool, type ScryptJob } from "../domain/scrypt-pool";
import { createRegistryHandler } from "../handler";
import { TEST_SETTINGS, useRegistry, validRegistration } from "../testing/harness";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const FLOOD = "203.0.113.66";
const NEIGHBOUR = "203.0.113.67";
const TOO_MANY = { success: false, results: null, message: AccountMessage.tooManyFromConnection, errors: { form: FormReason.tooManyFromConnection } };

/** The per-client-address limits of docs/decisions/021 and the busy answer of docs/decisions/020, through the handler. */
describe.each(testDatabases())("per-client-address limits on $name", (target) => {
  const t = useRegistry(target);
  const from = (address: string) => ({ "x-client-address": address });
  const login = (email: string, password: string, address = FLOOD) =>
    t.call("POST", "/authenticate", { body: { email, password }, headers: from(address) });

  describe("sign-in", () => {
    it(`after ${RATE_LIMITS.signIn.max} failed attempts from one address in 15 minutes, refuses the next, before hashing, with Retry-After; other addresses go on`, async () => {
      const emails = Array.from({ length: 5 }, (_, i) => `nobody${i}@example.org`);
      // 6 failures per email: under the per-account lockout (10), 30 from the address.
      for (let i = 0; i < RATE_LIMITS.signIn.max; i++) expect((await login(emails[i % 5]!, `wrong-${i}`)).status).toBe(401);
      const hashed = t.pool.stats().done;
      const refused = await login(emails[0]!, "wrong-again");
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(TOO_MANY);
      expect(Number(refused.headers.get("retry-after"))).toBe(15 * 60);
      expect(t.pool.stats().done).toBe(hashed); // refused before any hashing
      expect((await login(emails[0]!, "wrong-again", NEIGHBOUR)).status).toBe(401);
      t.advance(15 * MINUTE);
      expect((await login(emails[0]!, "wrong-again")).status).toBe(401);
    });

    it("does not count successful sign-ins, so a household or a clinic behind one address is not held up", async () => {
      const p = await t.register(1);
      for (let i = 0; i < RATE_LIMITS.signIn.max - 1; i++) expect((await login(`typo${i % 9}@example.org`, "wrong")).status).toBe(401);
      for (let i = 0; i < 5; i++) expect((await login(p.email, p.password)).status).toBe(200);
      expect((await login("typo0@example.org", "wrong")).status).toBe(401);
      expect((await login(p.email, p.password)).status).toBe(429);
    });

    it(`after ${RATE_LIMITS.signInEmails.max} distinct emails tried from one address in an hour (spraying), refuses a new one; emails already tried go on`, async () => {
      for (let i = 0; i < RATE_LIMITS.signInEmails.max; i++) expect((await login(`spray${i}@example.org`, "Winter2026!")).status).toBe(401);
      const refused = await login("spray-new@example.org", "Winter2026!");
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(TOO_MANY);
      expect(Number(refused.headers.get("retry-after"))).toBe(60 * 60);
      expect((await login("SPRAY3@example.org", "Summer2026!")).status).toBe(401);
      expect((await login("spray-new@example.org", "Winter2026!", NEIGHBOUR)).status).toBe(401);
      t.advance(HOUR);
      expect((await login("spray-new@example.org", "Winter2026!")).status).toBe(401);
    });

    it("keeps the per-account lockout (ACC-022) for failures spread over many addresses", async () => {
      const p = await t.register(1);
      for (let i = 0; i < 10; i++) expect((await login(p.email, "wrong", `198.51.100.${i}`)).status).toBe(401);
      const locked = await login(p.email, p.password, "198.51.100.200");
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ success: false, results: null, message: RegistryMessage.lockedOut });
    });
  });

  it(`forgot password: ${RATE_LIMITS.forgotPasswordClient.max} requests per address per hour, then 429 with Retry-After`, async () => {
    const forgot = (email: string, address = FLOOD) =>
      t.call("POST", `/forgot-password?emailAddress=${encodeURIComponent(email)}`, { headers: from(address) });
    for (let i = 0; i < RATE_LIMITS.forgotPasswordClient.max; i++) expect((await forgot(`someone${i}@example.org`)).status).toBe(200);
    const refused = await forgot("someone@example.org");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    expect(Number(refused.headers.get("retry-after"))).toBe(60 * 60);
    expect((await forgot("someone@example.org", NEIGHBOUR)).status).toBe(200);
  });

  it(`confirmation codes: ${RATE_LIMITS.codeEntry.max} wrong or expired codes per address per hour; a right code is not counted`, async () => {
    const p = await t.register(1);
    const confirm = (code: string, address = FLOOD) =>
      t.call("POST", `/api/mfa/update-confirmation?medicalRecordId=${p.medicalRecordId}`, {
        token: p.token,
        body: { code, value: p.email, isEmail: true },
        headers: from(address),
      });
    expect(
      (await t.call("POST", "/api/mfa/send-confirmation-email", { token: p.token, body: { medicalRecordId: p.medicalRecordId, email: p.email } }))
        .status,
    ).toBe(200);
    const [row] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1 order by id desc limit 1", [p.email]);
    const code = /\b(\d{6})\b/.exec(row!.text_body)![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < RATE_LIMITS.codeEntry.max; i++) {
      expect((await confirm(wrong)).body.results).toBe(i < 5 ? CodeResult.InvalidCode : CodeResult.CodeExpired);
    }
    const refused = await confirm(wrong);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    expect(Number(refused.headers.get("retry-after"))).toBe(60 * 60);
    expect((await confirm(wrong, NEIGHBOUR)).status).toBe(200);
  });

  it(`the lab staff key: ${RATE_LIMITS.labStaffKey.max} wrong keys per address per hour, then 429 for wrong keys; the right key is never counted nor refused (docs/decisions/094)`, async () => {
    const staff = (key: string, address = FLOOD) =>
      t.call("GET", "/api/pass/update-lab-requisition/AAAAAAAA", { headers: { ...from(address), "x-lab-staff-key": key } });
    for (let i = 0; i < 15; i++) expect((await staff(TEST_SETTINGS.labStaffKey)).body.errors).toEqual({ form: LabFormReason.requisitionUnknown });
    for (let i = 0; i < RATE_LIMITS.labStaffKey.max; i++) expect((await staff(`guess-${i}`)).status).toBe(401);
    const refused = await staff("guess-again");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    expect(Number(refused.headers.get("retry-after"))).toBe(60 * 60);
    // Lab staff behind the same address, with the right key: answered (no order has this requisition), not locked out.
    const right = await staff(TEST_SETTINGS.labStaffKey);
    expect([right.status, right.body.errors]).toEqual([404, { form: LabFormReason.requisitionUnknown }]);
    expect((await staff("guess-once-more")).status).toBe(429);
    expect((await staff(TEST_SETTINGS.labStaffKey, NEIGHBOUR)).status).toBe(404);
    expect((await staff("guess", NEIGHBOUR)).status).toBe(401);
  });
});

describe.each(testDatabases())("password hashing when the pool is full, on $name", (target) => {
  const t = useRegistry(target);
  // One worker, no waiting room: while it hashes, every other hash is refused at once.
  const pool = new ScryptPool({ workers: 1, queue: 0 });
  afterAll(() => pool.close());
  const occupy = (): Promise<Buffer> => {
    const N = 2 ** 17;
    const job: ScryptJob = {
      password: "occupied",
      salt: Buffer.alloc(16),
      keyLength: 32,
      N,
      r: 8,
      p: 1,
      maxmem: 128 * 8 * (N + 1) + 2 * 1024 * 1024,
    };
    return pool.derive(job);
  };

  it("answers 503 limits.busy with Retry-After (sign-in, registration), and works again once the pool has room", async () => {
    const handler = createRegistryHandler({ db: t.db, settings: t.settings, now: () => t.clock, scryptPool: pool });
    const p = await t.register(1);
    const busy = occupy();
    const signIn = await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password } }, handler);
    const unknown = await t.call("POST", "/authenticate", { body: { email: "nobody@example.org", password: p.password } }, handler);
    const register = await t.call("POST", "/register", { body: validRegistration(2) }, handler);
    for (const a of [signIn, unknown, register]) {
      expect(a.status).toBe(503);
      expect(a.body).toEqual({ success: false, results: null, message: AccountMessage.busy, errors: { form: FormReason.busy } });
      expect(Number(a.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    expect(await t.count("login_failures")).toBe(0); // a refused attempt is not a failed one
    expect(await t.count("medical_records")).toBe(1);
    await busy;
    expect((await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password } }, handler)).status).toBe(200);
    // The unknown-email path made its comparison hash again after being refused.
    expect((await t.call("POST", "/authenticate", { body: { email: "nobody@example.org", password: p.password } }, handler)).status).toBe(401);
  }, 30_000);

  it("a busy refusal never spends the address's budget: a patient refused busy more times than the limit still signs in (docs/decisions/135)", async () => {
    const handler = createRegistryHandler({ db: t.db, settings: t.settings, now: () => t.clock, scryptPool: pool });
    const p = await t.register(1);
    const hitsBefore = await t.count("rate_limit_hits");
    const clinic = { "x-client-address": "2001:db8:77:1::5" };
    // The pool kept full for the whole flood of refusals (one hash after another in its only worker).
    let holding = true;
    const busy = (async () => {
      while (holding) await occupy();
    })();
    for (let i = 0; i <= RATE_LIMITS.signIn.max; i++) {
      const refused = await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password }, headers: clinic }, handler);
      expect(refused.status).toBe(503);
      const staff = await t.call(
        "POST",
        "/api/staff/sign-in",
        { body: { email: "someone@clinic.test", password: "a password" }, headers: clinic },
        handler,
      );
      expect(staff.status).toBe(503);
    }
    expect(await t.count("rate_limit_hits")).toBe(hitsBefore);
    holding = false;
    await busy;
    expect(
      (await t.call("POST", "/api/staff/sign-in", { body: { email: "someone@clinic.test", password: "a password" }, headers: clinic }, handler))
        .status,
    ).toBe(401);
    expect((await t.call("POST", "/authenticate", { body: { email: p.email, password: p.password }, headers: clinic }, handler)).status).toBe(200);
  }, 60_000);
});

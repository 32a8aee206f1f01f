import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { PORTAL_KEY_HEADER } from "../contract/forwarded";
import { KNOWN_DEVICE_HEADER, knownDeviceHeader, PROVED_WORK_HEADER } from "../contract/sign-in";
import { testDatabases } from "../db/test-databases";
import { ScryptPool, type ScryptLane } from "../domain/scrypt-pool";
import { createRegistryHandler } from "../handler";
import { toNodeListener } from "../http-node";
import { TEST_SETTINGS, useRegistry } from "../testing/harness";

const PORTAL_KEY = "flood-test-portal-key-0123456789abcdef";
const DEVICE = "floodOwnerDevice-01234";
const LOOPS = 24;
const PATIENT_TRIES = 10;
const PATIENT_EVERY_MS = 1_000;

/**
 * Decision 087: a distributed flood (24 connections, a new address each attempt, wrong passwords for 24 real accounts
 * of strangers: each account's ten failures are real checks before its throttle refuses) fills the password-hashing
 * pool of a registry served on loopback, while the patient's known browser signs in once a second with the right
 * password. Decision 141: a flood of made-up emails takes no hashing at all. Bounded: 10 tries of the patient, one
 * worker, a short queue.
 */
describe.each(testDatabases().slice(0, 1))("a distributed sign-in flood on $name", (target) => {
  const t = useRegistry(target);
  let server: Server | undefined;
  let pool: ScryptPool | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await pool?.close();
  });

  /** The registry alone on loopback, with the production pool's shape (1 worker, 8 waiting) and a hash of ~30 ms. */
  async function start(): Promise<{ base: string; handler: ReturnType<typeof createRegistryHandler> }> {
    pool = new ScryptPool({ workers: 1, queue: 8 });
    const handler = createRegistryHandler({
      db: t.db,
      settings: { ...TEST_SETTINGS, scrypt: { N: 2 ** 14, r: 8, p: 1 }, refusalDelayMs: 1000 },
      now: () => t.clock,
      log: () => {},
      scryptPool: pool,
    });
    server = createServer(toNodeListener(handler, { portalKey: PORTAL_KEY }));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, handler };
  }

  /** Strangers' real accounts, whose wrong passwords are real checks (an unknown email's takes none: decision 141). */
  const strangers = () =>
    Promise.all(Array.from({ length: LOOPS }, (_, i) => t.register(100 + i, { phoneNumber: `(312) 245-${String(100 + i).padStart(4, "0")}` })));

  /** The patient tries PATIENT_TRIES times, once a second, while `loops` flood; the patient's and the flood's answers. */
  async function underFlood(base: string, patientTry: () => Promise<number>, floodTry: (i: number, n: number) => Promise<number>) {
    const statuses: Record<string, number> = {};
    let running = true;
    const flood = Array.from({ length: LOOPS }, async (_, i) => {
      for (let n = 0; running; n++) {
        const status = await floodTry(i, n);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    });
    const patient: number[] = [];
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The flood runs until the patient has tried PATIENT_TRIES times, one try a second (longer on a loaded machine).
    while (patient.length < PATIENT_TRIES) {
      const started = Date.now();
      patient.push(await patientTry());
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, PATIENT_EVERY_MS - (Date.now() - started))));
    }
    running = false;
    await Promise.all(flood);
    return { patient, statuses };
  }

  const post = (base: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${base}/authenticate`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }).then(
      async (r) => {
        await r.arrayBuffer();
        return r.status;
      },
      () => 0,
    );

  it.each([
    { name: "the known-device patient", who: "known" },
    { name: "a new browser that solved the proof of work (the portal's word, docs/decisions/134)", who: "proved" },
  ] as const)(
    "$name signs in nine times in ten or more while the flood meets 'busy'",
    async ({ who }) => {
      const { base, handler } = await start();
      const registered = await t.register(1, { phoneNumber: "(312) 245-0001" });
      // One sign-in through this handler first: the stored hash then has its parameters (no rehash during the flood).
      expect((await t.call("POST", "/authenticate", { body: { email: registered.email, password: registered.password } }, handler)).status).toBe(200);
      const claim = knownDeviceHeader({ deviceId: DEVICE, medicalRecordId: registered.medicalRecordId, since: Math.floor(t.clock.getTime() / 1000) });
      const vouched: Record<string, string> = who === "known" ? { [KNOWN_DEVICE_HEADER]: claim } : { [PROVED_WORK_HEADER]: "1" };

      const victims = await strangers();
      const { patient, statuses } = await underFlood(
        base,
        () =>
          post(
            base,
            { email: registered.email, password: registered.password },
            { [PORTAL_KEY_HEADER]: PORTAL_KEY, "x-client-address": "192.0.2.44", ...vouched },
          ),
        (i, n) =>
          post(
            base,
            { email: victims[i]!.email, password: `guess ${n}` },
            { [PORTAL_KEY_HEADER]: PORTAL_KEY, "x-client-address": `10.${i}.${(n >> 8) & 255}.${n & 255}` },
          ),
      );

      const succeeded = patient.filter((s) => s === 200).length;
      expect(succeeded / patient.length, `patient answers ${JSON.stringify(patient)}; flood ${JSON.stringify(statuses)}`).toBeGreaterThanOrEqual(0.9);
      // The flood did fill the pool: strangers were told 'busy'.
      expect(statuses["503"] ?? 0).toBeGreaterThan(0);
    },
    180_000,
  );

  it("a flood of made-up emails takes no hashing (decision 141): a new browser that proved nothing signs in nine times in ten", async () => {
    const { base, handler } = await start();
    const registered = await t.register(1, { phoneNumber: "(312) 245-0001" });
    expect((await t.call("POST", "/authenticate", { body: { email: registered.email, password: registered.password } }, handler)).status).toBe(200);
    const hashedBefore = pool!.stats().done;
    const { patient, statuses } = await underFlood(
      base,
      () =>
        post(base, { email: registered.email, password: registered.password }, { [PORTAL_KEY_HEADER]: PORTAL_KEY, "x-client-address": "192.0.2.45" }),
      (i, n) =>
        post(
          base,
          { email: `flood.${i}.${n}@example.org`, password: `guess ${n}` },
          { [PORTAL_KEY_HEADER]: PORTAL_KEY, "x-client-address": `10.${i}.${(n >> 8) & 255}.${n & 255}` },
        ),
    );
    const detail = `patient answers ${JSON.stringify(patient)}; flood ${JSON.stringify(statuses)}`;
    expect(patient.filter((s) => s === 200).length / patient.length, detail).toBeGreaterThanOrEqual(0.9);
    // Every stranger told "wrong", none "busy"; the hashes made are the patient's (and at most the timing hash and the
    // first made-up email's check, before there was a real check of the common lane to copy).
    expect(statuses["401"] ?? 0, detail).toBeGreaterThan(LOOPS);
    expect(statuses["503"] ?? 0, detail).toBe(0);
    expect(pool!.stats().done - hashedBefore, detail).toBeLessThanOrEqual(patient.length + 2);
  }, 180_000);

  it("a caller of the registry alone that does not prove it is a portal cannot claim a known device", async () => {
    const { base } = await start();
    const registered = await t.register(1, { phoneNumber: "(312) 245-0001" });
    for (let i = 0; i < 10; i++) {
      const status = await post(
        base,
        { email: registered.email, password: `stranger ${i}` },
        { [PORTAL_KEY_HEADER]: PORTAL_KEY, "x-client-address": `203.0.113.${i}` },
      );
      expect(status).toBe(401);
    }
    const claim = {
      [KNOWN_DEVICE_HEADER]: knownDeviceHeader({
        deviceId: DEVICE,
        medicalRecordId: registered.medicalRecordId,
        since: Math.floor(t.clock.getTime() / 1000),
      }),
    };
    expect(await post(base, { email: registered.email, password: registered.password }, claim)).toBe(429);
    expect(await post(base, { email: registered.email, password: registered.password }, { ...claim, [PORTAL_KEY_HEADER]: PORTAL_KEY })).toBe(200);
  }, 60_000);

  it("hashes a try in the proved lane only on a portal's word: X-Proved-Work from any other caller is dropped", async () => {
    const { base } = await start();
    // A real account's wrong password is a real check (an unknown email's copies one's time: decision 141).
    const registered = await t.register(1, { phoneNumber: "(312) 245-0001" });
    const body = { email: registered.email, password: "a guess" };
    const lanes: ScryptLane[] = [];
    pool!.onWait((lane) => lanes.push(lane));
    expect(await post(base, body, { [PROVED_WORK_HEADER]: "1" })).toBe(401);
    expect(await post(base, body, { [PORTAL_KEY_HEADER]: PORTAL_KEY, "x-client-address": "198.51.100.9" })).toBe(401);
    expect(await post(base, body, { [PORTAL_KEY_HEADER]: PORTAL_KEY, "x-client-address": "198.51.100.9", [PROVED_WORK_HEADER]: "1" })).toBe(401);
    expect(lanes).toEqual(["common", "common", "proved"]);
  }, 60_000);
});

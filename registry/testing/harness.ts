import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { RegistryMessage } from "../contract/envelope";
import type { TestDb, TestDbTarget } from "../db/test-databases";
import type { Db, DriverDb } from "../db/types";
import { ScryptPool } from "../domain/scrypt-pool";
import { createRegistryHandler, type RegistryHandler } from "../handler";
import type { LogEntry } from "../http/context";
import type { RegistrySettings } from "../settings";
import { checkedHandler } from "./answer-check";
import { TEST_SETTINGS } from "./settings";

export { TEST_SETTINGS };

export const START = new Date("2025-03-10T15:00:00.000Z");

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely and assert field by field
export type Answer = { status: number; headers: Headers; body: any };
export type CallOptions = { body?: unknown; rawBody?: BodyInit; token?: string; headers?: Record<string, string> };

/** A refused request: 400, the registry's bad-request message and exactly these field errors (message keys), no results. */
export function expectRefused(a: Answer, errors: Record<string, string>): void {
  expect(a.status).toBe(400);
  expect(a.body).toEqual({ success: false, results: null, message: RegistryMessage.badRequest, errors });
}

/** The address of validRegistration's patients (Springfield, IL), as the registry answers it back. */
export const TEST_ADDRESS = {
  addressLine1: "12 Main Street",
  addressLine2: "Apt 3",
  city: "Springfield",
  usState: 14,
  province: "",
  postalCode: "62701",
  country: 1,
};

/** A valid registration payload (ACC-002) for a unique patient number n. */
export function validRegistration(n = 1, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: "Ana",
    middleInitial: "M",
    lastName: "Lopez",
    preferredName: "Ana",
    birthDate: "1980-05-17",
    email: `patient${n}@example.org`,
    password: `kidney-walrus-${n}-battery`,
    preferredLanguage: 2,
    gender: 2,
    authenticationPreference: 1,
    phoneNumber: `(555) 210-${String(n).padStart(4, "0")}`,
    phoneNumberSecondary: "",
    agreedToHipaa: true,
    ...TEST_ADDRESS,
    entryreferrer: "newsletter",
    ...overrides,
  };
}

/**
 * The registry for one test file on one database: opened once (PGlite costs seconds), emptied and its clock
 * reset before each test. Use inside a describe block: `const t = useRegistry(target)`.
 *
 * Every answer of its handlers is checked against the registry's OpenAPI document (testing/answer-check.ts,
 * docs/decisions/102): one that the document does not describe fails the test that received it.
 */
export class TestRegistry {
  testDb!: TestDb;
  handler!: RegistryHandler;
  clock = new Date(START);
  logs: LogEntry[] = [];
  /** The password hashing pool of this file's handlers (two workers, a roomy queue: tests run hashes in parallel). */
  readonly pool = new ScryptPool({ workers: 2, queue: 1000 });

  constructor(readonly settings: RegistrySettings = TEST_SETTINGS) {}

  get db(): DriverDb {
    return this.testDb.db;
  }

  advance(ms: number): void {
    this.clock = new Date(this.clock.getTime() + ms);
  }

  /** A handler on the same database with other settings or clock. */
  handlerWith(settings: Partial<RegistrySettings>): RegistryHandler {
    return checkedHandler(
      createRegistryHandler({
        db: this.db,
        settings: { ...this.settings, ...settings },
        now: () => this.clock,
        log: (e) => this.logs.push(e),
        scryptPool: this.pool,
      }),
    );
  }

  /**
   * A handler on the same database and clock that records every SQL statement it sends (inside transactions too).
   * It has its own memory (revocation times, docs/decisions/070), as another registry process would.
   */
  countingHandler(): { handler: RegistryHandler; statements: string[] } {
    const statements: string[] = [];
    const counting = (db: Db): Db => ({
      query: (sql, params) => {
        statements.push(sql);
        return db.query(sql, params);
      },
      transaction: (fn) => db.transaction((tx) => fn(counting(tx))),
      close: () => db.close(),
    });
    const handler = createRegistryHandler({
      db: counting(this.db),
      settings: this.settings,
      now: () => this.clock,
      log: (e) => this.logs.push(e),
      scryptPool: this.pool,
    });
    return { handler: checkedHandler(handler), statements };
  }

  private calls = 0;

  async call(method: string, path: string, opts: CallOptions = {}, handler = this.handler): Promise<Answer> {
    const headers = new Headers(opts.headers);
    // A client address per call unless the test gives one, so per-address rate limits only bite where tested.
    this.calls += 1;
    if (!headers.has("x-client-address")) headers.set("x-client-address", `198.18.${(this.calls >> 8) & 255}.${this.calls & 255}`);
    if (opts.token !== undefined) headers.set("authorization", `Bearer ${opts.token}`);
    let body: BodyInit | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers.set("content-type", "application/json");
    }
    const response = await handler(new Request(`http://registry.test${path}`, { method, headers, body }));
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  }

  /** Registers patient n and answers its auth results and credentials. */
  async register(n = 1, overrides: Record<string, unknown> = {}) {
    const payload = validRegistration(n, overrides);
    const answer = await this.call("POST", "/register", { body: payload });
    if (answer.status !== 200) throw new Error(`registration failed: ${JSON.stringify(answer.body)}`);
    return {
      token: answer.body.results.token as string,
      medicalRecordId: answer.body.results.medicalRecordId as number,
      email: payload.email as string,
      password: payload.password as string,
    };
  }

  async count(
    table:
      | "medical_records"
      | "accounts"
      | "outbox"
      | "audit_log"
      | "login_failures"
      | "login_lockouts"
      | "invites"
      | "if_registrations"
      | "password_resets"
      | "confirmation_codes"
      | "rate_limit_hits",
  ): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    return row!.n;
  }
}

export function useRegistry(target: TestDbTarget, settings?: RegistrySettings): TestRegistry {
  const t = new TestRegistry(settings);
  beforeAll(async () => {
    t.testDb = await target.open();
    t.handler = checkedHandler(
      createRegistryHandler({ db: t.db, settings: t.settings, now: () => t.clock, log: (e) => t.logs.push(e), scryptPool: t.pool }),
    );
  });
  afterAll(async () => {
    await t.pool.close();
    await t.testDb?.close();
  });
  beforeEach(async () => {
    await t.testDb.reset();
    t.clock = new Date(START);
    t.logs = [];
  });
  return t;
}

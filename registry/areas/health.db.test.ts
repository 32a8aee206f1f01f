import { afterEach, describe, expect, it, vi } from "vitest";
import { RegistryMessage } from "../contract/envelope";
import { FAULT_WINDOW_MS, isDatabaseFault, readableErrorName } from "../db/faults";
import type { Db } from "../db/types";
import { createRegistryHandler } from "../handler";
import { START, TEST_SETTINGS } from "../testing/harness";
import { HEALTH_QUERY_TIMEOUT_MS } from "./health";

/**
 * GET /health (what the portal's /readyz asks) tells the truth about the database (docs/decisions/086): it failed
 * "ready" while every write failed on a full disk, and hung with every other request on a frozen PostgreSQL.
 */
const databaseError = (code: string, message: string) => {
  // What a bundle makes of pg's and PGlite's DatabaseError: a one-letter class whose name is "error".
  class O extends Error {}
  return Object.assign(new O(message), { name: "error", code, severity: "ERROR" });
};

describe("GET /health", () => {
  afterEach(() => vi.useRealTimers());

  it("answers 503 when the health query takes longer than its limit (a frozen or overloaded database), without hanging", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const frozen: Db = { query: () => new Promise(() => {}), transaction: () => new Promise(() => {}), close: async () => {} };
    const logs: Record<string, unknown>[] = [];
    const handler = createRegistryHandler({ db: frozen, settings: TEST_SETTINGS, now: () => START, log: (e) => logs.push(e) });
    let status = 0;
    const answered = handler(new Request("http://registry.test/health")).then((r) => (status = r.status));
    await vi.advanceTimersByTimeAsync(HEALTH_QUERY_TIMEOUT_MS - 1);
    expect(status).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await answered;
    expect(status).toBe(503);
    expect(logs).toEqual([
      {
        level: "error",
        event: "registry.health",
        reason: "query failed",
        error: "DatabaseTimeoutError",
        code: "ETIMEDOUT",
        hint: "the connection timed out",
      },
    ]);
  });

  it("answers 503 for FAULT_WINDOW_MS after a write failed on a full disk, though reads still work; the failed call answers 503 unavailable", async () => {
    let clock = START.getTime();
    const full: Db = {
      query: async (sql) => {
        if (/^\s*insert\b/i.test(sql)) throw databaseError("53100", 'could not extend file "base/5/1": No space left on device');
        return [];
      },
      transaction: async () => {
        throw databaseError("53100", "No space left on device");
      },
      close: async () => {},
    };
    const logs: Record<string, unknown>[] = [];
    const handler = createRegistryHandler({ db: full, settings: TEST_SETTINGS, now: () => new Date(clock), log: (e) => logs.push(e) });
    const health = async () => (await handler(new Request("http://registry.test/health"))).status;
    expect(await health()).toBe(200);

    const body = JSON.stringify({ phoneNumber: "2125550123", country: 1 });
    const failed = await handler(
      new Request("http://registry.test/validate-phone", { method: "POST", body, headers: { "content-type": "application/json" } }),
    );
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBe("5");
    expect(await failed.json()).toEqual({ success: false, results: null, message: RegistryMessage.unavailable });
    expect(logs.at(-1)).toMatchObject({ event: "registry.unhandled", error: "DatabaseError", code: "53100", hint: "the database's disk is full" });
    expect(JSON.stringify(logs)).not.toContain('"error":"O"');

    expect(await health()).toBe(503);
    expect(logs.at(-1)).toMatchObject({ event: "registry.health", reason: "recent database fault", code: "53100" });
    clock += FAULT_WINDOW_MS;
    expect(await health()).toBe(200);
  });
});

describe("database faults", () => {
  it("are the database's disk, server, connection and time limits, never a request's own mistake", () => {
    expect(isDatabaseFault(databaseError("53100", "disk full"))).toBe(true);
    expect(isDatabaseFault(databaseError("57014", "canceling statement due to statement timeout"))).toBe(true);
    expect(isDatabaseFault(databaseError("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseFault(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseFault({ errno: 51 })).toBe(true);
    expect(isDatabaseFault(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseFault(new Error("Query read timeout"))).toBe(true);
    expect(isDatabaseFault(databaseError("23505", "duplicate key value violates unique constraint"))).toBe(false);
    expect(isDatabaseFault(databaseError("22P02", "invalid input syntax for type integer"))).toBe(false);
    expect(isDatabaseFault(new TypeError("x is undefined"))).toBe(false);
  });

  it("have readable names", () => {
    expect(readableErrorName(databaseError("53100", "disk full"))).toBe("DatabaseError");
    expect(readableErrorName(new RangeError("r"))).toBe("RangeError");
    expect(readableErrorName({ name: "ErrnoError", errno: 51 })).toBe("ErrnoError");
  });
});

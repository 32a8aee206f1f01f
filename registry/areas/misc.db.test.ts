import { describe, expect, it } from "vitest";
import { envelope, RegistryMessage } from "../contract/envelope";
import { lookupData, outboxEntry } from "../contract/schemas";
import { usStates } from "../contract/us-states";
import { testDatabases } from "../db/test-databases";
import type { Db } from "../db/types";
import { issueToken } from "../domain/tokens";
import { createRegistryHandler } from "../handler";
import { enqueueMessage } from "../outbox/outbox";
import { START, TEST_SETTINGS, useRegistry } from "../testing/harness";
import { z } from "zod";

describe.each(testDatabases())("lookup, health, demo outbox and routing on $name", (target) => {
  const t = useRegistry(target);

  it("GET /lookup-data answers the languages, genders and US states (ACC-034)", async () => {
    const a = await t.call("GET", "/lookup-data");
    expect(a.status).toBe(200);
    const results = envelope(lookupData).parse(a.body).results!;
    expect(results.languageList).toEqual([
      { id: 1, code: "en", label: "English" },
      { id: 2, code: "es", label: "Español" },
    ]);
    expect(results.genderList).toEqual([
      { id: 1, description: "Male" },
      { id: 2, description: "Female" },
    ]);
    expect(results.usStatesList).toEqual(usStates);
  });

  it("GET /health answers success when the database answers", async () => {
    const a = await t.call("GET", "/health");
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ success: true, results: { database: "ok" }, message: null });
  });

  it("GET /demo/outbox lists held messages newest first, in demo mode only", async () => {
    await enqueueMessage(t.db, { channel: "email", to: "ana@example.org", subject: "Confirm", text: "Code 123456" }, { hold: true, now: START });
    await enqueueMessage(
      t.db,
      { channel: "sms", to: "5550100001", subject: "", text: "Code 654321" },
      { hold: true, now: new Date(START.getTime() + 1000) },
    );
    await enqueueMessage(t.db, { channel: "email", to: "ben@example.org", subject: "Hi", text: "x", html: "<p>x</p>" }, { hold: false, now: START });
    const a = await t.call("GET", "/demo/outbox");
    expect(a.status).toBe(200);
    const list = envelope(z.array(outboxEntry)).parse(a.body).results!;
    expect(list.map((m) => m.to)).toEqual(["5550100001", "ben@example.org", "ana@example.org"]);
    expect(list[0]).toEqual({ channel: "sms", to: "5550100001", subject: "", text: "Code 654321", createdAt: "2025-03-10T15:00:01.000Z" });
    const rows = await t.db.query("select to_address, status, html_body, attempts from outbox order by id");
    expect(rows).toEqual([
      { to_address: "ana@example.org", status: "held", html_body: null, attempts: 0 },
      { to_address: "5550100001", status: "held", html_body: null, attempts: 0 },
      { to_address: "ben@example.org", status: "pending", html_body: "<p>x</p>", attempts: 0 },
    ]);

    const production = t.handlerWith({ demoMode: false });
    const off = await t.call("GET", "/demo/outbox", {}, production);
    expect(off.status).toBe(404);
    expect(off.body).toEqual({ success: false, results: null, message: RegistryMessage.notFound });
  });

  it("answers 404 for an unknown path and 405 for a known path with another method", async () => {
    const unknown = await t.call("GET", "/api/nothing-here");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, results: null, message: RegistryMessage.notFound });
    const method = await t.call("GET", "/register");
    expect(method.status).toBe(405);
    expect(method.headers.get("allow")).toBe("POST");
    expect(method.body.message).toBe(RegistryMessage.methodNotAllowed);
    expect((await t.call("DELETE", "/lookup-data")).status).toBe(405);
  });

  it("answers JSON that no cache keeps", async () => {
    const p = await t.register(1);
    const response = await t.handler(
      new Request(`http://registry.test/api/pass/${p.medicalRecordId}`, { headers: { authorization: `Bearer ${p.token}` } }),
    );
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("unexpected failures", () => {
  const secretish = "password=hunter2 token=abc birthDate=1980-05-17";
  const failing: Db = {
    query: async () => {
      const error = new Error(secretish);
      error.name = "DatabaseError";
      throw error;
    },
    transaction: async () => {
      throw new Error(secretish);
    },
    close: async () => {},
  };

  it("answer 500 with the generic message and log one line with the route pattern and error name only", async () => {
    const logs: Record<string, unknown>[] = [];
    const handler = createRegistryHandler({ db: failing, settings: TEST_SETTINGS, now: () => START, log: (e) => logs.push(e) });
    const token = issueToken(TEST_SETTINGS.tokenSecret, 12, START).token;
    const response = await handler(new Request("http://registry.test/api/pass/12?lang=es", { headers: { authorization: `Bearer ${token}` } }));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ success: false, results: null, message: RegistryMessage.internal });
    // The request id (docs/decisions/085) ties the line to the answer's X-Request-Id.
    expect(logs).toEqual([
      {
        level: "error",
        event: "registry.unhandled",
        method: "GET",
        route: "/api/pass/:id",
        requestId: response.headers.get("x-request-id"),
        error: "DatabaseError",
      },
    ]);
    expect(JSON.stringify(logs)).not.toContain(token);
  });

  it("never log a request body on failure", async () => {
    const logs: Record<string, unknown>[] = [];
    const handler = createRegistryHandler({ db: failing, settings: TEST_SETTINGS, now: () => START, log: (e) => logs.push(e) });
    const body = JSON.stringify({ email: "ana@example.org", password: "kidney-walrus-battery" });
    const response = await handler(new Request("http://registry.test/authenticate", { method: "POST", body }));
    expect(response.status).toBe(500);
    expect(logs).toHaveLength(1);
    expect(JSON.stringify(logs)).not.toMatch(/ana@example|walrus|hunter2/);
  });

  it("GET /health answers 503 when the database does not answer", async () => {
    const logs: Record<string, unknown>[] = [];
    const handler = createRegistryHandler({ db: failing, settings: TEST_SETTINGS, log: (e) => logs.push(e) });
    const response = await handler(new Request("http://registry.test/health"));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, results: null, message: RegistryMessage.unavailable });
    expect(JSON.stringify(logs)).not.toContain("hunter2");
  });
});

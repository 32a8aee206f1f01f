import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRegistryHandler, type RegistryHandler } from "../../registry/handler";
import { ScryptPool } from "../../registry/domain/scrypt-pool";
import { testDatabases } from "../../registry/db/test-databases";
import type { TestDb } from "../../registry/db/test-databases";
import { TEST_SETTINGS, validRegistration } from "../../registry/testing/harness";
import { createRegistryClient } from "./client.server";

const BROWSER = { clientAddress: "203.0.113.7", userAgent: "Mozilla/5.0 (forwarded test)", requestId: "portal-request-0001" };

// docs/decisions/085: the load context's client forwards the browser's details on every call.
describe("the registry client of one portal request", () => {
  it("forwards address, user agent and request id on every call, tokens and invites in headers only", async () => {
    const seen: Request[] = [];
    const base = createRegistryClient({
      baseUrl: "http://registry.test",
      fetch: async (request) => {
        seen.push(request);
        return Response.json({ success: true, results: { medicalRecordId: 1 }, message: null });
      },
    });
    const client = base.forRequest(BROWSER);
    await client.validateToken("the-token");
    await client.validateInvite("the-invite", BROWSER.clientAddress).catch(() => undefined);
    await client.passRecord(1, "the-token").catch(() => undefined);
    expect(seen).toHaveLength(3);
    for (const request of seen) {
      expect(new URL(request.url).search).toBe("");
      expect(request.headers.get("x-client-address")).toBe(BROWSER.clientAddress);
      expect(request.headers.get("x-client-user-agent")).toBe(BROWSER.userAgent);
      expect(request.headers.get("x-request-id")).toBe(BROWSER.requestId);
    }
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer the-token");
    expect(seen[1]!.headers.get("x-invite-token")).toBe("the-invite");
    // The process's own client (health checks) forwards nothing.
    await base.health();
    expect(seen[3]!.headers.get("x-request-id")).toBeNull();
  });

  it("sends an invite link's token that no header can hold percent-encoded, so it is an invalid link and not a 500", async () => {
    const seen: Request[] = [];
    const client = createRegistryClient({
      baseUrl: "http://registry.test",
      fetch: async (request) => {
        seen.push(request);
        return Response.json({ success: true, results: { isValid: false }, message: null });
      },
    });
    await client.validateInvite("שלום עליכם", BROWSER.clientAddress).catch(() => undefined);
    expect(seen[0]!.headers.get("x-invite-token")).toBe(encodeURIComponent("שלום עליכם"));
  });
});

describe.each(testDatabases())("audit rows of a portal request, in process, on $name", (target) => {
  let db: TestDb;
  let handler: RegistryHandler;
  const pool = new ScryptPool({ workers: 1, queue: 100 });
  beforeAll(async () => {
    db = await target.open();
    handler = createRegistryHandler({ db: db.db, settings: TEST_SETTINGS, log: () => {}, scryptPool: pool });
  });
  beforeEach(() => db.reset());
  afterAll(async () => {
    await pool.close();
    await db?.close();
  });

  it("a sign-in through the load context's client stores the browser's address, user agent and request id", async () => {
    const client = createRegistryClient({ baseUrl: "http://registry.test", fetch: (request) => handler(request) }).forRequest(BROWSER);
    const payload = validRegistration(1);
    expect((await client.register(payload, { addressConfirmed: true })).success).toBe(true);
    expect((await client.authenticate(String(payload.email), String(payload.password))).success).toBe(true);
    const rows = await db.db.query("select action, client_address, user_agent, request_id from audit_log where action = 'auth.login'");
    expect(rows).toEqual([
      { action: "auth.login", client_address: "203.0.113.7", user_agent: "Mozilla/5.0 (forwarded test)", request_id: "portal-request-0001" },
    ]);
  });
});

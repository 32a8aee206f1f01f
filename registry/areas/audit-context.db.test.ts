import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { pruneAudit } from "../commands/prune-audit";
import { ReferralStatus } from "../contract/enums";
import { RegistryMessage } from "../contract/envelope";
import { testDatabases } from "../db/test-databases";
import { toNodeListener } from "../http-node";
import { TEST_SETTINGS, useRegistry, type TestRegistry } from "../testing/harness";
import { CENTER_A, patientWithScreening, selectCenter } from "./labs-fixtures";

/**
 * docs/decisions/085: every audited access says where it came from (client address, user
 * agent, request id); the standalone registry takes those from a portal that proves itself only; tokens never in
 * a query string.
 */
const FROM = { "x-client-address": "203.0.113.7", "x-client-user-agent": "Mozilla/5.0 (audit test)", "x-request-id": "req-audit-0001" };
const STORED = { client_address: "203.0.113.7", user_agent: "Mozilla/5.0 (audit test)", request_id: "req-audit-0001" };
const PORTAL_KEY = "portal-key-for-tests-0123456789abcdef";

type Row = { action: string; client_address: string | null; user_agent: string | null; request_id: string | null };
const rows = (t: TestRegistry, action: string) =>
  t.db.query<Row>("select action, client_address, user_agent, request_id from audit_log where action = $1 order by id", [action]);
const origin = ({ client_address, user_agent, request_id }: Row) => ({ client_address, user_agent, request_id });

describe.each(testDatabases())("where an audited access came from, on $name", (target) => {
  // The shared-key staff calls answer only with STAFF_SHARED_KEYS=on (docs/decisions/133).
  const t = useRegistry(target, { ...TEST_SETTINGS, staffSharedKeys: true });
  const newPassword = "a new kidney passphrase";

  it("a sign-in and a failed sign-in store the client address, user agent and request id", async () => {
    const p = await t.register(1);
    const failed = await t.call("POST", "/authenticate", { headers: FROM, body: { email: p.email, password: "not the password" } });
    expect(failed.status).toBe(401);
    expect(failed.headers.get("x-request-id")).toBe("req-audit-0001");
    const ok = await t.call("POST", "/authenticate", {
      headers: { ...FROM, "x-request-id": "req-audit-0002" },
      body: { email: p.email, password: p.password },
    });
    expect(ok.status).toBe(200);
    expect((await rows(t, "auth.login.failed")).map(origin)).toEqual([STORED]);
    expect((await rows(t, "auth.login")).map(origin)).toEqual([{ ...STORED, request_id: "req-audit-0002" }]);
  });

  it("a password change, a contact change and a record read store them too", async () => {
    const p = await t.register(1);
    const changed = await t.call("POST", `/api/pass/${p.medicalRecordId}/update-password`, {
      token: p.token,
      headers: FROM,
      body: { currentPassword: p.password, password: newPassword, confirmPassword: newPassword },
    });
    expect(changed.status).toBe(200);
    const token = changed.body.results.token as string;
    // A new email, confirmed with the code sent to it (ACC-026).
    const sent = await t.call("POST", "/api/mfa/send-confirmation-email", {
      token,
      headers: FROM,
      body: { medicalRecordId: p.medicalRecordId, email: "new-address@example.org", currentPassword: newPassword },
    });
    expect(sent.status).toBe(200);
    const [mail] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = 'new-address@example.org'");
    const code = /\b(\d{6})\b/.exec(mail!.text_body)![1]!;
    const confirmed = await t.call("POST", `/api/mfa/update-confirmation?medicalRecordId=${p.medicalRecordId}`, {
      token,
      headers: FROM,
      body: { code, value: "new-address@example.org", isEmail: true },
    });
    expect(confirmed.body.success).toBe(true);
    const read = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token, headers: FROM });
    expect(read.status).toBe(200);
    for (const action of ["auth.password.changed", "mfa.code.sent", "mfa.contact.verified", "record.read"]) {
      expect((await rows(t, action)).map(origin), action).toEqual([STORED]);
    }
  });

  it("a staff call stores them, refused or done", async () => {
    const p = await patientWithScreening(t, 1);
    expect((await selectCenter(t, p, CENTER_A)).status).toBe(200);
    const [referral] = await t.db.query<{ id: number }>("select id from center_referrals where screening_id = $1", [p.screeningId]);
    const path = `/api/staff/referrals/${referral!.id}/status`;
    const body = { statusId: ReferralStatus.CenterApproved };
    expect((await t.call("POST", path, { body, headers: { ...FROM, "x-center-staff-key": "not-the-staff-key-000" } })).status).toBe(401);
    expect((await t.call("POST", path, { body, headers: { ...FROM, "x-center-staff-key": TEST_SETTINGS.centerStaffKey! } })).status).toBe(200);
    expect((await rows(t, "staff.refused")).map(origin)).toEqual([STORED]);
    expect((await rows(t, "referral.status")).map(origin)).toEqual([STORED]);
  });

  it("without a well-formed request id the registry makes one, answers it and stores it", async () => {
    const p = await t.register(1);
    const a = await t.call("GET", `/api/pass/${p.medicalRecordId}`, { token: p.token, headers: { ...FROM, "x-request-id": "bad id; drop table" } });
    const id = a.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await rows(t, "record.read")).map(origin)).toEqual([{ ...STORED, request_id: id }]);
  });

  it("prune-audit deletes rows older than 6 years (docs/operations.md), never a shorter rule, and audits itself", async () => {
    const p = await t.register(1);
    const now = new Date(t.clock.getTime() + 6 * 366 * 24 * 60 * 60 * 1000);
    await expect(pruneAudit(t.db, 5, now)).rejects.toThrow(/usage: prune-audit/);
    const kept = await t.db.query<{ n: number }>("select count(*)::int as n from audit_log");
    expect(kept[0]!.n).toBeGreaterThan(0);
    await t.db.query("insert into audit_log (occurred_at, actor_kind, action, medical_record_id) values ($1, 'patient', 'record.read', $2)", [
      now,
      p.medicalRecordId,
    ]);
    expect(await pruneAudit(t.db, 6, now)).toMatchObject({ deleted: kept[0]!.n });
    expect((await t.db.query("select action from audit_log order by id")).map((r) => (r as { action: string }).action)).toEqual([
      "record.read",
      "audit.prune",
    ]);
  });

  it("a token in the query string authenticates nothing (400), in the Authorization header it does", async () => {
    const p = await t.register(1);
    const inQuery = await t.call("GET", `/api/pass/${p.medicalRecordId}?token=${encodeURIComponent(p.token)}`);
    expect(inQuery.status).toBe(400);
    expect(inQuery.body).toMatchObject({ success: false, results: null, message: RegistryMessage.badRequest });
    expect((await t.call("GET", `/validate-token?token=${encodeURIComponent(p.token)}`)).status).toBe(400);
    expect((await t.call("GET", `/refresh-token?access_token=${encodeURIComponent(p.token)}`)).status).toBe(400);
    expect(await rows(t, "record.read")).toEqual([]);
    // A query token next to a valid header is refused as well: nothing is served for a URL that carries one.
    expect((await t.call("GET", `/api/pass/${p.medicalRecordId}?token=x`, { token: p.token })).status).toBe(400);
    expect((await t.call("GET", "/validate-token", { token: p.token })).body.results).toEqual({ medicalRecordId: p.medicalRecordId });
  });
});

describe.each(testDatabases())("the standalone registry's socket, on $name", (target) => {
  const t = useRegistry(target);
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** The registry behind node:http on 127.0.0.1, as `registry serve` runs it. */
  async function serve(portalKey?: string): Promise<string> {
    server = createServer(toNodeListener((request) => t.handler(request), { portalKey }));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const failedSignIn = (base: string, headers: Record<string, string>) =>
    fetch(`${base}/authenticate`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "curl/8.0", ...headers },
      body: JSON.stringify({ email: "someone@example.org", password: "a guess at a password" }),
    });

  it("ignores X-Client-Address, X-Client-User-Agent and X-Request-Id without the portal key: the socket's address is audited", async () => {
    const base = await serve(PORTAL_KEY);
    const answers = [await failedSignIn(base, FROM), await failedSignIn(base, { ...FROM, "x-portal-key": "a wrong portal key 0123456789abcdef" })];
    expect(answers.map((a) => a.status)).toEqual([401, 401]);
    const stored = (await rows(t, "auth.login.failed")).map(origin);
    expect(stored).toEqual([
      { client_address: "127.0.0.1", user_agent: "curl/8.0", request_id: answers[0]!.headers.get("x-request-id") },
      { client_address: "127.0.0.1", user_agent: "curl/8.0", request_id: answers[1]!.headers.get("x-request-id") },
    ]);
    expect(stored.map((r) => r.request_id)).not.toContain("req-audit-0001");
  });

  it("uses them from a portal that sends the right X-Portal-Key", async () => {
    const base = await serve(PORTAL_KEY);
    const a = await failedSignIn(base, { ...FROM, "x-portal-key": PORTAL_KEY });
    expect(a.status).toBe(401);
    expect(a.headers.get("x-request-id")).toBe("req-audit-0001");
    expect((await rows(t, "auth.login.failed")).map(origin)).toEqual([STORED]);
  });

  it("without a portal key configured, trusts no caller's headers", async () => {
    const base = await serve(undefined);
    await failedSignIn(base, { ...FROM, "x-portal-key": PORTAL_KEY });
    expect((await rows(t, "auth.login.failed")).map((r) => r.client_address)).toEqual(["127.0.0.1"]);
  });

  it("a caller rotating X-Client-Address without the key shares one per-address budget (finding 8: 40 sign-ins, no limit)", async () => {
    const base = await serve(PORTAL_KEY);
    const statuses: number[] = [];
    // Distinct emails: the spraying limit (15 distinct emails per address per hour, docs/decisions/021) bites first.
    for (let i = 0; i < 16; i++) {
      const a = await fetch(`${base}/authenticate`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-client-address": `198.51.100.${i + 1}` },
        body: JSON.stringify({ email: `sprayed${i}@example.org`, password: "a guess at a password" }),
      });
      statuses.push(a.status);
    }
    expect(statuses.slice(0, 15)).toEqual(Array(15).fill(401));
    expect(statuses[15]).toBe(429);
  });
});

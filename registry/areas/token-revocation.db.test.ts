import { describe, expect, it } from "vitest";
import { RegistryMessage } from "../contract/envelope";
import { testDatabases } from "../db/test-databases";
import { REVOCATION_TTL_MS } from "../http/revocations";
import { useRegistry, type TestRegistry } from "../testing/harness";
import type { RegistryHandler } from "../handler";

/**
 * Revocation with the accounts' revocation times in memory (docs/decisions/070): the process that revokes refuses the
 * old token at once; another process within REVOCATION_TTL_MS of its last read, and at once where a new token or
 * the portal's own per-second answer depends on it. The clock is the test's: nothing waits.
 */
describe.each(testDatabases())("token revocation with the revocation times in memory on $name", (target) => {
  const t = useRegistry(target);
  const NEW_PASSWORD = "a-brand-new-kidney-passphrase";

  const pass = (p: { medicalRecordId: number }, token: string, handler?: RegistryHandler) =>
    t.call("GET", `/api/pass/${p.medicalRecordId}`, { token }, handler);

  /** A patient whose token was issued a moment ago, and whose revocation time `t.handler` holds in memory. */
  async function signedIn(registry: TestRegistry, n: number) {
    const p = await registry.register(n);
    registry.advance(10);
    expect((await pass(p, p.token)).status).toBe(200);
    return p;
  }

  it("a sign-out is refused at once by the process that wrote it", async () => {
    const p = await signedIn(t, 1);
    expect((await t.call("POST", "/revoke-token", { token: p.token })).status).toBe(200);
    const a = await pass(p, p.token);
    expect(a.status).toBe(401);
    expect(a.body.message).toBe(RegistryMessage.tokenExpired);
  });

  it("a password change is refused at once by the process that wrote it; the new token works", async () => {
    const p = await signedIn(t, 1);
    const changed = await t.call("POST", `/api/pass/${p.medicalRecordId}/update-password`, {
      token: p.token,
      body: { currentPassword: p.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await pass(p, p.token)).status).toBe(401);
    expect((await pass(p, changed.body.results.token as string)).status).toBe(200);
  });

  it("a password reset is refused at once by the process that wrote it", async () => {
    const p = await signedIn(t, 1);
    await t.call("POST", `/forgot-password?emailAddress=${encodeURIComponent(p.email)}`);
    const [row] = await t.db.query<{ text_body: string }>("select text_body from outbox where to_address = $1", [p.email]);
    const link = /reset-password\?h=([A-Za-z0-9_-]+)/.exec(row?.text_body ?? "")![1]!;
    const reset = await t.call("POST", "/reset-password", { body: { token: link, email: p.email, password: NEW_PASSWORD } });
    expect(reset.body.success).toBe(true);
    expect((await pass(p, p.token)).status).toBe(401);
  });

  it("a sign-out written by another process is refused here once the time read is a second old", async () => {
    const p = await t.register(1);
    t.advance(10);
    const here = t.countingHandler().handler;
    expect((await pass(p, p.token, here)).status).toBe(200);
    expect((await t.call("POST", "/revoke-token", { token: p.token })).status).toBe(200);
    t.advance(REVOCATION_TTL_MS - 1);
    expect((await pass(p, p.token, here)).status).toBe(200);
    t.advance(1);
    expect((await pass(p, p.token, here)).status).toBe(401);
  });

  it("validate-token, refresh-token and update-password read the revocation time from the database", async () => {
    /** Patient n signed out through `t.handler`, and a process that read their revocation time just before. */
    async function revokedElsewhere(n: number) {
      const p = await t.register(n);
      t.advance(10);
      const here = t.countingHandler().handler;
      expect((await pass(p, p.token, here)).status).toBe(200);
      expect((await t.call("POST", "/revoke-token", { token: p.token })).status).toBe(200);
      return { p, here };
    }

    const validating = await revokedElsewhere(1);
    const validated = await t.call("GET", "/validate-token", { token: validating.p.token }, validating.here);
    expect(validated.body).toEqual({ success: false, results: null, message: RegistryMessage.tokenExpired });
    // What it read is kept: the other calls refuse the token at once too.
    expect((await pass(validating.p, validating.p.token, validating.here)).status).toBe(401);

    const refreshing = await revokedElsewhere(2);
    expect((await t.call("GET", "/refresh-token", { token: refreshing.p.token }, refreshing.here)).status).toBe(401);

    const changing = await revokedElsewhere(3);
    const body = { currentPassword: changing.p.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const path = `/api/pass/${changing.p.medicalRecordId}/update-password`;
    expect((await t.call("POST", path, { token: changing.p.token, body }, changing.here)).status).toBe(401);
  });
});

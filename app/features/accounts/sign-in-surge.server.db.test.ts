import { describe, expect, it } from "vitest";
import { PROVED_WORK_HEADER, SIGN_IN_CHALLENGES } from "../../../registry/contract/sign-in";
import { testDatabases } from "../../../registry/db/test-databases";
import { useRegistry } from "../../../registry/testing/harness";
import { createRegistryClient } from "~/registry/client.server";
import { Session } from "~/platform/session.server";
import type { PortalContext } from "~/platform/context";
import { loginAction } from "./login.server";
import { CHALLENGE_FIELD, PROOF_FIELD, solveChallenge } from "./proof-of-work";
import { createSignInSurge, signInSurge, SURGE, spendThroughRegistry, surgeChallenge } from "./sign-in-surge.server";

const KEY = new Uint8Array(32).fill(3);

/**
 * The surge step across portal processes (docs/decisions/135): two watches (two portals with one SESSION_SECRET) share
 * one registry, which spends each challenge once and at most an allowance per address a minute.
 */
describe.each(testDatabases().slice(0, 1))("the surge step with two portals on one registry ($name)", (target) => {
  const t = useRegistry(target);
  const registry = () => createRegistryClient({ fetch: (request) => t.handler(request), baseUrl: "http://registry.test" });
  const spendFrom = (clientAddress: string) => spendThroughRegistry({ registry: registry(), clientAddress });

  it("accepts one challenge at most once, whichever portal it is posted to", async () => {
    const a = createSignInSurge({ perMinute: 1, formKey: KEY });
    const b = createSignInSurge({ perMinute: 1, formKey: KEY });
    const me = { browser: "browser-me-0123456789a", address: "198.51.100.20" };
    const now = Date.now();
    const challenge = a.issue(now, me)!;
    const later = now + SURGE.noScriptWaitMs;
    const [first, second] = await Promise.all([
      a.check(challenge, "", later, me, spendFrom(me.address)),
      b.check(challenge, "", later, me, spendFrom(me.address)),
    ]);
    expect([first, second].filter((v) => v.ok)).toHaveLength(1);
    expect([first, second].filter((v) => !v.ok)).toEqual([{ ok: false, reason: "used" }]);
    expect(await b.check(challenge, "", later + 1_000, me, spendFrom(me.address))).toEqual({ ok: false, reason: "used" });
  });

  it(`40 challenges harvested by one browser from two portals and posted together after the wait: at most ${SIGN_IN_CHALLENGES.spentPerAddressPerMinute} pass`, async () => {
    const portals = [createSignInSurge({ perMinute: 1, formKey: KEY }), createSignInSurge({ perMinute: 1, formKey: KEY })];
    const script = { browser: "browser-script-456789a", address: "2001:db8:66:1::7" };
    const now = Date.now();
    const harvest = Array.from({ length: 40 }, (_, i) => ({ portal: portals[i % 2]!, challenge: portals[i % 2]!.issue(now, script)! }));
    expect(harvest.every((h) => h.challenge)).toBe(true);
    const after = now + SURGE.noScriptWaitMs;
    const verdicts = await Promise.all(
      // Posted from addresses of the same /64, to either portal.
      harvest.map((h, i) =>
        portals[(i + 1) % 2]!.check(
          h.challenge,
          "",
          after,
          { ...script, address: `2001:db8:66:1::${i + 100}` },
          spendFrom(`2001:db8:66:1::${i + 100}`),
        ),
      ),
    );
    expect(verdicts.filter((v) => v.ok)).toHaveLength(SIGN_IN_CHALLENGES.spentPerAddressPerMinute);
    expect(verdicts.filter((v) => !v.ok).every((v) => !v.ok && v.reason === "over")).toBe(true);
  });

  it("a registry out of reach refuses the challenge (nothing is passed on unspent)", async () => {
    const a = createSignInSurge({ perMinute: 1, formKey: KEY });
    const me = { browser: "browser-me-0123456789a", address: "198.51.100.21" };
    const down = createRegistryClient({ fetch: () => Promise.reject(new Error("ECONNREFUSED")), baseUrl: "http://registry.test" });
    const now = Date.now();
    const challenge = a.issue(now, me)!;
    expect(await a.check(challenge, "", now + SURGE.noScriptWaitMs, me, spendThroughRegistry({ registry: down, clientAddress: me.address }))).toEqual(
      {
        ok: false,
        reason: "unreachable",
      },
    );
  });

  it("through the sign-in action: another session's challenge is held back; a refused post hands the dialog a fresh one", async () => {
    const p = await t.register(1);
    const contextOf = (session: Session) =>
      ({
        session,
        registry: registry(),
        clientAddress: "198.51.100.30",
        formKey: KEY,
        signInSurgePerMinute: 5,
        log: () => {},
        lang: "en",
        basePath: "/",
        isSecure: false,
      }) as unknown as PortalContext;
    const mine = new Session({}, true);
    const other = new Session({}, true);
    // A surge on (five unknown-device attempts within the minute), at its lowest difficulty.
    for (let i = 0; i < 5; i++) signInSurge(5, KEY).note(Date.now());
    const { webcrypto } = await import("node:crypto");
    const post = async (session: Session, password: string, challenge: string) => {
      const form = new FormData();
      form.set("email", p.email);
      form.set("password", password);
      form.set(CHALLENGE_FIELD, challenge);
      form.set(PROOF_FIELD, (await solveChallenge(challenge, webcrypto.subtle as SubtleCrypto)) ?? "");
      const result: unknown = await loginAction(form, contextOf(session));
      if (result instanceof Response)
        return { status: result.status, location: result.headers.get("Location"), values: {} as Record<string, string> };
      const d = result as { data: { values: Record<string, string>; message?: { key: string } }; init?: { status?: number } };
      return { status: d.init?.status ?? 200, key: d.data.message?.key, values: d.data.values };
    };
    const challenge = surgeChallenge(contextOf(mine), mine, Date.now())!;
    expect(mine.get("surgeBrowser")).toMatch(/^[\w-]{22}$/);
    const held = await post(other, p.password, challenge);
    expect(held).toMatchObject({ status: 429, key: "login.checking" });
    const wrong = await post(mine, "not the password", challenge);
    expect(wrong).toMatchObject({ status: 401, key: "login.failed" });
    const fresh = wrong.values[CHALLENGE_FIELD]!;
    expect(fresh).toMatch(/^c1\./);
    expect(fresh).not.toBe(challenge);
    expect(await post(mine, p.password, challenge)).toMatchObject({ status: 429, key: "login.checking" });
    expect(await post(mine, p.password, fresh)).toMatchObject({ status: 302, location: "/landing" });
  });

  it("through the sign-in action: a post whose proof this portal verified tells the registry (X-Proved-Work), others do not", async () => {
    const p = await t.register(1);
    const seen: Array<string | null> = [];
    const watched = createRegistryClient({
      fetch: (request) => {
        if (new URL(request.url).pathname.endsWith("/authenticate")) seen.push(request.headers.get(PROVED_WORK_HEADER));
        return t.handler(request);
      },
      baseUrl: "http://registry.test",
    });
    const contextOf = (session: Session, signInSurgePerMinute: number) =>
      ({
        session,
        registry: watched,
        clientAddress: "198.51.100.31",
        formKey: KEY,
        signInSurgePerMinute,
        log: () => {},
        lang: "en",
        basePath: "/",
        isSecure: false,
      }) as unknown as PortalContext;
    const form = (challenge: string, proof: string) => {
      const f = new FormData();
      f.set("email", p.email);
      f.set("password", p.password);
      f.set(CHALLENGE_FIELD, challenge);
      f.set(PROOF_FIELD, proof);
      return f;
    };
    // No surge (the step is off): nothing was proved, nothing is said.
    expect(await loginAction(form("", ""), contextOf(new Session({}, true), 0))).toBeInstanceOf(Response);
    // A surge: the browser solved its challenge.
    for (let i = 0; i < 5; i++) signInSurge(5, KEY).note(Date.now());
    const mine = new Session({}, true);
    const challenge = surgeChallenge(contextOf(mine, 5), mine, Date.now())!;
    const { webcrypto } = await import("node:crypto");
    const proof = (await solveChallenge(challenge, webcrypto.subtle as SubtleCrypto)) ?? "";
    expect(await loginAction(form(challenge, proof), contextOf(mine, 5))).toBeInstanceOf(Response);
    expect(seen).toEqual([null, "1"]);
  });
});

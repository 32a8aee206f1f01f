import { describe, expect, it } from "vitest";
import { SIGN_IN_CHALLENGES } from "../../../registry/contract/sign-in";
import { testDatabases } from "../../../registry/db/test-databases";
import { useRegistry } from "../../../registry/testing/harness";
import { createRegistryClient } from "~/registry/client.server";
import { createSignInSurge, SURGE, spendThroughRegistry } from "./sign-in-surge.server";

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
});

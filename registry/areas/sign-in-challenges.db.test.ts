import { describe, expect, it } from "vitest";
import { SIGN_IN_CHALLENGES } from "../contract/sign-in";
import { testDatabases } from "../db/test-databases";
import { useRegistry } from "../testing/harness";

const hashOf = (n: number) => n.toString(16).padStart(64, "0");

/** POST /sign-in-challenges (docs/decisions/135): each surge challenge spent once, at most an allowance per address a minute. */
describe.each(testDatabases())("sign-in challenges spent through the registry on $name", (target) => {
  const t = useRegistry(target);
  const expires = () => new Date(t.clock.getTime() + 10 * 60 * 1000).toISOString();
  const spend = (nonceHash: string, address: string) =>
    t.call("POST", "/sign-in-challenges", { body: { nonceHash, expiresAt: expires() }, headers: { "x-client-address": address } });
  const outcome = async (nonceHash: string, address: string) => (await spend(nonceHash, address)).body.results.outcome as string;

  it("spends a challenge once, whichever registry handler (portal process) asks", async () => {
    const other = t.handlerWith({});
    expect(await outcome(hashOf(1), "192.0.2.1")).toBe("spent");
    expect(await outcome(hashOf(1), "192.0.2.1")).toBe("used");
    const again = await t.call(
      "POST",
      "/sign-in-challenges",
      { body: { nonceHash: hashOf(1), expiresAt: expires() }, headers: { "x-client-address": "192.0.2.1" } },
      other,
    );
    expect(again.body.results.outcome).toBe("used");
  });

  it(`spends at most ${SIGN_IN_CHALLENGES.spentPerAddressPerMinute} an address (an IPv6 /64 as one) a minute, posted together; another address has its own`, async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => outcome(hashOf(100 + i), `2001:db8:9:1::${i + 1}`)));
    expect(answers.filter((a) => a === "spent")).toHaveLength(SIGN_IN_CHALLENGES.spentPerAddressPerMinute);
    expect(answers.filter((a) => a === "over")).toHaveLength(40 - SIGN_IN_CHALLENGES.spentPerAddressPerMinute);
    expect(await outcome(hashOf(200), "2001:db8:9:2::1")).toBe("spent");
    t.advance(SIGN_IN_CHALLENGES.windowMs + 1);
    expect(await outcome(hashOf(201), "2001:db8:9:1::1")).toBe("spent");
  });

  it("forgets spent challenges once they expire; refuses a malformed hash", async () => {
    expect(await outcome(hashOf(300), "192.0.2.3")).toBe("spent");
    const [before] = await t.db.query<{ n: number }>("select count(*)::int as n from sign_in_challenges");
    expect(before!.n).toBe(1);
    t.advance(SIGN_IN_CHALLENGES.keptAtMostMs + 1);
    expect(await outcome(hashOf(301), "192.0.2.4")).toBe("spent");
    const rows = await t.db.query<{ nonce_hash: string }>("select nonce_hash from sign_in_challenges");
    expect(rows.map((r) => r.nonce_hash)).toEqual([hashOf(301)]);
    expect((await spend("not-a-hash", "192.0.2.3")).status).toBe(400);
  });
});

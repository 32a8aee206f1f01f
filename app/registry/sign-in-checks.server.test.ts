import { describe, expect, it } from "vitest";
import { createSignInChecks, type TokenVerdict } from "./sign-in-checks.server";

class Down extends Error {}

/** A registry whose answers the test sets, counting the questions it gets. */
function registry() {
  const r = {
    asked: 0,
    verdict: { medicalRecordId: 7 } as TokenVerdict | "down",
    clock: 1_000_000,
  };
  const checks = createSignInChecks({
    verify: async () => {
      r.asked += 1;
      if (r.verdict === "down") throw new Down();
      return r.verdict;
    },
    isUnavailable: (e) => e instanceof Down,
    now: () => r.clock,
    maxEntries: 3,
  });
  return { r, checks };
}

describe("the sign-in check of every private request (docs/decisions/023)", () => {
  it("asks the registry at most once a second per token, and again after that second", async () => {
    const { r, checks } = registry();
    expect(await checks.status("a")).toBe("valid");
    r.clock += 999;
    expect(await checks.status("a")).toBe("valid");
    expect(r.asked).toBe(1);
    r.verdict = null; // revoked elsewhere
    r.clock += 1;
    expect(await checks.status("a")).toBe("refused");
    expect(r.asked).toBe(2);
  });

  it("asks once for the loaders of one request running together", async () => {
    const { r, checks } = registry();
    expect(await Promise.all([checks.status("a"), checks.status("a"), checks.status("a")])).toEqual(["valid", "valid", "valid"]);
    expect(r.asked).toBe(1);
  });

  it("a refused token stays refused without asking again", async () => {
    const { r, checks } = registry();
    r.verdict = null;
    expect(await checks.status("a")).toBe("refused");
    r.verdict = { medicalRecordId: 7 };
    r.clock += 60_000;
    expect(await checks.status("a")).toBe("refused");
    expect(r.asked).toBe(1);
  });

  it("a sign-out through this process forgets the record's tokens at once", async () => {
    const { r, checks } = registry();
    expect(await checks.status("a")).toBe("valid");
    r.verdict = null;
    checks.forgetRecord(7);
    expect(await checks.status("a")).toBe("refused");
    expect(r.asked).toBe(2);
  });

  it("an answer asked for before a sign-out is not kept after it", async () => {
    const { r, checks } = registry();
    const before = checks.status("a");
    checks.forgetRecord(7);
    expect(await before).toBe("valid");
    r.verdict = null;
    expect(await checks.status("a")).toBe("refused");
  });

  it("says unknown, and keeps nothing, while the registry cannot be reached", async () => {
    const { r, checks } = registry();
    r.verdict = "down";
    expect(await checks.status("a")).toBe("unknown");
    r.verdict = null;
    expect(await checks.status("a")).toBe("refused");
  });

  it("holds a bounded number of tokens", async () => {
    const { checks } = registry();
    for (const t of ["a", "b", "c", "d", "e"]) await checks.status(t);
    expect(checks.size).toBeLessThanOrEqual(3);
  });
});

import { describe, expect, it } from "vitest";
import type { Db } from "../db/types";
import { createRevocations, REVOCATION_MAX_ENTRIES, REVOCATION_TTL_MS } from "./revocations";

/** The accounts table as tokensValidAfter reads it (id -> tokens_valid_after), counting the reads. */
function fakeAccounts() {
  const stored = new Map<number, Date | null>();
  let reads = 0;
  let gate: Promise<void> | null = null;
  const db: Db = {
    async query<T>(_sql: string, params?: unknown[]) {
      reads += 1;
      const id = params?.[0] as number;
      const value = stored.get(id);
      if (gate) await gate;
      return (value === undefined ? [] : [{ tokens_valid_after: value }]) as T[];
    },
    transaction: (fn) => fn(db),
    close: async () => {},
  };
  return {
    db,
    stored,
    get reads() {
      return reads;
    },
    /** Holds every read until the answer is released. */
    hold(): () => void {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

function setup(opts: { ttlMs?: number; maxEntries?: number } = {}) {
  const accounts = fakeAccounts();
  const clock = { t: 1_000_000 };
  const revocations = createRevocations({ now: () => clock.t, ...opts });
  return { accounts, clock, revocations };
}

describe("the revocation times in memory (docs/decisions/070)", () => {
  it("answers from memory for less than the TTL, then reads again and sees a revocation written elsewhere", async () => {
    const { accounts, clock, revocations } = setup();
    accounts.stored.set(7, null);
    expect(await revocations.validAfter(accounts.db, 7)).toBeNull();
    const revokedElsewhere = new Date(clock.t);
    accounts.stored.set(7, revokedElsewhere);
    clock.t += REVOCATION_TTL_MS - 1;
    expect(await revocations.validAfter(accounts.db, 7)).toBeNull();
    expect(accounts.reads).toBe(1);
    clock.t += 1;
    expect(await revocations.validAfter(accounts.db, 7)).toEqual(revokedElsewhere);
    expect(accounts.reads).toBe(2);
  });

  it("never keeps a time longer than a second, whatever TTL is asked for", async () => {
    const { accounts, clock, revocations } = setup({ ttlMs: 60_000 });
    accounts.stored.set(7, null);
    await revocations.validAfter(accounts.db, 7);
    clock.t += 1000;
    await revocations.validAfter(accounts.db, 7);
    expect(accounts.reads).toBe(2);
  });

  it("reads again when the clock went back", async () => {
    const { accounts, clock, revocations } = setup();
    accounts.stored.set(7, null);
    await revocations.validAfter(accounts.db, 7);
    clock.t -= 1;
    await revocations.validAfter(accounts.db, 7);
    expect(accounts.reads).toBe(2);
  });

  it("reads the database for a fresh answer, and keeps what it read", async () => {
    const { accounts, clock, revocations } = setup();
    accounts.stored.set(7, null);
    await revocations.validAfter(accounts.db, 7);
    const revoked = new Date(clock.t);
    accounts.stored.set(7, revoked);
    expect(await revocations.validAfter(accounts.db, 7, { fresh: true })).toEqual(revoked);
    expect(await revocations.validAfter(accounts.db, 7)).toEqual(revoked);
    expect(accounts.reads).toBe(2);
  });

  it("forgets an account at once, and does not keep a read that started before the forget", async () => {
    const { accounts, clock, revocations } = setup();
    accounts.stored.set(7, null);
    await revocations.validAfter(accounts.db, 7);
    const revoked = new Date(clock.t);
    accounts.stored.set(7, revoked);
    revocations.forget(7);
    expect(await revocations.validAfter(accounts.db, 7)).toEqual(revoked);

    // A read of the old time, answered after this process wrote the new one and forgot.
    accounts.stored.set(8, null);
    const release = accounts.hold();
    const before = revocations.validAfter(accounts.db, 8);
    accounts.stored.set(8, new Date(clock.t));
    revocations.forget(8);
    release();
    expect(await before).toBeNull();
    expect(await revocations.validAfter(accounts.db, 8)).toEqual(new Date(clock.t));
  });

  it("keeps nothing for an account that does not exist", async () => {
    const { accounts, revocations } = setup();
    expect(await revocations.validAfter(accounts.db, 9)).toBeUndefined();
    expect(await revocations.validAfter(accounts.db, 9)).toBeUndefined();
    expect(accounts.reads).toBe(2);
    expect(revocations.size).toBe(0);
  });

  it("holds at most maxEntries accounts under a flood of distinct ones, dropping the oldest reads", async () => {
    const { accounts, revocations } = setup({ maxEntries: 100 });
    for (let id = 1; id <= 1000; id++) accounts.stored.set(id, null);
    for (let id = 1; id <= 1000; id++) await revocations.validAfter(accounts.db, id);
    expect(revocations.size).toBe(100);
    const reads = accounts.reads;
    await revocations.validAfter(accounts.db, 1000);
    expect(accounts.reads).toBe(reads);
    await revocations.validAfter(accounts.db, 1);
    expect(accounts.reads).toBe(reads + 1);
  });

  it("holds at most REVOCATION_MAX_ENTRIES by default", async () => {
    const { accounts, revocations } = setup();
    const flood = REVOCATION_MAX_ENTRIES + 500;
    for (let id = 1; id <= flood; id++) accounts.stored.set(id, null);
    for (let id = 1; id <= flood; id++) await revocations.validAfter(accounts.db, id);
    expect(revocations.size).toBe(REVOCATION_MAX_ENTRIES);
  });

  it("drops the expired reads first when it is full", async () => {
    const { accounts, clock, revocations } = setup({ maxEntries: 3 });
    for (let id = 1; id <= 4; id++) accounts.stored.set(id, null);
    await revocations.validAfter(accounts.db, 1);
    await revocations.validAfter(accounts.db, 2);
    clock.t += REVOCATION_TTL_MS;
    await revocations.validAfter(accounts.db, 3);
    await revocations.validAfter(accounts.db, 4);
    expect(revocations.size).toBe(2);
  });
});

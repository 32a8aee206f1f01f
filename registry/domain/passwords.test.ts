import { afterAll, describe, expect, it } from "vitest";
import { commonPasswordList, isCommonPassword } from "./common-passwords";
import { CheckTimes, createPasswords, hashPassword as hashWith, needsRehash, validScryptParams, verifyPassword as verifyWith } from "./passwords";
import { ScryptPool, ScryptPoolBusyError } from "./scrypt-pool";

const FAST = { N: 2 ** 10, r: 8, p: 1 };
const pool = new ScryptPool({ workers: 1, queue: 100 });
afterAll(() => pool.close());
const hashPassword = (password: string, params: typeof FAST) => hashWith(pool, password, params);
const verifyPassword = (password: string, stored: string) => verifyWith(pool, password, stored);

describe("password hashing", () => {
  it("stores scrypt$N$r$p$salt$hash with a fresh salt and verifies with the stored parameters", async () => {
    const a = await hashPassword("kidney-walrus-battery", FAST);
    const b = await hashPassword("kidney-walrus-battery", FAST);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("kidney-walrus-battery", a)).toBe(true);
    expect(await verifyPassword("kidney-walrus-batterY", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
    const other = await hashPassword("kidney-walrus-battery", { N: 2 ** 11, r: 4, p: 2 });
    expect(other.startsWith("scrypt$2048$4$2$")).toBe(true);
    expect(await verifyPassword("kidney-walrus-battery", other)).toBe(true);
  });

  it("handles the production cost (N=2^17 needs maxmem above the default)", async () => {
    const stored = await hashPassword("x", { N: 2 ** 17, r: 8, p: 1 });
    expect(await verifyPassword("x", stored)).toBe(true);
  }, 20_000);

  it("treats Unicode compositions of the same password alike (NFKC)", async () => {
    const stored = await hashPassword("caf\u00e9-kidney-walrus", FAST);
    expect(await verifyPassword("cafe\u0301-kidney-walrus", stored)).toBe(true);
  });

  it.each([
    ["another scheme", "bcrypt$10$abc"],
    ["too few parts", "scrypt$1024$8$1$c2FsdHNhbHQ"],
    ["N not a power of two", "scrypt$1000$8$1$c2FsdHNhbHRzYWx0$" + "A".repeat(43)],
    ["N absurdly large", `scrypt$${2 ** 24}$8$1$c2FsdHNhbHRzYWx0$` + "A".repeat(43)],
    ["a short hash", "scrypt$1024$8$1$c2FsdHNhbHRzYWx0$AAAA"],
    ["empty", ""],
  ])("never match a malformed stored hash: %s", async (_case, stored) => {
    expect(await verifyPassword("anything-at-all", stored)).toBe(false);
  });

  it("refuse invalid parameters when hashing", async () => {
    await expect(hashPassword("x", { N: 1000, r: 8, p: 1 })).rejects.toThrow();
    expect(validScryptParams({ N: 2 ** 14, r: 8, p: 1 })).toBe(true);
    expect(validScryptParams({ N: 2 ** 21, r: 8, p: 1 })).toBe(false);
    expect(validScryptParams({ N: 1024, r: 0, p: 1 })).toBe(false);
    expect(validScryptParams({ N: 1024, r: 8, p: 1.5 })).toBe(false);
  });

  it("check an unknown account's password against a hash of the current parameters while no real check is recent, and never match it", async () => {
    const passwords = createPasswords(pool, FAST);
    const before = pool.stats().done;
    expect(await passwords.verify("registry timing equaliser", null)).toBe(false);
    // One hash made once for the comparison, then the check: the same work as a known account's check.
    expect(pool.stats().done - before).toBe(2);
    const stored = await passwords.hash("kidney-walrus-battery");
    expect(await passwords.verify("kidney-walrus-battery", stored)).toBe(true);
    expect(passwords.needsRehash(stored)).toBe(false);
  });

  it("time an unknown account's check as a recent real check of the same lane, without hashing (decision 141)", async () => {
    let clock = 0;
    const times = new CheckTimes(
      () => clock,
      () => 0.99,
    );
    const waited: number[] = [];
    const passwords = createPasswords(pool, FAST, { times, pause: async (ms) => void waited.push(ms) });
    times.record("common", 480);
    times.record("common", 520);
    times.record("proved", 900);
    const before = pool.stats().done;
    expect(await passwords.verify("a guess", null)).toBe(false);
    expect(await passwords.verify("a guess", undefined, "proved")).toBe(false);
    expect(waited).toEqual([520, 900]);
    expect(pool.stats().done - before).toBe(0);
    // A real check records its own time, in its lane; an old time is forgotten: the next unknown one hashes again.
    const stored = await passwords.hash("kidney-walrus-battery");
    expect(await passwords.verify("wrong", stored, "priority")).toBe(false);
    expect(times.sample("priority")).toBeGreaterThan(0);
    clock = 61_000;
    const hashed = pool.stats().done;
    expect(await passwords.verify("a guess", null)).toBe(false);
    expect(pool.stats().done - hashed).toBeGreaterThanOrEqual(1);
    expect(waited).toHaveLength(2);
  });

  it("refuse an unknown account's check as busy exactly when a real one would be (the pool full)", async () => {
    const small = new ScryptPool({ workers: 1, queue: 0 });
    try {
      const times = new CheckTimes();
      times.record("common", 5);
      const passwords = createPasswords(small, FAST, { times, pause: async () => {} });
      const slow = hashWith(small, "keeps the one worker busy", { N: 2 ** 15, r: 8, p: 1 });
      expect(small.wouldRefuse("common")).toBe(true);
      await expect(passwords.verify("a guess", null)).rejects.toBeInstanceOf(ScryptPoolBusyError);
      expect(small.stats().refused).toBe(1);
      await slow;
      expect(small.wouldRefuse("common")).toBe(false);
      expect(await passwords.verify("a guess", null)).toBe(false);
    } finally {
      await small.close();
    }
  });

  it("tell when a stored hash was made with other parameters", async () => {
    const stored = await hashPassword("x", FAST);
    expect(needsRehash(stored, FAST)).toBe(false);
    expect(needsRehash(stored, { ...FAST, N: 2 ** 11 })).toBe(true);
    expect(needsRehash(stored, { ...FAST, r: 4 })).toBe(true);
    expect(needsRehash(stored, { ...FAST, p: 2 })).toBe(true);
    expect(needsRehash("garbage", FAST)).toBe(true);
  });
});

describe("the recent checks' times (decision 141)", () => {
  it("keeps the newest `keep` per lane, forgets those older than maxAgeMs, and draws one at random", () => {
    let clock = 0;
    let draw = 0;
    const times = new CheckTimes(
      () => clock,
      () => draw,
      { keep: 3, maxAgeMs: 1_000 },
    );
    expect(times.sample("common")).toBeNull();
    for (const ms of [10, 20, 30, 40]) times.record("common", ms);
    expect(times.sample("proved")).toBeNull();
    expect(times.sample("common")).toBe(20);
    draw = 0.999;
    expect(times.sample("common")).toBe(40);
    clock = 900;
    times.record("common", 50);
    clock = 1_500;
    draw = 0;
    expect(times.sample("common")).toBe(50);
    clock = 2_000;
    expect(times.sample("common")).toBeNull();
  });
});

describe("common password list", () => {
  it("holds several thousand entries, all lower case", () => {
    const list = commonPasswordList();
    expect(list.size).toBeGreaterThan(5000);
    expect([...list].filter((p) => p !== p.toLowerCase())).toEqual([]);
  });

  it.each([
    "password1234",
    "PASSWORD1234",
    "Password1234",
    "qwertyuiop12",
    "qwertyuiop123",
    "123456789012",
    "1q2w3e4r5t6y",
    "iloveyou1234",
    "aaaaaaaaaaaa",
    "passwordpassword",
    "sunshine2024",
    "football2000!",
    "P@ssw0rd1234",
    "Pa55w0rd1234",
    "qazwsxedcrfv",
    "1qaz2wsx3edc",
    "abc123abc123",
    "monkey123456",
    "123123123123",
    "0987654321098",
    "kidneytransplant",
    "iloveyoujessica",
    "mydragon1234",
    "Welcome12345",
  ])("refuses %s", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(["kidney-walrus-battery", "correct horse battery staple", "Tq7#vX9!mZ2$", "my cat eats 7 limes", "sunshine-2024-blue-ocean"])(
    "accepts %s",
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});

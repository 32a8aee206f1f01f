import { scryptSync } from "node:crypto";
import { threadId } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { ScryptPool, ScryptPoolBusyError, type ScryptJob, type ScryptLane } from "./scrypt-pool";

const job = (password: string, N = 2 ** 10): ScryptJob => ({
  password,
  salt: Buffer.from("0123456789abcdef"),
  keyLength: 32,
  N,
  r: 8,
  p: 1,
  maxmem: 128 * 8 * (N + 1) + 2 * 1024 * 1024,
});

describe("scrypt pool (docs/decisions/020)", () => {
  let pool: ScryptPool;
  afterEach(() => pool?.close());

  it("derives the same key as scryptSync, in a worker thread rather than the main thread", async () => {
    pool = new ScryptPool({ workers: 1, queue: 4 });
    const key = await pool.derive(job("kidney-walrus-battery"));
    expect(key.equals(scryptSync("kidney-walrus-battery", Buffer.from("0123456789abcdef"), 32, { N: 1024, r: 8, p: 1 }))).toBe(true);
    const ids = pool.workerThreadIds();
    expect(ids).toHaveLength(1);
    expect(ids[0]).not.toBe(threadId);
  });

  it("runs at most `workers` hashes at once, queues `queue` more, and refuses the next at once with a Retry-After", async () => {
    pool = new ScryptPool({ workers: 2, queue: 3 });
    // Slow enough that none finishes before the sixth is asked for.
    const accepted = Array.from({ length: 5 }, (_, i) => pool.derive(job(`p${i}`, 2 ** 14)));
    expect(pool.stats()).toMatchObject({ running: 2, queued: 3, workers: 2 });
    const refused = pool.derive(job("one too many"));
    await expect(refused).rejects.toBeInstanceOf(ScryptPoolBusyError);
    const error = (await refused.catch((e: unknown) => e)) as ScryptPoolBusyError;
    expect(error.retryAfterS).toBeGreaterThanOrEqual(1);
    expect(pool.stats().refused).toBe(1);
    const keys = await Promise.all(accepted);
    expect(new Set(keys.map((k) => k.toString("hex"))).size).toBe(5);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0, done: 5 });
    // Room again once the work is done.
    await expect(pool.derive(job("again"))).resolves.toHaveLength(32);
  });

  it("rejects a job scrypt refuses (too little maxmem) without losing the worker", async () => {
    pool = new ScryptPool({ workers: 1, queue: 1 });
    await expect(pool.derive({ ...job("x"), maxmem: 1024 })).rejects.toThrow();
    await expect(pool.derive(job("x"))).resolves.toHaveLength(32);
  });

  it("lets idle workers go, and starts a new one when work comes back", async () => {
    pool = new ScryptPool({ workers: 1, queue: 1, idleMs: 10 });
    await pool.derive(job("a"));
    const first = pool.workerThreadIds()[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pool.workerThreadIds()).toEqual([]);
    await pool.derive(job("b"));
    expect(pool.workerThreadIds()[0]).not.toBe(first);
  });

  it("serves the priority lane (a known device, docs/decisions/087) first, with its own room, when the common queue is full", async () => {
    pool = new ScryptPool({ workers: 1, queue: 3, priorityQueue: 2 });
    const finished: string[] = [];
    const track = (name: string, lane?: "common" | "priority") => pool.derive(job(name, 2 ** 14), lane).then(() => finished.push(name));
    const common = ["flood-1", "flood-2", "flood-3", "flood-4"].map((name) => track(name));
    expect(pool.stats()).toMatchObject({ running: 1, queued: 3, priorityQueued: 0 });
    // The common lane is full: a stranger is refused at once, the known device is not.
    await expect(pool.derive(job("flood-5"))).rejects.toBeInstanceOf(ScryptPoolBusyError);
    const owner = track("owner", "priority");
    expect(pool.stats()).toMatchObject({ running: 1, queued: 4, priorityQueued: 1 });
    await Promise.all([...common, owner]);
    // The owner waited for the hash already running only.
    expect(finished).toEqual(["flood-1", "owner", "flood-2", "flood-3", "flood-4"]);
    // The priority lane has a bound of its own.
    const busy = Array.from({ length: 3 }, (_, i) => pool.derive(job(`owner-${i}`, 2 ** 14), "priority"));
    await expect(pool.derive(job("owner-3"), "priority")).rejects.toBeInstanceOf(ScryptPoolBusyError);
    await Promise.all(busy);
  });

  it("serves a proved try (a solved proof of work, docs/decisions/134) before unproved ones queued earlier, after known devices", async () => {
    pool = new ScryptPool({ workers: 1, queue: 3, priorityQueue: 2 });
    const finished: string[] = [];
    const track = (name: string, lane?: ScryptLane) => pool.derive(job(name, 2 ** 14), lane).then(() => finished.push(name));
    const common = ["flood-1", "flood-2", "flood-3", "flood-4"].map((name) => track(name));
    // The common lane is full: an unproved stranger is refused at once, a proved newcomer is not.
    await expect(pool.derive(job("flood-5"))).rejects.toBeInstanceOf(ScryptPoolBusyError);
    const newcomer = track("newcomer", "proved");
    const owner = track("owner", "priority");
    expect(pool.stats()).toMatchObject({ running: 1, queued: 5, priorityQueued: 1, provedQueued: 1 });
    await Promise.all([...common, newcomer, owner]);
    // The known device first, then the proved try, then the strangers queued before both.
    expect(finished).toEqual(["flood-1", "owner", "newcomer", "flood-2", "flood-3", "flood-4"]);
    // The proved lane has a bound of its own (that of the priority lane).
    const busy = Array.from({ length: 3 }, (_, i) => pool.derive(job(`proved-${i}`, 2 ** 14), "proved"));
    await expect(pool.derive(job("proved-3"), "proved")).rejects.toBeInstanceOf(ScryptPoolBusyError);
    await Promise.all(busy);
  });
});

import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/**
 * Password hashing off the main thread and off libuv's thread pool (docs/decisions/020). Node's async `crypto.scrypt`
 * runs on libuv's 4-thread pool, which gzip, file reads and DNS share: a few concurrent sign-ins at 128 MiB each
 * then starve every page. Here each hash runs `scryptSync` in a worker thread of a small pool, at most `workers` at
 * once; at most `queue` more wait; beyond that a hash is refused at once (ScryptPoolBusyError), so a flood is answered
 * fast instead of piling up work and memory.
 *
 * A priority lane (docs/decisions/087): a hash for a known device (a browser that signed in to the account before)
 * waits in its own queue, which is served before the common one and is never filled by the common one, so a flood of
 * unknown-device sign-ins can make the owner wait for at most the hashes already running, never refuse them.
 *
 * A middle lane (docs/decisions/134): a hash for an unknown device whose browser solved the portal's proof of work
 * (the portal verified it) waits in a queue of its own, served after the priority lane and before the common one, and
 * never filled by the common one: a flood of unproved tries (no JavaScript, an aged challenge) cannot refuse it.
 */

export type ScryptJob = { password: string; salt: Buffer; keyLength: number; N: number; r: number; p: number; maxmem: number };
export type ScryptPoolOptions = {
  workers: number;
  queue: number;
  /** Hashes of the priority lane that may wait (default: the same as `queue`, at least 4); the proved lane's too. */
  priorityQueue?: number;
  idleMs?: number;
};
/**
 * "priority": a known device's sign-in (docs/decisions/087); "proved": an unknown device's sign-in with a solved proof
 * of work (docs/decisions/134); "common": everything else.
 */
export type ScryptLane = "common" | "proved" | "priority";
export type ScryptPoolStats = {
  workers: number;
  running: number;
  queued: number;
  priorityQueued: number;
  provedQueued: number;
  refused: number;
  done: number;
  averageMs: number;
};

/** Default concurrency: half the cores (at least 1, at most 4), so page rendering keeps the rest. */
export const DEFAULT_HASH_WORKERS = Math.max(1, Math.min(4, Math.floor(availableParallelism() / 2)));
/** Default waiting room: 8 hashes (about 4 s of work for one worker at the production cost). */
export const DEFAULT_HASH_QUEUE = 8;

/** The pool is full: answer "busy, try again" (HTTP 503) after `retryAfterS` seconds. */
export class ScryptPoolBusyError extends Error {
  override name = "ScryptPoolBusyError";
  constructor(readonly retryAfterS: number) {
    super("password hashing is busy");
  }
}

// CommonJS, evaluated in the worker: independent of how the registry is bundled or run (tsx, esbuild, vitest).
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
parentPort.on("message", (job) => {
  try {
    const key = scryptSync(job.password, job.salt, job.keyLength, { N: job.N, r: job.r, p: job.p, maxmem: job.maxmem });
    parentPort.postMessage({ id: job.id, key });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error && error.message ? String(error.message) : "scrypt failed" });
  }
});
`;

type Pending = { id: number; job: ScryptJob; lane: ScryptLane; queuedAt: number; resolve: (key: Buffer) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; current: Pending | null; startedAt: number; idleTimer: NodeJS.Timeout | null };

export class ScryptPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Pending[] = [];
  private readonly priority: Pending[] = [];
  private readonly proved: Pending[] = [];
  private nextId = 1;
  private refused = 0;
  private done = 0;
  /** Moving average of one hash's duration, for Retry-After. */
  private averageMs = 500;
  private closed = false;
  private waitListener: ((lane: ScryptLane, waitedMs: number) => void) | undefined;

  constructor(readonly options: ScryptPoolOptions) {
    if (!(options.workers >= 1) || !(options.queue >= 0)) throw new Error("invalid scrypt pool size");
  }

  /**
   * Derives a key in a worker; rejects with ScryptPoolBusyError at once when every worker is busy and the lane's queue
   * is full. The priority lane's queue is served first, then the proved lane's, then the common one.
   */
  derive(job: ScryptJob, lane: ScryptLane = "common"): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error("scrypt pool closed"));
    if (this.wouldRefuse(lane)) return Promise.reject(this.refuse(lane));
    return new Promise<Buffer>((resolve, reject) => {
      this.queue(lane).push({ id: this.nextId++, job, lane, queuedAt: performance.now(), resolve, reject });
      this.pump();
    });
  }

  /** Whether a hash of `lane` asked for now would be refused (every worker busy and the lane's queue full). */
  wouldRefuse(lane: ScryptLane = "common"): boolean {
    const running = this.slots.filter((s) => s.current).length;
    const room = lane === "common" ? this.options.queue : (this.options.priorityQueue ?? Math.max(4, this.options.queue));
    return running >= this.options.workers && this.queue(lane).length >= room;
  }

  /**
   * The refusal a hash of `lane` gets now, counted as one (the pool's `refused` figure): also what a check with
   * nothing to check against answers when a real one would be refused (docs/decisions/141).
   */
  refuse(lane: ScryptLane = "common"): ScryptPoolBusyError {
    this.refused += 1;
    return new ScryptPoolBusyError(this.retryAfterS(lane));
  }

  private queue(lane: ScryptLane): Pending[] {
    return lane === "priority" ? this.priority : lane === "proved" ? this.proved : this.waiting;
  }

  /** Seconds until the work in hand (ahead of a new hash of `lane`) is likely done (at least 1). */
  retryAfterS(lane: ScryptLane = "common"): number {
    const ahead = this.priority.length + (lane === "priority" ? 0 : this.proved.length) + (lane === "common" ? this.waiting.length : 0);
    const inHand = ahead + this.slots.filter((s) => s.current).length;
    return Math.max(1, Math.ceil((inHand * this.averageMs) / this.options.workers / 1000));
  }

  stats(): ScryptPoolStats {
    return {
      workers: this.slots.length,
      running: this.slots.filter((s) => s.current).length,
      queued: this.waiting.length + this.proved.length + this.priority.length,
      priorityQueued: this.priority.length,
      provedQueued: this.proved.length,
      refused: this.refused,
      done: this.done,
      averageMs: Math.round(this.averageMs),
    };
  }

  /** Told how long each hash waited in its queue before a worker took it (the metrics, docs/decisions/131). */
  onWait(listener: (lane: ScryptLane, waitedMs: number) => void): void {
    this.waitListener = listener;
  }

  /** The worker threads' ids (tests check the work ran there, not on the main thread). */
  workerThreadIds(): number[] {
    return this.slots.map((s) => s.worker.threadId);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of [...this.priority.splice(0), ...this.proved.splice(0), ...this.waiting.splice(0)]) p.reject(new Error("scrypt pool closed"));
    await Promise.all(this.slots.splice(0).map((s) => this.retire(s)));
  }

  private pump(): void {
    while (this.priority.length || this.proved.length || this.waiting.length) {
      let slot = this.slots.find((s) => !s.current);
      if (!slot && this.slots.length < this.options.workers) slot = this.spawn();
      if (!slot) return;
      const next = (this.priority.length ? this.priority : this.proved.length ? this.proved : this.waiting).shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.current = next;
      slot.startedAt = performance.now();
      this.waitListener?.(next.lane, slot.startedAt - next.queuedAt);
      slot.worker.ref();
      slot.worker.postMessage({ id: next.id, ...next.job });
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    const slot: Slot = { worker, current: null, startedAt: 0, idleTimer: null };
    worker.on("message", (message: { id: number; key?: Uint8Array; error?: string }) => {
      const job = slot.current;
      if (!job || job.id !== message.id) return;
      slot.current = null;
      this.done += 1;
      this.averageMs = this.averageMs * 0.8 + (performance.now() - slot.startedAt) * 0.2;
      if (message.key) job.resolve(Buffer.from(message.key.buffer, message.key.byteOffset, message.key.byteLength));
      else job.reject(new Error(message.error ?? "scrypt failed"));
      this.idle(slot);
      this.pump();
    });
    const lost = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.current?.reject(error);
      slot.current = null;
      this.pump();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`scrypt worker exited (${code})`)));
    this.slots.push(slot);
    return slot;
  }

  /** An idle worker does not keep the process alive, and leaves after `idleMs` without work (its memory with it). */
  private idle(slot: Slot): void {
    slot.worker.unref();
    if (!this.waiting.length && !this.proved.length && !this.priority.length) {
      slot.idleTimer = setTimeout(() => {
        const index = this.slots.indexOf(slot);
        if (index >= 0 && !slot.current) {
          this.slots.splice(index, 1);
          void this.retire(slot);
        }
      }, this.options.idleMs ?? 60_000);
      slot.idleTimer.unref();
    }
  }

  private async retire(slot: Slot): Promise<void> {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.worker.removeAllListeners("exit");
    slot.current?.reject(new Error("scrypt pool closed"));
    slot.current = null;
    await slot.worker.terminate();
  }
}

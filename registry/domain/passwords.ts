import { randomBytes, timingSafeEqual } from "node:crypto";
import { passwordError } from "../contract/registration";
import { ValidationKey } from "../contract/validation-keys";
import { isCommonPassword } from "./common-passwords";
import type { ScryptLane, ScryptPool } from "./scrypt-pool";

export type ScryptParams = { N: number; r: number; p: number };
/** Production cost (about 0.5 s and 128 MiB per hash on the reference machine). */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Bounds for parameters read back from storage, so a damaged row cannot ask for gigabytes. */
const LIMITS = { N: 2 ** 20, r: 32, p: 16 };

export { isCommonPassword };

function scrypt(pool: ScryptPool, password: string, salt: Buffer, { N, r, p }: ScryptParams, lane?: ScryptLane): Promise<Buffer> {
  // OpenSSL needs 128 * N * r bytes plus its working buffers; allow that plus 2 MiB.
  const maxmem = 128 * r * (N + p) + 2 * 1024 * 1024;
  return pool.derive({ password: password.normalize("NFKC"), salt, keyLength: KEY_LENGTH, N, r, p, maxmem }, lane);
}

export function validScryptParams({ N, r, p }: ScryptParams): boolean {
  const isPow2 = Number.isInteger(N) && N >= 2 && (N & (N - 1)) === 0;
  return isPow2 && N <= LIMITS.N && Number.isInteger(r) && r >= 1 && r <= LIMITS.r && Number.isInteger(p) && p >= 1 && p <= LIMITS.p;
}

/** A self-describing hash: `scrypt$N$r$p$<salt base64url>$<hash base64url>`. */
export async function hashPassword(pool: ScryptPool, password: string, params: ScryptParams): Promise<string> {
  if (!validScryptParams(params)) throw new Error("invalid scrypt parameters");
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(pool, password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map((s) => (/^\d{1,9}$/.test(s ?? "") ? Number(s) : NaN));
  const params = { N: N ?? NaN, r: r ?? NaN, p: p ?? NaN };
  if (!validScryptParams(params)) return null;
  const salt = Buffer.from(parts[4] ?? "", "base64url");
  const key = Buffer.from(parts[5] ?? "", "base64url");
  if (salt.length < 8 || key.length !== KEY_LENGTH) return null;
  return { params, salt, key };
}

/** Checks a password against a stored hash, using the parameters stored with it. A malformed hash never matches. */
export async function verifyPassword(pool: ScryptPool, password: string, stored: string, lane?: ScryptLane): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scrypt(pool, password, parsed.salt, parsed.params, lane);
  return timingSafeEqual(key, parsed.key);
}

/** True when the stored hash was made with other parameters than the current ones (rehash after a successful sign-in). */
export function needsRehash(stored: string, params: ScryptParams): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.N !== params.N || parsed.params.r !== params.r || parsed.params.p !== params.p;
}

/** The password rules of ACC-020 (length, then the common-password list): the message key of the first problem, or undefined. */
export function passwordProblem(password: string): string | undefined {
  return passwordError(password) ?? (isCommonPassword(password) ? ValidationKey.passwordCommon : undefined);
}

/** What the endpoints use: hashing and checking through one bounded pool, with the current parameters. */
export type Passwords = {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a stored hash. With no stored hash (an unknown email, an account without a password)
   * it checks against a hash made with the current parameters and answers false: the same work through the same
   * queue, so the time taken does not tell whether an account exists. `lane` "priority": a known device's sign-in,
   * served first when hashing is scarce (docs/decisions/087).
   */
  verify(password: string, stored: string | null | undefined, lane?: ScryptLane): Promise<boolean>;
  needsRehash(stored: string): boolean;
};

/**
 * How long the recent real checks took, per lane, from the call to the answer (the pool's queue included): what a
 * check with nothing to check against waits instead of hashing (docs/decisions/141). Samples older than `maxAgeMs`
 * are forgotten; at most `keep` per lane. Pure bookkeeping: the clock and the draw are given.
 */
export class CheckTimes {
  private readonly byLane = new Map<ScryptLane, Array<{ at: number; ms: number }>>();
  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly random: () => number = Math.random,
    private readonly options = { keep: 32, maxAgeMs: 60_000 },
  ) {}

  record(lane: ScryptLane, ms: number): void {
    const samples = this.byLane.get(lane) ?? [];
    samples.push({ at: this.now(), ms });
    if (samples.length > this.options.keep) samples.shift();
    this.byLane.set(lane, samples);
  }

  /** One recent check's time in `lane`, drawn at random; null when there is none recent. */
  sample(lane: ScryptLane): number | null {
    const since = this.now() - this.options.maxAgeMs;
    const samples = (this.byLane.get(lane) ?? []).filter((s) => s.at >= since);
    this.byLane.set(lane, samples);
    if (samples.length === 0) return null;
    return samples[Math.min(samples.length - 1, Math.floor(this.random() * samples.length))]!.ms;
  }
}

export type PasswordsOptions = {
  /** Waits `ms` (the portal passes its admission's park: the wait is outside its count, docs/decisions/134). */
  pause?: (ms: number) => Promise<void>;
  times?: CheckTimes;
};

export function createPasswords(pool: ScryptPool, params: ScryptParams, options: PasswordsOptions = {}): Passwords {
  const pause = options.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const times = options.times ?? new CheckTimes();
  let timing: Promise<string> | undefined;
  // Made once, on first need; forgotten when it failed (e.g. refused while the pool was busy), so it is made again.
  const timingHash = () =>
    (timing ??= hashPassword(pool, "registry timing equaliser", params).catch((error: unknown) => {
      timing = undefined;
      throw error;
    }));
  /** A real check, its time recorded for its lane. */
  const timed = async (password: string, stored: string, lane: ScryptLane) => {
    const started = performance.now();
    const matches = await verifyPassword(pool, password, stored, lane);
    times.record(lane, performance.now() - started);
    return matches;
  };
  return {
    hash: (password) => hashPassword(pool, password, params),
    async verify(password, stored, lane = "common") {
      if (stored) return timed(password, stored, lane);
      // Nothing to check against (an unknown email): the answer is false, and it must take as long as a real check.
      // docs/decisions/141: it waits the time of a recent real check of its lane, drawn at random, and is refused
      // exactly when a real check would be (the pool full): the same times and answers, without the CPU and the
      // 128 MiB a hash takes, so a flood of made-up emails no longer takes the hashing from real patients. With no
      // recent real check to copy, it checks against a hash made for the purpose, as before.
      const twin = times.sample(lane);
      if (twin === null) {
        await timed(password, await timingHash(), lane);
        return false;
      }
      if (pool.wouldRefuse(lane)) throw pool.refuse(lane);
      await pause(twin);
      return false;
    },
    needsRehash: (stored) => needsRehash(stored, params),
  };
}

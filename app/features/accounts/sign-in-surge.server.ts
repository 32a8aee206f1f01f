import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { challengeBits, hasLeadingZeroBits } from "./proof-of-work";

/**
 * A cheap step before any hashing when unknown-device sign-ins surge (docs/decisions/087). The portal process counts
 * sign-in attempts from browsers without a known-device mark; at `perMinute` or more within a minute a surge starts
 * and lasts until SURGE.holdMs after the last minute over the threshold. During a surge such an attempt is passed on to
 * the registry (and its password hashing) only with a challenge this portal signed, not used before and not expired:
 * - with JavaScript, solved in the sign-in dialog (proof-of-work.ts): passed on at once;
 * - without JavaScript, unsolved: passed on once the challenge is SURGE.noScriptWaitMs old (the server waits the rest;
 *   a person typing an email and a password takes longer, so in practice nobody waits).
 * Outside a surge nothing changes; known devices never see the step.
 */
export const SURGE = {
  windowMs: 60_000,
  holdMs: 5 * 60_000,
  challengeTtlMs: 10 * 60_000,
  /** 2^12 SHA-256 on average: ~0.2-0.5 s with Web Crypto on an old phone, nothing on a computer. */
  bits: 12,
  noScriptWaitMs: 4_000,
  maxUsed: 100_000,
} as const;

export type SurgeVerdict = { ok: true; waitMs: number } | { ok: false };

export function createSignInSurge(opts: { perMinute: number; formKey: Uint8Array; log?: (entry: Record<string, unknown>) => void }) {
  const key = Buffer.from(hkdfSync("sha256", opts.formKey, "pass-portal", "sign-in-challenge-v1", 32));
  const attempts: number[] = [];
  let until = 0;
  /** Challenges already spent, until they expire (by nonce). */
  const used = new Map<string, number>();

  const sign = (text: string) => createHmac("sha256", key).update(text).digest("base64url").slice(0, 32);

  return {
    /** Counts one unknown-device sign-in attempt; answers whether a surge is on. */
    note(now: number): boolean {
      attempts.push(now);
      while (attempts.length && (attempts[0] ?? 0) <= now - SURGE.windowMs) attempts.shift();
      // Keep at most what the threshold needs.
      const keep = Math.max(1, opts.perMinute) * 2;
      if (attempts.length > keep) attempts.splice(0, attempts.length - keep);
      if (opts.perMinute > 0 && attempts.length >= opts.perMinute) {
        if (now >= until) opts.log?.({ event: "sign-in.surge.started", perMinute: opts.perMinute });
        until = now + SURGE.holdMs;
      }
      return this.active(now);
    },
    active(now: number): boolean {
      return opts.perMinute > 0 && now < until;
    },
    /** Unknown-device attempts counted within the last minute (capped at twice the threshold; for the metrics). */
    recent(now: number): number {
      return attempts.filter((at) => at > now - SURGE.windowMs).length;
    },
    /** A fresh signed challenge. */
    issue(now: number): string {
      const body = `c1.${now.toString(36)}.${randomBytes(12).toString("base64url")}.${SURGE.bits}`;
      return `${body}.${sign(body)}`;
    },
    /** Whether an attempt carrying `challenge` (and `proof` when the browser solved it) may go on, and after what wait. */
    check(challenge: string, proof: string, now: number): SurgeVerdict {
      const parts = challenge.split(".");
      if (parts.length !== 5 || challenge.length > 200 || challengeBits(challenge) === null) return { ok: false };
      const body = parts.slice(0, 4).join(".");
      const given = Buffer.from(parts[4] ?? "");
      const expected = Buffer.from(sign(body));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
      const issued = parseInt(parts[1] ?? "", 36);
      if (!Number.isFinite(issued) || issued > now + 5_000 || now - issued > SURGE.challengeTtlMs) return { ok: false };
      const nonce = parts[2] ?? "";
      for (const [n, expires] of used) {
        if (used.size < SURGE.maxUsed && expires > now) break;
        used.delete(n);
      }
      if (used.has(nonce)) return { ok: false };
      if (proof) {
        if (!/^\d{1,9}$/.test(proof)) return { ok: false };
        const digest = createHash("sha256").update(`${challenge}:${proof}`).digest();
        if (!hasLeadingZeroBits(digest, challengeBits(challenge)!)) return { ok: false };
        used.set(nonce, issued + SURGE.challengeTtlMs);
        return { ok: true, waitMs: 0 };
      }
      used.set(nonce, issued + SURGE.challengeTtlMs);
      return { ok: true, waitMs: Math.max(0, issued + SURGE.noScriptWaitMs - now) };
    },
  };
}

export type SignInSurge = ReturnType<typeof createSignInSurge>;

type SharedSurge = { perMinute: number; key: string; surge: SignInSurge };
/**
 * The process's one watch, under a global symbol: the server (portal.js, which reads it for the metrics) and the React
 * Router build (whose sign-in and registration actions count the attempts) each bundle a copy of this module.
 */
const SHARED = Symbol.for("kidney-portal.sign-in-surge");
const holder = globalThis as typeof globalThis & { [SHARED]?: SharedSurge };

/** The surge watch of this portal process, once a sign-in made it (the metrics read it, docs/decisions/131). */
export function currentSignInSurge(): { perMinute: number; surge: SignInSurge } | undefined {
  return holder[SHARED];
}

/** This portal process's surge watch (one per setting and key; the key compared by value: each request's context may hold a copy). */
export function signInSurge(perMinute: number, formKey: Uint8Array, log?: (entry: Record<string, unknown>) => void): SignInSurge {
  const key = Buffer.from(formKey).toString("base64");
  const shared = holder[SHARED];
  if (shared && shared.perMinute === perMinute && shared.key === key) return shared.surge;
  const surge = createSignInSurge({ perMinute, formKey, log });
  holder[SHARED] = { perMinute, key, surge };
  return surge;
}

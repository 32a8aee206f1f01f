import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { addressLimitKey } from "../../../registry/contract/address-key";
import type { PortalContext } from "~/platform/context";
import { reach } from "~/registry/reach.server";
import { CHALLENGE_FIELD, challengeBits, hasLeadingZeroBits, PROOF_FIELD } from "./proof-of-work";

/**
 * A cheap step before any hashing when unknown-device sign-ins surge (docs/decisions/087, 135). The portal process
 * counts sign-in attempts from browsers without a known-device mark; at `perMinute` or more within a minute a surge
 * starts and lasts until SURGE.holdMs after the last minute over the threshold. During a surge such an attempt is
 * passed on to the registry (and its password hashing) only with a challenge this portal signed for this browser
 * (a random value kept in its session) and this address (an IPv6 /64 as one), not expired, and spent through the
 * registry (once across every portal process, at most SIGN_IN_CHALLENGES.spentPerAddressPerMinute an address a minute):
 * - with JavaScript, solved in the sign-in dialog (proof-of-work.ts): passed on at once;
 * - without JavaScript, unsolved: passed on once the challenge is noScriptWaitMs(bits) old (the server waits the rest;
 *   a person typing an email and a password takes longer, so in practice nobody waits).
 * The difficulty grows with the surge (surgeBits), and so does the wait without JavaScript. At most
 * SURGE.issuedPerAddress challenges are issued to an address a minute (per process). Outside a surge nothing changes;
 * known devices never see the step.
 */
export const SURGE = {
  windowMs: 60_000,
  holdMs: 5 * 60_000,
  challengeTtlMs: 10 * 60_000,
  /** At the threshold: 2^12 SHA-256 on average, ~0.2-0.5 s with Web Crypto on an old phone, nothing on a computer. */
  bits: 12,
  /** At 8 times the threshold and over: 2^18 on average, a few seconds on an old phone (docs/decisions/135). */
  maxBits: 18,
  /** The unsolved challenge's age without JavaScript at 12 bits; each bit more adds noScriptWaitPerBitMs. */
  noScriptWaitMs: 4_000,
  noScriptWaitPerBitMs: 2_000,
  /** Challenges issued to one address (an IPv6 /64) a minute, in this process. */
  issuedPerAddress: 30,
  /** The watch counts attempts up to this many times the threshold (enough for maxBits). */
  countUpTo: 16,
  maxUsed: 100_000,
  maxAddresses: 100_000,
} as const;

/** Whose challenge it is: the browser (a random value in its session) and the client address. */
export type SurgeBinding = { browser: string; address: string };
/** Spends a challenge through the registry (by its nonce's SHA-256, hex), or says the registry could not be asked. */
export type SpendChallenge = (nonceHash: string, expiresAt: Date) => Promise<"spent" | "used" | "over" | "unreachable">;
/** `proved`: the browser solved the challenge's proof of work, checked here (docs/decisions/134); absent otherwise. */
export type SurgeVerdict = { ok: true; waitMs: number; proved?: true } | { ok: false; reason: "invalid" | "used" | "over" | "unreachable" };

/** The difficulty for a surge of `recent` attempts a minute: 12 bits up to twice the threshold, 2 more each doubling, at most 18. */
export function surgeBits(recent: number, perMinute: number): number {
  if (!(perMinute > 0) || recent < 2 * perMinute) return SURGE.bits;
  return Math.min(SURGE.maxBits, SURGE.bits + 2 * Math.floor(Math.log2(recent / perMinute)));
}

/** How old an unsolved challenge of `bits` must be (without JavaScript): 4 s at 12 bits, up to 16 s at 18. */
export function noScriptWaitMs(bits: number): number {
  return SURGE.noScriptWaitMs + Math.max(0, bits - SURGE.bits) * SURGE.noScriptWaitPerBitMs;
}

/** A session that can keep the browser's surge value (the patients' and the staff console's). */
type BrowserSession = { get(key: "surgeBrowser"): string | undefined; set(key: "surgeBrowser", value: string): void };

/** The browser's random surge value, made and kept in its session when `create` (a page issuing a challenge). */
export function surgeBrowser(session: BrowserSession, create: boolean): string {
  const kept = session.get("surgeBrowser");
  if (typeof kept === "string" && /^[A-Za-z0-9_-]{22}$/.test(kept)) return kept;
  if (!create) return "";
  const value = randomBytes(16).toString("base64url");
  session.set("surgeBrowser", value);
  return value;
}

export function createSignInSurge(opts: { perMinute: number; formKey: Uint8Array; log?: (entry: Record<string, unknown>) => void }) {
  const key = Buffer.from(hkdfSync("sha256", opts.formKey, "pass-portal", "sign-in-challenge-v2", 32));
  const attempts: number[] = [];
  let until = 0;
  /** Challenges already spent here, until they expire (by nonce): a repeat is refused without asking the registry. */
  const used = new Map<string, number>();
  /** Challenges already vouched for at the admission (by nonce, until they expire): each once (docs/decisions/134). */
  const vouched = new Map<string, number>();
  const prune = (seen: Map<string, number>, now: number) => {
    for (const [n, expires] of seen) {
      if (seen.size < SURGE.maxUsed && expires > now) break;
      seen.delete(n);
    }
  };
  /** A challenge signed here for `binding`, not expired: its difficulty, nonce and issue time; else null. */
  const sound = (challenge: string, now: number, binding: SurgeBinding) => {
    const parts = challenge.split(".");
    const bits = challengeBits(challenge);
    if (parts.length !== 5 || challenge.length > 200 || bits === null || !binding.browser) return null;
    const body = parts.slice(0, 4).join(".");
    const given = Buffer.from(parts[4] ?? "");
    const expected = Buffer.from(sign(body, binding));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const issuedAt = parseInt(parts[1] ?? "", 36);
    if (!Number.isFinite(issuedAt) || issuedAt > now + 5_000 || now - issuedAt > SURGE.challengeTtlMs) return null;
    return { bits, nonce: parts[2] ?? "", issuedAt };
  };
  const solved = (challenge: string, proof: string, bits: number) =>
    /^\d{1,9}$/.test(proof) && hasLeadingZeroBits(createHash("sha256").update(`${challenge}:${proof}`).digest(), bits);
  /** Challenges issued per address key in the current minute. */
  const issued = new Map<string, { since: number; count: number }>();

  const sign = (body: string, binding: SurgeBinding) =>
    createHmac("sha256", key)
      .update(`${body}\n${binding.browser}\n${addressLimitKey(binding.address)}`)
      .digest("base64url")
      .slice(0, 32);

  return {
    /** Counts one unknown-device sign-in attempt; answers whether a surge is on. */
    note(now: number): boolean {
      attempts.push(now);
      while (attempts.length && (attempts[0] ?? 0) <= now - SURGE.windowMs) attempts.shift();
      // Keep at most what the threshold and the difficulty need.
      const keep = Math.max(1, opts.perMinute) * SURGE.countUpTo;
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
    /** Unknown-device attempts counted within the last minute (capped at SURGE.countUpTo times the threshold; for the metrics). */
    recent(now: number): number {
      return attempts.filter((at) => at > now - SURGE.windowMs).length;
    },
    /** The difficulty a challenge issued now carries. */
    bits(now: number): number {
      return surgeBits(this.recent(now), opts.perMinute);
    },
    /** A fresh challenge signed for this browser and address, or null when the address took its share this minute. */
    issue(now: number, binding: SurgeBinding): string | null {
      const address = addressLimitKey(binding.address);
      const entry = issued.get(address);
      if (entry && entry.since > now - SURGE.windowMs) {
        if (entry.count >= SURGE.issuedPerAddress) return null;
        entry.count += 1;
      } else {
        if (issued.size >= SURGE.maxAddresses) {
          for (const [k, e] of issued) if (e.since <= now - SURGE.windowMs) issued.delete(k);
          if (issued.size >= SURGE.maxAddresses) issued.clear();
        }
        issued.set(address, { since: now, count: 1 });
      }
      const body = `c1.${now.toString(36)}.${randomBytes(12).toString("base64url")}.${this.bits(now)}`;
      return `${body}.${sign(body, binding)}`;
    },
    /**
     * Whether an attempt carrying `challenge` (and `proof` when the browser solved it) from `binding` may go on, and
     * after what wait. A challenge that passes every check here is spent through `spend` (the registry) first.
     */
    async check(challenge: string, proof: string, now: number, binding: SurgeBinding, spend: SpendChallenge): Promise<SurgeVerdict> {
      const invalid = { ok: false, reason: "invalid" } as const;
      const checked = sound(challenge, now, binding);
      if (!checked) return invalid;
      const { bits, nonce, issuedAt } = checked;
      prune(used, now);
      if (used.has(nonce)) return { ok: false, reason: "used" };
      if (proof && !solved(challenge, proof, bits)) return invalid;
      const expires = issuedAt + SURGE.challengeTtlMs;
      const outcome = await spend(createHash("sha256").update(nonce).digest("hex"), new Date(expires));
      if (outcome !== "spent") return { ok: false, reason: outcome };
      used.set(nonce, expires);
      if (proof) return { ok: true, waitMs: 0, proved: true };
      return { ok: true, waitMs: Math.max(0, issuedAt + noScriptWaitMs(bits) - now) };
    },
    /**
     * docs/decisions/134: whether a sign-in post about to be admitted shows, in its address, a challenge this portal
     * signed for this browser and address, not expired, not spent here, and solved: the admission then lets it go ahead
     * of unproved posts. Once per challenge (a replay is not preferred); one HMAC and one SHA-256, the registry is not
     * asked (the sign-in itself spends the challenge: `check`).
     */
    vouch(challenge: string, proof: string, now: number, binding: SurgeBinding): boolean {
      const checked = sound(challenge, now, binding);
      if (!checked || !solved(challenge, proof, checked.bits)) return false;
      prune(vouched, now);
      if (used.has(checked.nonce) || vouched.has(checked.nonce)) return false;
      vouched.set(checked.nonce, checked.issuedAt + SURGE.challengeTtlMs);
      return true;
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

/**
 * docs/decisions/134, for the admission (server.ts): whether a sign-in post's address (`?signInChallenge=…&signInProof=…`,
 * which the dialog's script adds once it solved the proof of work) shows a solved challenge of this browser (`session`)
 * and address, during a surge of this process. Nothing is created: no surge watch yet, no surge.
 */
export function provedSignInPost(query: URLSearchParams, session: BrowserSession, address: string, now = Date.now()): boolean {
  const current = currentSignInSurge();
  if (!current || !current.surge.active(now)) return false;
  const challenge = query.get(CHALLENGE_FIELD) ?? "";
  const proof = query.get(PROOF_FIELD) ?? "";
  if (!challenge || !proof) return false;
  return current.surge.vouch(challenge, proof, now, { browser: surgeBrowser(session, false), address });
}

/**
 * docs/decisions/134: a post of the `sign-in` admission class (no session, no known-device mark) that the admission
 * refused is counted as an unknown-device attempt too: a flood the admission keeps out must still start the surge, or
 * no challenge is issued and a patient's browser has no proof of work to show.
 */
export function noteRefusedSignIn(perMinute: number, formKey: Uint8Array, log?: (entry: Record<string, unknown>) => void): void {
  if (perMinute > 0) signInSurge(perMinute, formKey, log).note(Date.now());
}

/** Spends challenges through this request's registry client (POST /sign-in-challenges, docs/decisions/135). */
export function spendThroughRegistry(context: Pick<PortalContext, "registry" | "clientAddress">): SpendChallenge {
  return async (nonceHash, expiresAt) => {
    const sent = await reach(context.registry.spendSignInChallenge(nonceHash, expiresAt, context.clientAddress));
    if (!sent.reached || !sent.answer.success || !sent.answer.results) return "unreachable";
    return sent.answer.results.outcome;
  };
}

/**
 * The surge step of one sign-in post from a browser without a known-device mark (the patients' dialog and the staff
 * console's sign-in): counts the attempt and, during a surge, checks the form's challenge for this browser and address.
 */
export async function surgeStep(
  form: FormData,
  context: Pick<PortalContext, "registry" | "clientAddress" | "signInSurgePerMinute" | "formKey" | "log">,
  session: BrowserSession,
): Promise<SurgeVerdict> {
  if (!(context.signInSurgePerMinute > 0)) return { ok: true, waitMs: 0 };
  const surge = signInSurge(context.signInSurgePerMinute, context.formKey, context.log);
  const now = Date.now();
  if (!surge.note(now)) return { ok: true, waitMs: 0 };
  const binding = { browser: surgeBrowser(session, false), address: context.clientAddress };
  return surge.check(String(form.get(CHALLENGE_FIELD) ?? ""), String(form.get(PROOF_FIELD) ?? ""), now, binding, spendThroughRegistry(context));
}

/** During a surge, a challenge for a sign-in form about to be shown to this browser (kept in its session); none otherwise. */
export function surgeChallenge(
  context: Pick<PortalContext, "clientAddress" | "signInSurgePerMinute" | "formKey" | "log">,
  session: BrowserSession,
  now: number,
): string | undefined {
  if (!(context.signInSurgePerMinute > 0)) return undefined;
  const surge = signInSurge(context.signInSurgePerMinute, context.formKey, context.log);
  if (!surge.active(now)) return undefined;
  return surge.issue(now, { browser: surgeBrowser(session, true), address: context.clientAddress }) ?? undefined;
}

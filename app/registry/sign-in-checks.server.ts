import { createHash } from "node:crypto";

/**
 * Whether a sign-in token is still honoured by the registry (signature, expiry and revocation: sign-out, a password
 * change elsewhere), asked at most once per token per SIGN_IN_CHECK_MS (docs/decisions/023).
 * - "valid": the registry vouched for it within the last second.
 * - "refused": expired, revoked or forged. Final: a refused token never becomes valid again.
 * - "unknown": the registry could not be reached.
 */
export type SignInStatus = "valid" | "refused" | "unknown";

/** The longest a revoked token may still open a page in another portal process. */
export const SIGN_IN_CHECK_MS = 1000;
const MAX_ENTRIES = 10_000;

/** What the registry says about one token: the record it belongs to, or null when it is not valid. */
export type TokenVerdict = { medicalRecordId: number } | null;

type Entry = { status: "valid" | "refused"; at: number; medicalRecordId: number | null };

export function createSignInChecks(opts: {
  /** Asks the registry; throws RegistryUnavailableError-like errors when it cannot be reached. */
  verify: (token: string) => Promise<TokenVerdict>;
  isUnavailable: (error: unknown) => boolean;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const ttl = opts.ttlMs ?? SIGN_IN_CHECK_MS;
  const max = opts.maxEntries ?? MAX_ENTRIES;
  const now = opts.now ?? Date.now;
  // Keyed by a hash, so the cache does not keep the tokens themselves.
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<SignInStatus>>();
  /** Bumped by every forget: an answer asked for before a sign-out is not kept after it. */
  let epoch = 0;

  const keyOf = (token: string) => createHash("sha256").update(token).digest("base64url");

  function remember(key: string, entry: Entry) {
    if (entries.size >= max) {
      const t = now();
      for (const [k, e] of entries) if (e.status === "valid" && t - e.at >= ttl) entries.delete(k);
      // Still full: drop the oldest (a Map iterates in insertion order).
      while (entries.size >= max) entries.delete(entries.keys().next().value as string);
    }
    entries.delete(key);
    entries.set(key, entry);
  }

  async function ask(key: string, token: string): Promise<SignInStatus> {
    const asked = epoch;
    let verdict: TokenVerdict;
    try {
      verdict = await opts.verify(token);
    } catch (error) {
      if (opts.isUnavailable(error)) return "unknown";
      throw error;
    }
    const status = verdict ? "valid" : "refused";
    if (asked === epoch) remember(key, { status, at: now(), medicalRecordId: verdict?.medicalRecordId ?? null });
    return status;
  }

  return {
    /** The token's status, from the cache when the registry answered for it less than a second ago. */
    async status(token: string): Promise<SignInStatus> {
      const key = keyOf(token);
      const known = entries.get(key);
      if (known && (known.status === "refused" || now() - known.at < ttl)) return known.status;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const asking = ask(key, token).finally(() => inFlight.delete(key));
      inFlight.set(key, asking);
      return asking;
    },
    /** After a sign-out or a password change through this process: its tokens are asked about again at once. */
    forgetRecord(medicalRecordId: number | null): void {
      epoch += 1;
      inFlight.clear();
      for (const [k, e] of entries) if (medicalRecordId === null || e.medicalRecordId === medicalRecordId) entries.delete(k);
    },
    /** Entries held (for tests). */
    get size(): number {
      return entries.size;
    },
  };
}

export type SignInChecks = ReturnType<typeof createSignInChecks>;

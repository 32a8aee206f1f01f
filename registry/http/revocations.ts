import { tokensValidAfter } from "../data/accounts";
import type { Db } from "../db/types";

/**
 * The accounts' revocation times (`tokens_valid_after`: sign-out everywhere, password change, reset) as this registry
 * process last read them, so most token checks need no database round trip (docs/decisions/070).
 * - A time read less than REVOCATION_TTL_MS ago is answered from memory: a revocation written by another process is
 *   honoured here within that time.
 * - A revocation written by this process forgets the account's time at once (`forget`), and a read that started
 *   before the forget is not kept.
 * - `fresh` reads the database (and keeps what it read): for checks whose answer outlives the request (the portal's
 *   per-second sign-in check, docs/decisions/023) or that issue a new token from the old one.
 * - At most `maxEntries` accounts: the oldest reads go first. Accounts without a row are never kept.
 */
export const REVOCATION_TTL_MS = 1000;
export const REVOCATION_MAX_ENTRIES = 10_000;

type Entry = { validAfter: Date | null; at: number };

export type Revocations = {
  /** The account's revocation time: null when nothing was revoked, undefined when there is no account. */
  validAfter(db: Db, medicalRecordId: number, opts?: { fresh?: boolean }): Promise<Date | null | undefined>;
  /** After this process wrote the account's revocation time (once the write is committed). */
  forget(medicalRecordId: number): void;
  /** Accounts held. */
  readonly size: number;
};

export function createRevocations(opts: { now: () => number; ttlMs?: number; maxEntries?: number }): Revocations {
  const ttl = Math.min(opts.ttlMs ?? REVOCATION_TTL_MS, REVOCATION_TTL_MS);
  const max = Math.max(1, opts.maxEntries ?? REVOCATION_MAX_ENTRIES);
  // Insertion order is read order (an entry is deleted before it is set again): the oldest are first.
  const entries = new Map<number, Entry>();
  /** Bumped by every forget: a read that started before it is not kept. */
  let epoch = 0;

  const isFresh = (e: Entry, t: number) => t - e.at >= 0 && t - e.at < ttl;

  function remember(id: number, entry: Entry) {
    entries.delete(id);
    for (const [k, e] of entries) {
      if (entries.size < max && isFresh(e, entry.at)) break;
      entries.delete(k);
    }
    entries.set(id, entry);
  }

  return {
    async validAfter(db, medicalRecordId, { fresh = false } = {}) {
      const known = entries.get(medicalRecordId);
      if (!fresh && known && isFresh(known, opts.now())) return known.validAfter;
      const asked = epoch;
      // Timed from before the read: what it answers is at least that recent.
      const at = opts.now();
      const validAfter = await tokensValidAfter(db, medicalRecordId);
      if (validAfter === undefined) entries.delete(medicalRecordId);
      else if (asked === epoch) remember(medicalRecordId, { validAfter, at });
      return validAfter;
    },
    forget(medicalRecordId) {
      epoch += 1;
      entries.delete(medicalRecordId);
    },
    get size() {
      return entries.size;
    },
  };
}

import { tokensValidAfter } from "../data/accounts";
import { readTokenState } from "../data/sign-in-sessions";
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
  /**
   * The account's revocation time and whether the token's sign-in (one device) was signed out on its own or is not the
   * account's (docs/decisions/109), in one read when either is not in memory: kept like `validAfter`; an ended sign-in
   * never comes back, so that answer is kept for good (bounded too).
   */
  tokenState(
    db: Db,
    medicalRecordId: number,
    sid: string,
    opts?: { fresh?: boolean },
  ): Promise<{ validAfter: Date | null | undefined; ended: boolean }>;
  /** After this process ended a sign-in. */
  forgetSession(sid: string): void;
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

  // Sign-ins: true once ended (final); false only while fresh.
  const sessions = new Map<string, Entry & { ended: boolean }>();
  let sessionEpoch = 0;

  function rememberSession(sid: string, entry: { ended: boolean; at: number; validAfter: null }) {
    sessions.delete(sid);
    for (const [k, e] of sessions) {
      if (sessions.size < max && (e.ended || isFresh(e, entry.at))) break;
      sessions.delete(k);
    }
    sessions.set(sid, entry);
  }

  return {
    async tokenState(db, medicalRecordId, sid, { fresh = false } = {}) {
      const t = opts.now();
      const account = entries.get(medicalRecordId);
      const session = sessions.get(sid);
      const accountKnown = !fresh && account && isFresh(account, t);
      const sessionKnown = session && (session.ended || (!fresh && isFresh(session, t)));
      if (accountKnown && sessionKnown) return { validAfter: account.validAfter, ended: session.ended };
      const asked = epoch;
      const askedSessions = sessionEpoch;
      const at = opts.now();
      const state = await readTokenState(db, medicalRecordId, sid);
      if (state.validAfter === undefined) entries.delete(medicalRecordId);
      else if (asked === epoch) remember(medicalRecordId, { validAfter: state.validAfter, at });
      if (state.ended || askedSessions === sessionEpoch) rememberSession(sid, { ended: state.ended, at, validAfter: null });
      return state;
    },
    forgetSession(sid) {
      sessionEpoch += 1;
      sessions.delete(sid);
    },
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

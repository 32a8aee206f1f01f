import { createHash } from "node:crypto";
import type { Db } from "../db/types";

/** A sliding-window limit: at most `max` hits per `windowMs` for one key (a client address, an email...). */
export type RateLimit = { name: string; max: number; windowMs: number };

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** The limits of ACC-022, ACC-027 and ACC-018, and the per-client-address limits of docs/decisions/021. */
export const RATE_LIMITS = {
  register: { name: "register.client", max: 10, windowMs: HOUR },
  validatePhone: { name: "validate-phone.client", max: 60, windowMs: HOUR },
  forgotPassword: { name: "forgot-password.email", max: 5, windowMs: HOUR },
  confirmationSend: { name: "mfa.send.contact", max: 5, windowMs: HOUR },
  /** Failed sign-ins per client address (a success gives its hit back). */
  signIn: { name: "authenticate.client", max: 30, windowMs: 15 * MINUTE },
  /** Distinct emails with a failed sign-in per client address (password spraying). */
  signInEmails: { name: "authenticate.client.emails", max: 15, windowMs: HOUR },
  forgotPasswordClient: { name: "forgot-password.client", max: 20, windowMs: HOUR },
  /** Wrong or expired confirmation codes per client address (a right code gives its hit back). */
  codeEntry: { name: "mfa.code-entry.client", max: 30, windowMs: HOUR },
  /** Wrong lab staff keys per client address (a right key is never counted nor refused: docs/decisions/094). */
  labStaffKey: { name: "lab-staff-key.client", max: 10, windowMs: HOUR },
  /** Wrong center or program staff keys per client address (docs/decisions/041; a right key is never counted nor refused). */
  staffKey: { name: "staff-key.client", max: 10, windowMs: HOUR },
  /** Failed staff sign-ins per client address (a success gives its hit back; docs/decisions/126). */
  staffSignIn: { name: "staff-sign-in.client", max: 30, windowMs: 15 * MINUTE },
  /** Distinct emails with a failed staff sign-in per client address. */
  staffSignInEmails: { name: "staff-sign-in.client.emails", max: 15, windowMs: HOUR },
  /** Wrong staff codes (authenticator or recovery) per client address (a right code gives its hit back). */
  staffCode: { name: "staff-code.client", max: 30, windowMs: HOUR },
  /** Unknown, used or expired staff links per client address (a good link gives its hit back). */
  staffLink: { name: "staff-link.client", max: 20, windowMs: HOUR },
} as const satisfies Record<string, RateLimit>;

/** The stored subject: a SHA-256 of the limit and key, so no address or email is kept in clear. */
function subjectOf(limit: { name: string }, key: string): string {
  return createHash("sha256").update(`${limit.name}\n${key}`).digest("hex");
}

export type RateLimitTake = { allowed: boolean; retryAfterMs: number; /** Rows stored by this hit, to give back. */ hits: number[] };

/**
 * Counts one hit when under the limit. Answers whether it was allowed and, when not, how long until the oldest
 * hit leaves the window. Serialised per subject across registry processes (advisory lock).
 * With `item` (e.g. an email), counts distinct items instead: an item already counted in the window passes
 * without a new hit; a new one is a hit (and remembered, as a second row keyed by key and item).
 */
export async function takeRateLimit(db: Db, limit: RateLimit, key: string, now: Date, item?: string): Promise<RateLimitTake> {
  const subject = subjectOf(limit, key);
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const expiresAt = new Date(now.getTime() + limit.windowMs);
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(72246003, hashtext($1))", [subject]);
    await tx.query("delete from rate_limit_hits where expires_at <= $1", [now]);
    const marker = item === undefined ? null : subjectOf({ name: `${limit.name}.item` }, `${key}\n${item}`);
    if (marker) {
      const seen = await tx.query("select 1 from rate_limit_hits where subject = $1 and hit_at > $2 limit 1", [marker, windowStart]);
      if (seen.length) return { allowed: true, retryAfterMs: 0, hits: [] };
    }
    const rows = await tx.query<{ n: number; oldest: Date | null }>(
      "select count(*)::int as n, min(hit_at) as oldest from rate_limit_hits where subject = $1 and hit_at > $2",
      [subject, windowStart],
    );
    const { n = 0, oldest = null } = rows[0] ?? {};
    if (n >= limit.max) {
      const retryAfterMs = oldest ? Math.max(1000, oldest.getTime() + limit.windowMs - now.getTime()) : limit.windowMs;
      return { allowed: false, retryAfterMs, hits: [] };
    }
    const hits: number[] = [];
    for (const s of marker ? [subject, marker] : [subject]) {
      const [row] = await tx.query<{ id: string | number }>(
        "insert into rate_limit_hits (subject, hit_at, expires_at) values ($1, $2, $3) returning id",
        [s, now, expiresAt],
      );
      hits.push(Number(row!.id));
    }
    return { allowed: true, retryAfterMs: 0, hits };
  });
}

/** Gives hits back (an attempt that turned out right: a successful sign-in, a right code or key). */
export async function refundRateLimit(db: Db, hits: number[]): Promise<void> {
  if (hits.length) await db.query("delete from rate_limit_hits where id = any($1::bigint[])", [hits]);
}

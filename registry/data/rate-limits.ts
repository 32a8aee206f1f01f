import { createHash } from "node:crypto";
import type { Db } from "../db/types";

/** A sliding-window limit: at most `max` hits per `windowMs` for one key (a client address, an email...). */
export type RateLimit = { name: string; max: number; windowMs: number };

const HOUR = 60 * 60 * 1000;
/** The limits of D6 and D11. */
export const RATE_LIMITS = {
  register: { name: "register.client", max: 10, windowMs: HOUR },
  validatePhone: { name: "validate-phone.client", max: 60, windowMs: HOUR },
  forgotPassword: { name: "forgot-password.email", max: 5, windowMs: HOUR },
  confirmationSend: { name: "mfa.send.contact", max: 5, windowMs: HOUR },
} as const satisfies Record<string, RateLimit>;

/** The stored subject: a SHA-256 of the limit and key, so no address or email is kept in clear. */
function subjectOf(limit: RateLimit, key: string): string {
  return createHash("sha256").update(`${limit.name}\n${key}`).digest("hex");
}

/**
 * Counts one hit when under the limit. Answers whether it was allowed and, when not, how long until the oldest
 * hit leaves the window. Serialised per subject across registry processes (advisory lock).
 */
export async function takeRateLimit(db: Db, limit: RateLimit, key: string, now: Date): Promise<{ allowed: boolean; retryAfterMs: number }> {
  const subject = subjectOf(limit, key);
  const windowStart = new Date(now.getTime() - limit.windowMs);
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(72246003, hashtext($1))", [subject]);
    await tx.query("delete from rate_limit_hits where expires_at <= $1", [now]);
    const rows = await tx.query<{ n: number; oldest: Date | null }>(
      "select count(*)::int as n, min(hit_at) as oldest from rate_limit_hits where subject = $1 and hit_at > $2",
      [subject, windowStart],
    );
    const { n = 0, oldest = null } = rows[0] ?? {};
    if (n >= limit.max) {
      const retryAfterMs = oldest ? Math.max(1000, oldest.getTime() + limit.windowMs - now.getTime()) : limit.windowMs;
      return { allowed: false, retryAfterMs };
    }
    await tx.query("insert into rate_limit_hits (subject, hit_at, expires_at) values ($1, $2, $3)", [
      subject, now, new Date(now.getTime() + limit.windowMs),
    ]);
    return { allowed: true, retryAfterMs: 0 };
  });
}

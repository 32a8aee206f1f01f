import type { Db } from "../db/types";

/** ACC-022: after 10 failures for an account within 15 minutes, refuse further tries for 15 minutes. */
export const LOCKOUT = { maxFailures: 10, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 } as const;

/** Until when sign-ins for this (lower-case) email are refused, or null. */
export async function lockedUntil(db: Db, email: string, now: Date): Promise<Date | null> {
  const rows = await db.query<{ locked_until: Date }>(
    "select locked_until from login_lockouts where email = $1 and locked_until > $2",
    [email, now],
  );
  return rows[0]?.locked_until ?? null;
}

/** Records a failed sign-in; locks the email when it reaches the limit. Answers the lock's end when it did. */
export async function recordLoginFailure(db: Db, email: string, now: Date): Promise<Date | null> {
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs);
  return db.transaction(async (tx) => {
    // Serialise failures of one email across registry processes, so the count cannot be raced past the limit.
    await tx.query("select pg_advisory_xact_lock(72246002, hashtext($1))", [email]);
    await tx.query("delete from login_failures where failed_at <= $1", [windowStart]);
    await tx.query("delete from login_lockouts where locked_until <= $1", [now]);
    await tx.query("insert into login_failures (email, failed_at) values ($1, $2)", [email, now]);
    const [row] = await tx.query<{ n: number }>(
      "select count(*)::int as n from login_failures where email = $1 and failed_at > $2",
      [email, windowStart],
    );
    if ((row?.n ?? 0) < LOCKOUT.maxFailures) return null;
    const until = new Date(now.getTime() + LOCKOUT.lockMs);
    await tx.query(
      `insert into login_lockouts (email, locked_until) values ($1, $2)
       on conflict (email) do update set locked_until = excluded.locked_until`,
      [email, until],
    );
    // The count starts again once the lock has passed.
    await tx.query("delete from login_failures where email = $1", [email]);
    return until;
  });
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.query("delete from login_failures where email = $1", [email]);
}

/** Lifts a lockout and forgets the failures (after a password reset). */
export async function clearLockout(db: Db, email: string): Promise<void> {
  await db.query("delete from login_failures where email = $1", [email]);
  await db.query("delete from login_lockouts where email = $1", [email]);
}

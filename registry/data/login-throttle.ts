import { SIGN_IN_THROTTLE } from "../contract/sign-in";
import type { Db } from "../db/types";

/**
 * The per-account sign-in rules of ACC-022 as docs/decisions/087 reads them. Failures are counted per lower-case email
 * (known or not, so a refusal never tells whether an account exists) and per device: `deviceId` null is every unknown
 * device together, a string is one known device (the portal's signed mark). So strangers' failures slow strangers
 * only, and never the owner's known browser.
 * - Throttle: after 10 failures of one device class within 15 minutes, one more try per minute (429, Retry-After).
 * - Cap: after 100 failures in a row from unknown devices, a password sign-in from an unknown device needs a reset.
 */
export const LOCKOUT = SIGN_IN_THROTTLE;

/** How long to wait before this email may be tried again from this device class (0: now). */
export async function signInWaitMs(db: Db, email: string, deviceId: string | null, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs);
  const [row] = await db.query<{ n: number; last: Date | null }>(
    `select count(*)::int as n, max(failed_at) as last from login_failures
     where email = $1 and device_id is not distinct from $2 and failed_at > $3`,
    [email, deviceId, windowStart],
  );
  if (!row || row.n < LOCKOUT.maxFailures || !row.last) return 0;
  return Math.max(0, new Date(row.last).getTime() + LOCKOUT.spacingMs - now.getTime());
}

/** Whether a password sign-in for this email from an unknown device waits for a password reset (the cap). */
export async function resetRequired(db: Db, email: string): Promise<boolean> {
  const rows = await db.query("select 1 from login_failure_streaks where email = $1 and reset_required_at is not null", [email]);
  return rows.length > 0;
}

/** What a failure led to: the device class is now throttled; the cap was reached. */
export type FailureOutcome = { throttled: boolean; resetRequired: boolean };

/** Records a failed sign-in (or a wrong current password) from a device class. */
export async function recordLoginFailure(db: Db, email: string, now: Date, deviceId: string | null = null): Promise<FailureOutcome> {
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs);
  return db.transaction(async (tx) => {
    // Serialise failures of one email across registry processes, so the counts cannot be raced past the limits.
    await tx.query("select pg_advisory_xact_lock(72246002, hashtext($1))", [email]);
    await tx.query("delete from login_failures where failed_at <= $1", [windowStart]);
    await tx.query("insert into login_failures (email, failed_at, device_id) values ($1, $2, $3)", [email, now, deviceId]);
    const [row] = await tx.query<{ n: number }>(
      "select count(*)::int as n from login_failures where email = $1 and device_id is not distinct from $2 and failed_at > $3",
      [email, deviceId, windowStart],
    );
    const throttled = (row?.n ?? 0) >= LOCKOUT.maxFailures;
    if (deviceId !== null) return { throttled, resetRequired: false };
    // A run that nobody added to for 30 days is forgotten (unknown emails would otherwise stay for ever).
    await tx.query("delete from login_failure_streaks where last_failed_at < $1 and reset_required_at is null", [
      new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000),
    ]);
    const [streak] = await tx.query<{ failures: number; reset_required_at: Date | null }>(
      `insert into login_failure_streaks (email, failures, last_failed_at) values ($1, 1, $2)
       on conflict (email) do update set failures = login_failure_streaks.failures + 1, last_failed_at = excluded.last_failed_at
       returning failures, reset_required_at`,
      [email, now],
    );
    const reached = (streak?.failures ?? 0) >= LOCKOUT.consecutiveCap;
    if (reached && !streak?.reset_required_at) {
      await tx.query("update login_failure_streaks set reset_required_at = $2 where email = $1", [email, now]);
    }
    return { throttled, resetRequired: reached };
  });
}

/**
 * A successful sign-in from a device class: its failures are forgotten, and the run of failures in a row ends (unless
 * it already reached the cap: then only a reset ends it). Other devices' failures stay.
 */
export async function recordLoginSuccess(db: Db, email: string, deviceId: string | null): Promise<void> {
  await db.query("delete from login_failures where email = $1 and device_id is not distinct from $2", [email, deviceId]);
  await db.query("delete from login_failure_streaks where email = $1 and reset_required_at is null", [email]);
}

/** Lifts every throttle and the cap and forgets the failures (after a password reset or change). */
export async function clearLockout(db: Db, email: string): Promise<void> {
  await db.query("delete from login_failures where email = $1", [email]);
  await db.query("delete from login_failure_streaks where email = $1", [email]);
  await db.query("delete from login_lockouts where email = $1", [email]);
}

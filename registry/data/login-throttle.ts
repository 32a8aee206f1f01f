import { SIGN_IN_THROTTLE } from "../contract/sign-in";
import type { Db } from "../db/types";

/**
 * The per-account sign-in rules of ACC-022 as docs/decisions/087 and 132 read them, for any subject that signs in with
 * a password: a patient's lower-case email (known or not, so a refusal never tells whether an account exists), or
 * another kind's key with its own prefix (the staff console's, say). Counted per subject and per try class:
 * - `null`: every unknown device together (strangers);
 * - a known device's id (the portal's signed mark): its own failures only;
 * - `CURRENT_PASSWORD`: the signed-in owner's current password (a change of password or email, closing the account).
 * So strangers' failures slow strangers only.
 * - Throttle: after 10 failures of one class within 15 minutes, one more try per minute (429, Retry-After).
 * - Atomic: a try is reserved (written as a failure) under the subject's lock before any hashing, and a right password
 *   takes its reservation back; so concurrent tries cannot all pass the check, and "one a minute" is one.
 * - Cap: after 100 failures in a row of one class, that class is over the cap (what that means is the caller's: an
 *   unknown device proves itself by an emailed link, a known device is a stranger again). A password change or reset
 *   ends it; a run nobody added to for 30 days is forgotten.
 */
export const LOCKOUT = SIGN_IN_THROTTLE;

/** The try class of the signed-in owner's current password (never a device id: those are 22 characters). */
export const CURRENT_PASSWORD = "current-password";

/** A try class: null for unknown devices, else a known device's id or CURRENT_PASSWORD. */
export type TryClass = string | null;

const STREAK_FORGET_MS = 30 * 24 * 60 * 60 * 1000;
/** The advisory lock's namespace (the second key is the subject's hash): one lock per subject, across processes. */
const LOCK_NAMESPACE = 72246002;

const streakKey = (cls: TryClass) => cls ?? "";

/** How long to wait before this subject may be tried again in this class (0: now). Reserved tries count. */
export async function signInWaitMs(db: Db, subject: string, cls: TryClass, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs);
  const [row] = await db.query<{ n: number; last: Date | null }>(
    `select count(*)::int as n, max(failed_at) as last from login_failures
     where email = $1 and device_id is not distinct from $2 and failed_at > $3`,
    [subject, cls, windowStart],
  );
  if (!row || row.n < LOCKOUT.maxFailures || !row.last) return 0;
  return Math.max(0, new Date(row.last).getTime() + LOCKOUT.spacingMs - now.getTime());
}

/** A try: reserved (go on and hash), or refused with the wait until the next one. */
export type TryReservation = { reserved: true; id: number } | { reserved: false; waitMs: number };

/**
 * Reserves one try of `subject` in `cls` before the password is hashed, under the subject's advisory lock (a
 * transaction lock: PostgreSQL and PGlite, across every registry process on one database). The reservation is written
 * as a failure at `now`: a wrong password leaves it (settleFailure), a right one takes it back (settleSuccess). While
 * the class is throttled, a try in flight is the last failure, so every concurrent try is refused with a wait.
 */
export async function reserveTry(db: Db, subject: string, cls: TryClass, now: Date): Promise<TryReservation> {
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs);
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1, hashtext($2))", [LOCK_NAMESPACE, subject]);
    await tx.query("delete from login_failures where failed_at <= $1", [windowStart]);
    const waitMs = await signInWaitMs(tx, subject, cls, now);
    if (waitMs > 0) return { reserved: false, waitMs };
    const [row] = await tx.query<{ id: number }>(
      "insert into login_failures (email, failed_at, device_id) values ($1, $2, $3) returning id",
      [subject, now, cls],
    );
    return { reserved: true, id: row!.id };
  });
}

/** What a failure led to: the class is now throttled; it is over the cap. */
export type FailureOutcome = { throttled: boolean; overCap: boolean; /** @deprecated the cap of unknown devices: overCap */ resetRequired: boolean };

/** A reserved try whose password was wrong: its reservation stays a failure, and the class's run of failures grows. */
export async function settleFailure(db: Db, subject: string, cls: TryClass, now: Date): Promise<FailureOutcome> {
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs);
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1, hashtext($2))", [LOCK_NAMESPACE, subject]);
    const [row] = await tx.query<{ n: number }>(
      "select count(*)::int as n from login_failures where email = $1 and device_id is not distinct from $2 and failed_at > $3",
      [subject, cls, windowStart],
    );
    const throttled = (row?.n ?? 0) >= LOCKOUT.maxFailures;
    // A run that nobody added to for 30 days is forgotten (unknown emails would otherwise stay for ever).
    await tx.query("delete from login_failure_streaks where last_failed_at < $1", [new Date(now.getTime() - STREAK_FORGET_MS)]);
    const [streak] = await tx.query<{ failures: number; reset_required_at: Date | null }>(
      `insert into login_failure_streaks (email, device_key, failures, last_failed_at) values ($1, $2, 1, $3)
       on conflict (email, device_key) do update
         set failures = login_failure_streaks.failures + 1, last_failed_at = excluded.last_failed_at
       returning failures, reset_required_at`,
      [subject, streakKey(cls), now],
    );
    const reached = (streak?.failures ?? 0) >= LOCKOUT.consecutiveCap;
    if (reached && !streak?.reset_required_at) {
      await tx.query("update login_failure_streaks set reset_required_at = $3 where email = $1 and device_key = $2", [subject, streakKey(cls), now]);
    }
    return { throttled, overCap: reached, resetRequired: reached && cls === null };
  });
}

/**
 * A try whose password was right: the class's failures (its reservation among them) are forgotten; its run of
 * failures and the unknown devices' run end (NIST's "consecutive": the account signed in), unless over the cap (then
 * only a password change or reset ends it). Other classes' throttles stay.
 */
export async function settleSuccess(db: Db, subject: string, cls: TryClass): Promise<void> {
  await db.query("delete from login_failures where email = $1 and device_id is not distinct from $2", [subject, cls]);
  await db.query("delete from login_failure_streaks where email = $1 and device_key in ($2, '') and reset_required_at is null", [
    subject,
    streakKey(cls),
  ]);
}

/** Takes back a reservation without judging the password (the try was not evaluated, or ended otherwise). */
export async function releaseTry(db: Db, reservation: { id: number }): Promise<void> {
  await db.query("delete from login_failures where id = $1", [reservation.id]);
}

/** Whether this class of tries of `subject` is over the cap (100 failures in a row, not ended by a reset). */
export async function overCap(db: Db, subject: string, cls: TryClass, now: Date): Promise<boolean> {
  const rows = await db.query(
    "select 1 from login_failure_streaks where email = $1 and device_key = $2 and reset_required_at is not null and last_failed_at >= $3",
    [subject, streakKey(cls), new Date(now.getTime() - STREAK_FORGET_MS)],
  );
  return rows.length > 0;
}

/** @deprecated Whether unknown devices of this email are over the cap: overCap(db, email, null, now). */
export async function resetRequired(db: Db, email: string, now: Date = new Date()): Promise<boolean> {
  return overCap(db, email, null, now);
}

/** Lifts every throttle and cap of the subject and forgets its failures (after a password reset or change). */
export async function clearLockout(db: Db, subject: string): Promise<void> {
  await db.query("delete from login_failures where email = $1", [subject]);
  await db.query("delete from login_failure_streaks where email = $1", [subject]);
  await db.query("delete from login_lockouts where email = $1", [subject]);
}

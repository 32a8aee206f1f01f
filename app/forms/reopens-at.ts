/**
 * When a refused sign-in opens again (ACC-037): the wait a registry's Retry-After gives, as a moment the page can show
 * without JavaScript and count down to with it. The server does not know the patient's time zone, so the time it
 * writes is UTC and says so; the browser, which does know, shows its local time (docs/decisions/104).
 */
export type ReopensAt = { until: number; minutes: number; utc: string };

/** The moment `retryAfterS` seconds from `now`, in whole minutes rounded up and as HH:MM UTC; undefined without a wait. */
export function reopensAt(retryAfterS: number | undefined, now: number): ReopensAt | undefined {
  if (retryAfterS === undefined || !Number.isFinite(retryAfterS) || retryAfterS <= 0) return undefined;
  const until = now + Math.ceil(retryAfterS) * 1000;
  return { until, minutes: minutesLeft(until, now), utc: new Date(until).toISOString().slice(11, 16) };
}

/** Whole minutes left until `until`, rounded up (0 once it has passed). */
export function minutesLeft(until: number, now: number): number {
  return until > now ? Math.ceil((until - now) / 60_000) : 0;
}

/**
 * How long to wait before the shown minute count changes next (never less than a second, at most a minute), so a
 * countdown updates at most once a minute and exactly when the count drops.
 */
export function nextTickMs(until: number, now: number): number {
  const left = until - now;
  if (left <= 0) return 60_000;
  return Math.max(1_000, left % 60_000 || 60_000);
}

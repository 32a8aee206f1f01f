import { ABSOLUTE_LIMIT_MS, IDLE_LIMIT_MS, type SessionData } from "./session-keys";

export type LimitOutcome = "active" | "idle" | "absolute" | "anonymous";

/** PLT-011: a signed-in session ends after 30 idle minutes or 12 hours in all. Pure, so it is tested alone. */
export function sessionLimit(data: SessionData, now: number): LimitOutcome {
  if (!data.token) return "anonymous";
  if (!data.signedInAt || now - data.signedInAt > ABSOLUTE_LIMIT_MS) return "absolute";
  if (!data.lastSeenAt || now - data.lastSeenAt > IDLE_LIMIT_MS) return "idle";
  return "active";
}

/** How stale lastSeenAt may get before it is rewritten (saves a cookie write on every request). */
export const LAST_SEEN_RESOLUTION_MS = 30_000;

/**
 * Time left before the idle limit, for the idle warning. lastSeenAt is rewritten at most every
 * LAST_SEEN_RESOLUTION_MS, so the count is taken from that much earlier to stay on the safe side.
 */
export function idleMsLeft(data: SessionData, now: number): number {
  const lastSeen = Math.min(data.lastSeenAt ?? now, now);
  return Math.max(0, lastSeen + IDLE_LIMIT_MS - LAST_SEEN_RESOLUTION_MS - now);
}

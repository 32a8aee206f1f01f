import { ABSOLUTE_LIMIT_MS, IDLE_LIMIT_MS, IDLE_WARNING_MS, type SessionData } from "./session-keys";

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

/**
 * ACC-051: the session's own answer to an idle tab (GET /session-status, app/routes/session-status.ts): whether the
 * sign-in is alive and how long is left before the idle limit. Asking does not count as activity (server.ts leaves
 * lastSeenAt alone for this path), so an idle tab cannot keep a session alive by asking.
 */
export const SESSION_STATUS_PATH = "session-status";

/**
 * React Router's route discovery (its default manifest path): the browser asks which routes a page's new links lead
 * to, by itself, whenever links appear (the idle warning's own among them). Like asking about the session, it is not
 * the patient's activity.
 */
export const ROUTE_DISCOVERY_PATH = "__manifest";

export type SessionStatus = { signedIn: boolean; msLeft: number };

export function sessionStatus(data: SessionData, now: number): SessionStatus {
  if (sessionLimit(data, now) !== "active") return { signedIn: false, msLeft: 0 };
  return { signedIn: true, msLeft: idleMsLeft(data, now) };
}

/** The answer as the tab reads it: null for anything that is not a status (an error page, a proxy's answer). */
export function asSessionStatus(body: unknown): SessionStatus | null {
  const b = body as Partial<SessionStatus> | null;
  if (!b || typeof b !== "object" || typeof b.signedIn !== "boolean" || typeof b.msLeft !== "number" || !(b.msLeft >= 0)) return null;
  return { signedIn: b.signedIn, msLeft: b.msLeft };
}

export type IdlePhase = "quiet" | "warning" | "ended";

/**
 * ACC-052: the field the ended dialog's 'Sign in again' adds when it posts the page's form (handle.keptAcrossSignIn),
 * so that a sign-in still alive after all (its last 30 seconds, or the tab could not ask) saves nothing.
 */
export const SIGN_IN_AGAIN_FIELD = "signInAgain";

/**
 * ACC-051: what an idle tab shows when its own count reaches the warning or the end, once the server has answered.
 * The patient may have used the portal in another tab since this page loaded: the server's count then wins and the
 * tab counts again from it (`msLeft`, ms from now). Without an answer (the portal out of reach) the tab keeps its own
 * count, as before. The warning shows only when the server's count is within IDLE_WARNING_MS; the end only when the
 * server says the sign-in is over.
 */
export function idleStep(due: "warning" | "ended", status: SessionStatus | null): { phase: IdlePhase; msLeft: number | null } {
  if (!status) return { phase: due, msLeft: null };
  if (!status.signedIn || status.msLeft <= 0) return { phase: "ended", msLeft: null };
  return { phase: status.msLeft <= IDLE_WARNING_MS ? "warning" : "quiet", msLeft: status.msLeft };
}

import { STAFF_ABSOLUTE_LIMIT_MS, STAFF_IDLE_LIMIT_MS } from "../../registry/contract/staff-accounts";
import type { FlashMessage } from "./session-keys";

/**
 * The staff console's own encrypted cookie (docs/decisions/127): its own name, key and path (`<base>staff`), so a
 * patient's session never opens a staff page and a staff session never opens a patient's. Plain module: server.ts,
 * the root loader and the staff routes read it.
 */
export const STAFF_COOKIE = "staff_session";
export const STAFF_COOKIE_PURPOSE = "staff-session-encryption-v1";
/** The console's path under the portal's base path. */
export const STAFF_PATH = "staff";

export type StaffSessionData = {
  /** The registry's staff session token (`st_…`), once both factors passed. */
  token?: string;
  staffId?: number;
  name?: string;
  lang?: "en" | "es";
  /** ms since the epoch: the 15-minute idle and 12-hour limits (the registry keeps its own as well). */
  signedInAt?: number;
  lastSeenAt?: number;
  csrf?: string;
  flash?: FlashMessage[];
  /** Between the password (or an accepted link) and the second factor: the registry's pending token and its step. */
  pending?: { token: string; stage: "code" | "setup"; email: string; expiresAt: number };
  /** A link's token, taken out of the address at once (no token stays in a URL), until the password is chosen. */
  link?: { token: string; expiresAt: number };
  /** The recovery codes, shown once after the authenticator is set up, until the person says they saved them. */
  recoveryCodes?: string[];
  /** A random value of this browser, which the sign-in surge's challenges are bound to (docs/decisions/135). */
  surgeBrowser?: string;
};

export type StaffLimit = "anonymous" | "active" | "idle" | "absolute";

/** The staff session's limits (HIPAA 164.312(a)(2)(iii)): 15 minutes without a request, 12 hours in all. Pure. */
export function staffSessionLimit(data: StaffSessionData, now: number): StaffLimit {
  if (!data.token) return "anonymous";
  if (!data.signedInAt || now - data.signedInAt > STAFF_ABSOLUTE_LIMIT_MS) return "absolute";
  if (!data.lastSeenAt || now - data.lastSeenAt > STAFF_IDLE_LIMIT_MS) return "idle";
  return "active";
}

/** Time left before the staff idle limit, for the idle warning (the same 30-second safety as patients'). */
export function staffIdleMsLeft(data: StaffSessionData, now: number, resolutionMs: number): number {
  const lastSeen = Math.min(data.lastSeenAt ?? now, now);
  return Math.max(0, lastSeen + STAFF_IDLE_LIMIT_MS - resolutionMs - now);
}

/** Whether a request's path is under the staff console (`<base>staff` or below). */
export function isStaffPath(pathname: string, basePath: string): boolean {
  const root = `${basePath}${STAFF_PATH}`;
  return pathname === root || pathname.startsWith(`${root}/`);
}

import { randomBytes } from "node:crypto";
import { redirect } from "react-router";
import type { StaffGrantNamed, StaffPerson, StaffRoleValue, StaffSession } from "../../registry/contract/staff-accounts";
import { reach } from "~/registry/reach.server";
import { addFlash } from "./auth.server";
import type { PortalContext } from "./context";
import type { Session } from "./session.server";
import type { FlashMessage } from "./session-keys";
import { staffSessionLimit, type StaffSessionData } from "./staff-session";

export type StaffSessionHandle = Session<StaffSessionData>;

/** Everything of a staff sign-in; the flash messages and the CSRF token outlive it. */
const SIGN_IN_KEYS: Record<Exclude<keyof StaffSessionData, "flash" | "csrf" | "lang">, true> = {
  token: true,
  staffId: true,
  name: true,
  signedInAt: true,
  lastSeenAt: true,
  pending: true,
  link: true,
  recoveryCodes: true,
  surgeBrowser: true,
};

/** Forgets the staff sign-in (and a sign-in half done); `flash` says why on the next page. */
export function endStaffSignIn(session: StaffSessionHandle, flash?: FlashMessage): void {
  for (const key of Object.keys(SIGN_IN_KEYS) as Array<keyof typeof SIGN_IN_KEYS>) session.unset(key);
  if (flash) addFlash(session, flash);
}

/** Both factors passed: the registry's session in the cookie, a new CSRF token, the limits counted from now. */
export function startStaffSignIn(session: StaffSessionHandle, signedIn: StaffSession, now = Date.now()): void {
  endStaffSignIn(session);
  session.set("token", signedIn.token);
  session.set("staffId", signedIn.person.id);
  session.set("name", signedIn.person.name);
  session.set("lang", signedIn.person.lang);
  session.set("signedInAt", now);
  session.set("lastSeenAt", now);
  session.set("csrf", randomBytes(24).toString("base64url"));
}

/**
 * server.ts, on every request: a staff sign-in past its 15-minute idle or 12-hour limit ends here, before any page
 * reads it; an active one counts the request as activity (at most every `resolutionMs`), except a tab asking how long
 * is left and React Router's route discovery (as for patients, ACC-051).
 */
export function staffSessionAtRequest(session: StaffSessionHandle, now: number, opts: { activity: boolean; resolutionMs: number }): void {
  const limit = staffSessionLimit(session.data, now);
  if (limit === "idle" || limit === "absolute") {
    endStaffSignIn(session, { kind: "status", key: limit === "idle" ? "staffConsole.session.timedOut" : "staffConsole.session.expired" });
  } else if (limit === "active" && opts.activity && now - (session.get("lastSeenAt") ?? 0) > opts.resolutionMs) {
    session.set("lastSeenAt", now);
  }
}

/**
 * The signed-in staff person of this request, as the registry knows them now (a disabled person, a session ended
 * elsewhere or past the registry's own limits: the sign-in page, saying so). Every staff page starts here.
 */
export async function requireStaffPerson(context: PortalContext): Promise<{ token: string; person: StaffPerson }> {
  const session = context.staffSession;
  const token = session.get("token");
  if (!token) {
    if (session.get("pending") === undefined) addFlash(session, { kind: "status", key: "staffConsole.session.signInRequired" });
    throw redirect("/staff/sign-in");
  }
  const outcome = await reach(context.registry.staff.me(token));
  if (!outcome.reached) throw new Response("registry unavailable", { status: 503 });
  const answer = outcome.answer;
  if (!answer.success || !answer.results) {
    endStaffSignIn(session, { kind: "status", key: "staffConsole.session.ended" });
    throw redirect("/staff/sign-in");
  }
  return { token, person: answer.results.person };
}

/** The person's grants of one role. */
export function grantsOf(person: StaffPerson, role: StaffRoleValue): StaffGrantNamed[] {
  return person.grants.filter((g) => g.role === role);
}

/** A page of a role the person does not have is not theirs: 404, as the registry answers. */
export function requireRole(person: StaffPerson, role: StaffRoleValue): StaffGrantNamed[] {
  const grants = grantsOf(person, role);
  if (!grants.length) throw new Response("not found", { status: 404 });
  return grants;
}

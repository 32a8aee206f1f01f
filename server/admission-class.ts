import type { Request, Response } from "express";
import { addressLimitKey } from "../registry/contract/address-key";
import { readKnownDevice } from "../app/platform/known-device-mark.server";
import { sessionLimit } from "../app/platform/session-limits";
import type { Session, SessionStore } from "../app/platform/session.server";
import { isStaffPath, staffSessionLimit, type StaffSessionData } from "../app/platform/staff-session";
import type { Admission } from "./in-flight";

/** What the classifier read, kept for the rest of the request (getLoadContext, the busy page) so it is read once. */
export type ReadSessions = { session: Session; staffSession: Session<StaffSessionData> };

/** Loopback (the machine itself: monitoring, the test suite, a proxy on the same host that did not say who called). */
const isLoopback = (address: string) => address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");

/**
 * docs/decisions/134: a request's admission class and fair-share keys, from what it carries, cheaply and unforgeably:
 * - `patient` when its encrypted session (AES-GCM: a forged or altered cookie does not decrypt) is signed in and within
 *   its limits, or the staff console's is or holds a pending step in its time (the password passed, the code to come),
 *   or it carries this portal's known-device mark (HMAC-SHA256);
 * - else `sign-in` for a POST (the sign-in dialog, registration, the password reset: every anonymous post hashes or
 *   sends something), `page` for everything else.
 * Keys: the client's address (an IPv6 address by its /64, `addressLimitKey`), none for loopback; and for `patient`
 * the account or the device, so that one stolen mark or session cannot take the patients' places from many addresses.
 * The sessions read are left in `res.locals.sessions` (ReadSessions).
 */
export function admissionClassifier(o: {
  sessions: SessionStore;
  staffSessions: SessionStore<StaffSessionData>;
  formKey: Uint8Array;
  hostPrefixedCookie: boolean;
  basePath: string;
  now?: () => number;
  /**
   * docs/decisions/134: whether a sign-in post shows a solved proof of work of this browser (its session) and address
   * (the accounts feature's `provedSignInPost`, passed in: server/ imports no feature).
   */
  provedSignIn?: (query: URLSearchParams, session: Session | Session<StaffSessionData>, address: string) => boolean;
}): (req: Request, res: Response) => Admission {
  const now = o.now ?? Date.now;
  return (req, res) => {
    const cookie = req.headers.cookie;
    const session = o.sessions.read(cookie);
    const staff = isStaffPath(req.path, o.basePath);
    const staffSession = o.staffSessions.read(staff ? cookie : undefined);
    res.locals.sessions = { session, staffSession } satisfies ReadSessions;
    const address = req.ip ?? "";
    const keys = isLoopback(address) || !address ? [] : [`a:${addressLimitKey(address)}`];
    const at = now();
    const patientId = session.get("medicalRecordId");
    if (!session.isNew && sessionLimit(session.data, at) === "active" && patientId !== undefined) {
      return { className: "patient", keys: [...keys, `p:${patientId}`] };
    }
    const staffId = staffSession.get("staffId");
    if (staff && !staffSession.isNew && staffSessionLimit(staffSession.data, at) === "active" && staffId !== undefined) {
      return { className: "patient", keys: [...keys, `s:${staffId}`] };
    }
    // A staff person between the password and the code (the registry checked the password; the pending step is in the
    // encrypted cookie, in its time): admitted as the signed-in are, so the code step of a sign-in that passed the
    // password is not refused for strangers' pages (docs/decisions/134). One share per person.
    const pending = staff && !staffSession.isNew ? staffSession.get("pending") : undefined;
    if (pending && pending.expiresAt > at) return { className: "patient", keys: [...keys, `s:${pending.email.trim().toLowerCase()}`] };
    const device = cookie ? readKnownDevice(cookie, o.formKey, o.hostPrefixedCookie) : null;
    if (device && device.accounts.length > 0) return { className: "patient", keys: [...keys, `d:${device.deviceId}`] };
    if (req.method !== "POST") return { className: "page", keys };
    const query = req.url.indexOf("?");
    const proved =
      query >= 0 &&
      o.provedSignIn !== undefined &&
      o.provedSignIn(new URLSearchParams(req.url.slice(query + 1)), staff ? staffSession : session, address);
    return proved ? { className: "sign-in", keys, proved } : { className: "sign-in", keys };
  };
}

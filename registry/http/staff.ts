import {
  STAFF_ABSOLUTE_LIMIT_MS,
  STAFF_IDLE_LIMIT_MS,
  StaffAccountMessage,
  StaffAccountReason,
  type StaffGrantNamed,
  type StaffRoleValue,
} from "../contract/staff-accounts";
import { audit } from "../data/audit";
import { findStaffPerson, grantOrganisation, staffGrants, type StaffPersonRow } from "../data/staff-people";
import { endStaffSession, findStaffSession, touchStaffSession, type StaffSessionOrigin, type StaffSessionRow } from "../data/staff-sessions";
import type { Db } from "../db/types";
import { hashStaffToken, isStaffTokenForm } from "../domain/staff-auth";
import type { Ctx } from "./context";
import { currentOrigin } from "./origin";
import { bearerToken } from "./patient";
import { Refusal } from "./respond";

/**
 * The authorization of every staff call (docs/decisions/126). An endpoint of a staff console does, in this order:
 *
 * ```ts
 * const { staff, grant } = await requireGrant(ctx, StaffRole.center, (g) => g.centerId === referral.centerId);
 * // ... read or change, then:
 * await auditStaff(ctx.db, staff, grant, "referral.read", { medicalRecordId, detail: { referralId }, at: ctx.now() });
 * ```
 *
 * - `requireStaff(ctx)`: the signed-in person, or 401 `sessionEnded` (no staff token, a pending token, ended, idle
 *   over STAFF_IDLE_LIMIT_MS, older than STAFF_ABSOLUTE_LIMIT_MS, or the person disabled). Renews the idle time.
 * - `requireGrant(ctx, role, matches?)`: the person's grant of that role (whose organisation `matches`, e.g. their
 *   center is the referral's), or 403 `notAllowed`, written to the audit as `staff.refused` naming the person.
 * - `auditStaff(db, staff, grant, action, …)`: one audit row naming the person, the role, the organisation; the
 *   address, user agent and request id come from the call (http/origin.ts). Every staff read of a patient record and
 *   every staff action writes one.
 *
 * A staff token is `Authorization: Bearer st_…`; a patient's token is never one, and a staff token is refused on the
 * patient calls (it is no signed patient token).
 */

/** The signed-in staff person of a call, with their roles and session. */
export type SignedInStaff = { person: StaffPersonRow; grants: StaffGrantNamed[]; session: StaffSessionRow };

function sessionEnded(): Refusal {
  return new Refusal(401, StaffAccountMessage[StaffAccountReason.sessionEnded], { form: StaffAccountReason.sessionEnded });
}

/** The staff token of the call's bearer header, or null when there is none (or it is not a staff token). */
export function staffBearer(request: Request): string | null {
  const token = bearerToken(request);
  return token && isStaffTokenForm(token) ? token : null;
}

/** Where the call came from, as the session keeps it. */
export function staffSessionOrigin(): StaffSessionOrigin {
  const origin = currentOrigin();
  return { clientAddress: origin?.clientAddress ?? null, userAgent: origin?.userAgent ?? null };
}

/** When a full session ends at the latest: idle (from its last call) and absolute. */
export function sessionLimits(session: Pick<StaffSessionRow, "createdAt" | "lastSeenAt">): { idleExpires: Date; absoluteExpires: Date } {
  const absoluteExpires = new Date(session.createdAt.getTime() + STAFF_ABSOLUTE_LIMIT_MS);
  const idle = new Date(session.lastSeenAt.getTime() + STAFF_IDLE_LIMIT_MS);
  return { idleExpires: idle < absoluteExpires ? idle : absoluteExpires, absoluteExpires };
}

const signedIn = new WeakMap<Request, Promise<SignedInStaff>>();

/** The signed-in staff person (see above). Called twice in one call, it reads once. */
export function requireStaff(ctx: Ctx): Promise<SignedInStaff> {
  let found = signedIn.get(ctx.request);
  if (!found) {
    found = readStaff(ctx);
    signedIn.set(ctx.request, found);
  }
  return found;
}

async function readStaff(ctx: Ctx): Promise<SignedInStaff> {
  const token = staffBearer(ctx.request);
  if (!token) throw sessionEnded();
  const session = await findStaffSession(ctx.db, hashStaffToken(token));
  if (!session || session.stage !== "full" || session.endedAt) throw sessionEnded();
  const now = ctx.now();
  const limits = sessionLimits(session);
  const person = await findStaffPerson(ctx.db, session.staffId);
  if (now >= limits.idleExpires || !person || person.disabledAt) {
    await endStaffSession(ctx.db, session.tokenHash, now);
    throw sessionEnded();
  }
  await touchStaffSession(ctx.db, session.tokenHash, now, staffSessionOrigin());
  return { person, grants: await staffGrants(ctx.db, person.id), session: { ...session, lastSeenAt: now } };
}

/** A grant of one role, narrowed to its shape (a lab grant has its labId, a center grant its centerId). */
export type GrantOf<R extends StaffRoleValue> = Extract<StaffGrantNamed, { role: R }>;

/**
 * The signed-in person's grant of `role` whose organisation `matches` (any of that role without it); else 403
 * `notAllowed`, audited as `staff.refused` with the person, the role asked for and the call's path.
 */
export async function requireGrant<R extends StaffRoleValue>(
  ctx: Ctx,
  role: R,
  matches: (grant: GrantOf<R>) => boolean = () => true,
): Promise<{ staff: SignedInStaff; grant: GrantOf<R> }> {
  const staff = await requireStaff(ctx);
  const grant = staff.grants.find((g): g is GrantOf<R> => g.role === role && matches(g as GrantOf<R>));
  if (grant) return { staff, grant };
  const first = staff.grants[0];
  await audit(ctx.db, {
    actor: first
      ? { kind: "staff", id: staff.person.id, role: first.role, organisation: grantOrganisation(first) }
      : { kind: "staff", id: staff.person.id, role, organisation: "none" },
    action: "staff.refused",
    detail: { role, path: ctx.url.pathname.slice(0, 200) },
    at: ctx.now(),
  });
  throw new Refusal(403, StaffAccountMessage[StaffAccountReason.notAllowed], { form: StaffAccountReason.notAllowed });
}

/**
 * One audit row of a staff read or action: the person (actor id), the role and organisation of the grant acted under,
 * and where the call came from. `detail` holds identifiers and outcomes only (data/audit.ts).
 */
export async function auditStaff(
  db: Db,
  staff: SignedInStaff,
  grant: StaffGrantNamed,
  action: string,
  entry: { at: Date; medicalRecordId?: number | null; detail?: Record<string, string | number | boolean> },
): Promise<void> {
  await audit(db, {
    actor: { kind: "staff", id: staff.person.id, role: grant.role, organisation: grantOrganisation(grant) },
    action,
    medicalRecordId: entry.medicalRecordId ?? null,
    ...(entry.detail ? { detail: entry.detail } : {}),
    at: entry.at,
  });
}

import { hostname, userInfo } from "node:os";
import type { StaffRoleValue } from "../contract/staff-accounts";
import type { Db } from "../db/types";
import { currentOrigin, type RequestOrigin } from "../http/origin";

/**
 * Who did it:
 * - `patient`: the signed-in patient; `anonymous`: nobody signed in; `system`: the registry itself (a sweep).
 * - `staff`: a staff person (docs/decisions/126) acting under one of their roles; `organisation` names the role's
 *   organisation: `lab:<id>`, `center:<id>`, `program`, `registry`.
 * - `staffAccount`: a staff person acting on their own account (signing in, setting up, signing out): under no role,
 *   stored as actor kind `staff` with their id and no role nor organisation.
 * - `staffKey`: a holder of a shared staff key (LAB_STAFF_KEY, CENTER_STAFF_KEY, PROGRAM_STAFF_KEY), nobody in
 *   particular: stored as actor kind `staff` with the role, no id, and the organisation `shared-key`.
 * - `operator`: a staff command run on the server; the operating-system user and host are recorded.
 */
export type Actor =
  | { kind: "patient"; id: number }
  | { kind: "anonymous" }
  | { kind: "staff"; id: number; role: StaffRoleValue; organisation: string }
  | { kind: "staffAccount"; id: number }
  | { kind: "staffKey"; role: "lab" | "center" | "program" }
  | { kind: "operator" }
  | { kind: "system" };

/** The organisation of a shared key's audit rows. */
export const SHARED_KEY_ORGANISATION = "shared-key";

/** `user@host` of the process running a staff command. */
export function operatorName(): string {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    user = process.env.USER ?? "unknown";
  }
  return `${user}@${hostname()}`.slice(0, 300);
}

/** The audit_log columns of an actor. */
function actorColumns(actor: Actor): { kind: string; id: number | null; role: string | null; organisation: string | null; operator: string | null } {
  switch (actor.kind) {
    case "patient":
      return { kind: "patient", id: actor.id, role: null, organisation: null, operator: null };
    case "staff":
      return { kind: "staff", id: actor.id, role: actor.role, organisation: actor.organisation, operator: null };
    case "staffAccount":
      return { kind: "staff", id: actor.id, role: null, organisation: null, operator: null };
    case "staffKey":
      return { kind: "staff", id: null, role: actor.role, organisation: SHARED_KEY_ORGANISATION, operator: null };
    case "operator":
      return { kind: "operator", id: null, role: null, organisation: null, operator: operatorName() };
    default:
      return { kind: actor.kind, id: null, role: null, organisation: null, operator: null };
  }
}

/**
 * One audit entry: who did what, when, to which record. `detail` holds identifiers and outcomes only —
 * never health data, passwords, tokens, codes or message bodies. Written during a call, it also carries where the
 * call came from (client address, user agent, request id; docs/decisions/085), unless `origin` is given.
 */
export async function audit(
  db: Db,
  entry: {
    actor: Actor;
    action: string;
    medicalRecordId?: number | null;
    detail?: Record<string, string | number | boolean>;
    at: Date;
    origin?: RequestOrigin;
  },
): Promise<void> {
  const actor = actorColumns(entry.actor);
  const origin = entry.origin ?? currentOrigin();
  await db.query(
    `insert into audit_log (occurred_at, actor_kind, actor_id, action, medical_record_id, detail, client_address, user_agent, request_id,
                            actor_role, actor_organisation, operator)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12)`,
    [
      entry.at,
      actor.kind,
      actor.id,
      entry.action,
      entry.medicalRecordId ?? null,
      JSON.stringify(entry.detail ?? {}),
      origin?.clientAddress ?? null,
      origin?.userAgent ?? null,
      origin?.requestId ?? null,
      actor.role,
      actor.organisation,
      actor.operator,
    ],
  );
}

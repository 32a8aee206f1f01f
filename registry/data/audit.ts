import type { Db } from "../db/types";
import { currentOrigin, type RequestOrigin } from "../http/origin";

export type Actor = { kind: "patient"; id: number } | { kind: "anonymous" } | { kind: "staff"; id?: number } | { kind: "system" };

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
  const actorId = "id" in entry.actor ? (entry.actor.id ?? null) : null;
  const origin = entry.origin ?? currentOrigin();
  await db.query(
    `insert into audit_log (occurred_at, actor_kind, actor_id, action, medical_record_id, detail, client_address, user_agent, request_id)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)`,
    [
      entry.at,
      entry.actor.kind,
      actorId,
      entry.action,
      entry.medicalRecordId ?? null,
      JSON.stringify(entry.detail ?? {}),
      origin?.clientAddress ?? null,
      origin?.userAgent ?? null,
      origin?.requestId ?? null,
    ],
  );
}

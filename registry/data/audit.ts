import type { Db } from "../db/types";

export type Actor = { kind: "patient"; id: number } | { kind: "anonymous" } | { kind: "staff"; id?: number } | { kind: "system" };

/**
 * One audit entry: who did what, when, to which record. `detail` holds identifiers and outcomes only —
 * never health data, passwords, tokens, codes or message bodies.
 */
export async function audit(
  db: Db,
  entry: { actor: Actor; action: string; medicalRecordId?: number | null; detail?: Record<string, string | number | boolean>; at: Date },
): Promise<void> {
  const actorId = "id" in entry.actor ? (entry.actor.id ?? null) : null;
  await db.query(
    `insert into audit_log (occurred_at, actor_kind, actor_id, action, medical_record_id, detail)
     values ($1, $2, $3, $4, $5, $6::jsonb)`,
    [entry.at, entry.actor.kind, actorId, entry.action, entry.medicalRecordId ?? null, JSON.stringify(entry.detail ?? {})],
  );
}

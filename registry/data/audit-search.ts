import type { AuditRow } from "../contract/staff-program";
import type { Db } from "../db/types";

/**
 * The administrators' audit search (docs/decisions/133, "Audit"): rows of audit_log by record, by staff person (the
 * rows they did) and by time, newest first, with the staff person's name and email. Never the row's `detail`.
 */
export type AuditFilter = { medicalRecordId: number | null; staffId: number | null; from: Date | null; before: Date | null };

type Row = {
  id: string | number; occurred_at: Date; actor_kind: string; actor_id: number | null; name: string | null; email: string | null;
  operator: string | null; actor_role: string | null; actor_organisation: string | null; action: string; medical_record_id: number | null;
  client_address: string | null; user_agent: string | null; request_id: string | null;
};

const WHERE = `where ($1::integer is null or a.medical_record_id = $1)
                 and ($2::integer is null or (a.actor_kind = 'staff' and a.actor_id = $2))
                 and ($3::timestamptz is null or a.occurred_at >= $3)
                 and ($4::timestamptz is null or a.occurred_at < $4)`;

const params = (f: AuditFilter) => [f.medicalRecordId, f.staffId, f.from, f.before];

/** The rows of a filter, newest first: `limit` of them after skipping `offset`. */
export async function searchAudit(db: Db, filter: AuditFilter, page: { limit: number; offset: number }): Promise<AuditRow[]> {
  const rows = await db.query<Row>(
    `select a.id, a.occurred_at, a.actor_kind, a.actor_id, s.name, s.email, a.operator, a.actor_role, a.actor_organisation, a.action,
            a.medical_record_id, a.client_address, a.user_agent, a.request_id
       from audit_log a left join staff_people s on a.actor_kind = 'staff' and s.id = a.actor_id
      ${WHERE}
      order by a.occurred_at desc, a.id desc
      limit $5 offset $6`,
    [...params(filter), page.limit, page.offset],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: r.occurred_at.toISOString(),
    actorKind: r.actor_kind,
    actorId: r.actor_id,
    staffName: r.name,
    staffEmail: r.email,
    operator: r.operator,
    role: r.actor_role,
    organisation: r.actor_organisation,
    action: r.action,
    medicalRecordId: r.medical_record_id,
    clientAddress: r.client_address,
    userAgent: r.user_agent,
    requestId: r.request_id,
  }));
}

/** How many rows a filter has. */
export async function countAudit(db: Db, filter: AuditFilter): Promise<number> {
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from audit_log a ${WHERE}`, params(filter));
  return row!.n;
}

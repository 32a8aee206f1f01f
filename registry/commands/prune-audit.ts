import { audit } from "../data/audit";
import type { Db } from "../db/types";

/** docs/operations.md "Logs and audit rows": audit rows are kept 6 years (HIPAA documentation retention; 085). */
export const AUDIT_RETENTION_YEARS = 6;

/**
 * Staff work (docs/decisions/085): deletes the audit rows older than `years` years before `now` (at least 6: a
 * shorter rule would break the retention the operations guide promises), and records the pruning itself as an
 * audit row. Answers how many rows went and the cut-off.
 */
export async function pruneAudit(db: Db, years: number = AUDIT_RETENTION_YEARS, now: Date = new Date()): Promise<{ deleted: number; before: Date }> {
  if (!Number.isInteger(years) || years < AUDIT_RETENTION_YEARS || years > 100) {
    throw new Error(`usage: prune-audit [--years N]  (N from ${AUDIT_RETENTION_YEARS} to 100, default ${AUDIT_RETENTION_YEARS})`);
  }
  const before = new Date(now);
  before.setUTCFullYear(before.getUTCFullYear() - years);
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.query<{ n: number }>(
      "with gone as (delete from audit_log where occurred_at < $1 returning 1) select count(*)::int as n from gone",
      [before],
    );
    const n = rows[0]?.n ?? 0;
    await audit(tx, { actor: { kind: "operator" }, action: "audit.prune", detail: { before: before.toISOString(), deleted: n }, at: now });
    return n;
  });
  return { deleted, before };
}

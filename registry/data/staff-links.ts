import type { Db } from "../db/types";

/**
 * Setup links of staff people (docs/decisions/126): single use, STAFF_LINK_LIFETIME_MS, only the token's SHA-256 kept.
 * A new link for a person retires their older unused ones.
 */
export type StaffLinkRow = { staffId: number; expiresAt: Date; usedAt: Date | null };

export async function insertStaffLink(db: Db, l: { tokenHash: string; staffId: number; expiresAt: Date }, now: Date): Promise<void> {
  await db.query("delete from staff_links where staff_id = $1 and used_at is null", [l.staffId]);
  await db.query("insert into staff_links (token_hash, staff_id, purpose, created_at, expires_at) values ($1, $2, 'setup', $3, $4)", [
    l.tokenHash,
    l.staffId,
    now,
    l.expiresAt,
  ]);
}

export async function findStaffLink(db: Db, tokenHash: string): Promise<StaffLinkRow | null> {
  const rows = await db.query<{ staff_id: number; expires_at: Date; used_at: Date | null }>(
    "select staff_id, expires_at, used_at from staff_links where token_hash = $1",
    [tokenHash],
  );
  const r = rows[0];
  return r ? { staffId: r.staff_id, expiresAt: r.expires_at, usedAt: r.used_at } : null;
}

/** Marks an unused, unexpired link used; false when another request used it first (or it expired). */
export async function spendStaffLink(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    "update staff_links set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2 returning token_hash",
    [tokenHash, now],
  );
  return rows.length === 1;
}

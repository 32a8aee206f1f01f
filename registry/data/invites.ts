import type { Db } from "../db/types";

export type Invite = { id: number; firstName: string; lastName: string; email: string; expiresAt: Date; usedAt: Date | null };

export async function insertInvite(
  db: Db,
  i: { tokenHash: string; firstName: string; lastName: string; email: string; expiresAt: Date },
  now: Date,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into invites (token_hash, first_name, last_name, email, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [i.tokenHash, i.firstName, i.lastName, i.email.toLowerCase(), now, i.expiresAt],
  );
  return rows[0]!.id;
}

export async function findInvite(db: Db, tokenHash: string): Promise<Invite | null> {
  const rows = await db.query<{ id: number; first_name: string; last_name: string; email: string; expires_at: Date; used_at: Date | null }>(
    "select id, first_name, last_name, email, expires_at, used_at from invites where token_hash = $1",
    [tokenHash],
  );
  const r = rows[0];
  return r ? { id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email, expiresAt: r.expires_at, usedAt: r.used_at } : null;
}

/** Marks an unused, unexpired invite used by a record; false when another request used it first (or it expired). */
export async function useInvite(db: Db, id: number, medicalRecordId: number, now: Date): Promise<boolean> {
  const rows = await db.query(
    "update invites set used_at = $2, medical_record_id = $3 where id = $1 and used_at is null and expires_at > $2 returning id",
    [id, now, medicalRecordId],
  );
  return rows.length === 1;
}

import type { Db } from "../db/types";

export type PasswordReset = { id: number; medicalRecordId: number; expiresAt: Date; usedAt: Date | null };

export async function insertPasswordReset(db: Db, r: { medicalRecordId: number; tokenHash: string; expiresAt: Date }, now: Date): Promise<void> {
  await db.query(
    "insert into password_resets (medical_record_id, token_hash, created_at, expires_at) values ($1, $2, $3, $4)",
    [r.medicalRecordId, r.tokenHash, now, r.expiresAt],
  );
}

export async function findPasswordReset(db: Db, tokenHash: string): Promise<PasswordReset | null> {
  const rows = await db.query<{ id: number; medical_record_id: number; expires_at: Date; used_at: Date | null }>(
    "select id, medical_record_id, expires_at, used_at from password_resets where token_hash = $1",
    [tokenHash],
  );
  const r = rows[0];
  return r ? { id: r.id, medicalRecordId: r.medical_record_id, expiresAt: r.expires_at, usedAt: r.used_at } : null;
}

/** Uses the link; false when another request used it first. Every other open link of the account is closed too. */
export async function usePasswordReset(db: Db, reset: PasswordReset, now: Date): Promise<boolean> {
  const rows = await db.query("update password_resets set used_at = $2 where id = $1 and used_at is null returning id", [reset.id, now]);
  if (rows.length !== 1) return false;
  await closePasswordResets(db, reset.medicalRecordId, now);
  return true;
}

/**
 * Closes every open reset link of the account (marked used): a password change makes the links asked for before it
 * worthless, so a link read from a mailbox the patient no longer controls cannot undo the change (docs/decisions/088).
 */
export async function closePasswordResets(db: Db, medicalRecordId: number, now: Date): Promise<void> {
  await db.query("update password_resets set used_at = $2 where medical_record_id = $1 and used_at is null", [medicalRecordId, now]);
}

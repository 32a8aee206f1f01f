import type { Db } from "../db/types";

/**
 * One-time sign-in links (docs/decisions/132): emailed when the right password comes from a new browser while the
 * account's unknown devices are over the cap. Only the token's SHA-256 is stored.
 */
export async function insertSignInLink(db: Db, link: { medicalRecordId: number; tokenHash: string; expiresAt: Date }, now: Date): Promise<void> {
  await db.query("delete from sign_in_links where expires_at < $1", [now]);
  await db.query("insert into sign_in_links (medical_record_id, token_hash, created_at, expires_at) values ($1, $2, $3, $4)", [
    link.medicalRecordId,
    link.tokenHash,
    now,
    link.expiresAt,
  ]);
}

/** Uses a link once: the record it signs in, or null when unknown, used, or expired (a second use always gets null). */
export async function spendSignInLink(db: Db, tokenHash: string, now: Date): Promise<number | null> {
  const rows = await db.query<{ medical_record_id: number }>(
    `update sign_in_links set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2
     returning medical_record_id`,
    [tokenHash, now],
  );
  return rows[0]?.medical_record_id ?? null;
}

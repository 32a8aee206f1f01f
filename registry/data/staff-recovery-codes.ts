import type { Db } from "../db/types";

/** A person's recovery codes (docs/decisions/126): SHA-256 only, single use. New ones replace every old one. */
export async function replaceRecoveryCodes(db: Db, staffId: number, codeHashes: readonly string[]): Promise<void> {
  await db.query("delete from staff_recovery_codes where staff_id = $1", [staffId]);
  for (const hash of codeHashes) {
    await db.query("insert into staff_recovery_codes (staff_id, code_hash) values ($1, $2)", [staffId, hash]);
  }
}

/** Uses an unused code of the person; false when there is none with that hash (wrong, or used already). */
export async function spendRecoveryCode(db: Db, staffId: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    "update staff_recovery_codes set used_at = $3 where staff_id = $1 and code_hash = $2 and used_at is null returning code_hash",
    [staffId, codeHash, now],
  );
  return rows.length === 1;
}

/** How many unused codes a person has left. */
export async function recoveryCodesLeft(db: Db, staffId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>("select count(*)::int as n from staff_recovery_codes where staff_id = $1 and used_at is null", [
    staffId,
  ]);
  return row?.n ?? 0;
}

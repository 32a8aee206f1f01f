import type { Db } from "../db/types";

export type StoredCode = {
  id: number;
  salt: string;
  hash: string;
  expiresAt: Date;
  wrongTries: number;
};

/**
 * Stores a new code for one contact of a record, replacing the previous one. The wrong-try count is kept while the
 * series of the previous code runs (ACC-027: a new code does not reset it); a series ends `seriesMs` after
 * its first code, and a code sent after that starts a new series at zero. A code locked by `maxWrongTries` wrong
 * tries is replaced by one with a fresh count (docs/decisions/039): the sends per hour bound the guesses.
 */
export async function storeCode(
  db: Db,
  c: { medicalRecordId: number; type: number; target: string; salt: string; hash: string; expiresAt: Date; seriesMs: number; maxWrongTries: number },
  now: Date,
): Promise<void> {
  const seriesStart = new Date(now.getTime() - c.seriesMs);
  await db.query(
    `insert into confirmation_codes (medical_record_id, confirmation_type, target, code_salt, code_hash, sent_at, expires_at, series_started_at)
     values ($1, $2, $3, $4, $5, $6, $7, $6)
     on conflict (medical_record_id, confirmation_type, target) do update set
       code_salt = excluded.code_salt, code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at,
       wrong_tries = case when confirmation_codes.series_started_at > $8 and confirmation_codes.wrong_tries < $9 then confirmation_codes.wrong_tries else 0 end,
       series_started_at = case when confirmation_codes.series_started_at > $8 then confirmation_codes.series_started_at else excluded.series_started_at end`,
    [c.medicalRecordId, c.type, c.target, c.salt, c.hash, now, c.expiresAt, seriesStart, c.maxWrongTries],
  );
}

/** The current code of a contact, locked for the rest of the transaction. */
export async function findCodeForUpdate(db: Db, medicalRecordId: number, type: number, target: string): Promise<StoredCode | null> {
  const rows = await db.query<{ id: number; code_salt: string; code_hash: string; expires_at: Date; wrong_tries: number }>(
    `select id, code_salt, code_hash, expires_at, wrong_tries from confirmation_codes
      where medical_record_id = $1 and confirmation_type = $2 and target = $3 for update`,
    [medicalRecordId, type, target],
  );
  const r = rows[0];
  return r ? { id: r.id, salt: r.code_salt, hash: r.code_hash, expiresAt: r.expires_at, wrongTries: r.wrong_tries } : null;
}

/** Whether a code sent to this contact of the record is still good (a "send a new code" within its 30 minutes). */
export async function hasLiveCode(db: Db, medicalRecordId: number, type: number, target: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    "select id from confirmation_codes where medical_record_id = $1 and confirmation_type = $2 and target = $3 and expires_at > $4",
    [medicalRecordId, type, target, now],
  );
  return rows.length > 0;
}

export async function countWrongTry(db: Db, id: number): Promise<void> {
  await db.query("update confirmation_codes set wrong_tries = wrong_tries + 1 where id = $1", [id]);
}

export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.query("delete from confirmation_codes where id = $1", [id]);
}

import type { Db } from "../db/types";

/** Sign-in sessions, one per signed-in device (migration 0013, docs/decisions/109). */

export type SessionOrigin = { clientAddress: string | null; userAgent: string | null };

export type SessionRow = {
  id: string;
  signedInAt: Date;
  lastUsedAt: Date;
  clientAddress: string | null;
  userAgent: string | null;
};

/** A new sign-in with its first token. */
export async function createSession(
  db: Db,
  s: { id: string; medicalRecordId: number; issuedAt: Date; expiresAt: Date; origin: SessionOrigin },
): Promise<void> {
  await db.query(
    `insert into sign_in_sessions (id, medical_record_id, created_at, last_used_at, token_issued_at, token_expires_at, client_address, user_agent)
     values ($1, $2, $3, $3, $3, $4, $5, $6)`,
    [s.id, s.medicalRecordId, s.issuedAt, s.expiresAt, s.origin.clientAddress, s.origin.userAgent],
  );
}

/** A new token of a sign-in (refresh): false when the sign-in has ended or is not the account's. */
export async function renewSession(
  db: Db,
  s: { id: string; medicalRecordId: number; issuedAt: Date; expiresAt: Date; origin: SessionOrigin },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update sign_in_sessions
        set last_used_at = $3, token_issued_at = $3, token_expires_at = $4,
            client_address = coalesce($5, client_address), user_agent = coalesce($6, user_agent)
      where id = $1 and medical_record_id = $2 and ended_at is null
      returning id`,
    [s.id, s.medicalRecordId, s.issuedAt, s.expiresAt, s.origin.clientAddress, s.origin.userAgent],
  );
  return rows.length > 0;
}

/** The device was used now: written at most once a minute per sign-in. */
export async function touchSession(db: Db, id: string, now: Date, origin: SessionOrigin): Promise<void> {
  await db.query(
    `update sign_in_sessions
        set last_used_at = $2, client_address = coalesce($3, client_address), user_agent = coalesce($4, user_agent)
      where id = $1 and ended_at is null and last_used_at < $2::timestamptz - interval '1 minute'`,
    [id, now, origin.clientAddress, origin.userAgent],
  );
}

/**
 * The account's revocation time (undefined without an account) and whether the sign-in has ended, does not exist
 * or is another account's: one statement, the only one of a token check (docs/decisions/070).
 */
export async function readTokenState(db: Db, medicalRecordId: number, sid: string): Promise<{ validAfter: Date | null | undefined; ended: boolean }> {
  const rows = await db.query<{ tokens_valid_after: Date | null; live: boolean }>(
    `select a.tokens_valid_after,
            exists (select 1 from sign_in_sessions s where s.id = $2 and s.medical_record_id = a.medical_record_id and s.ended_at is null) as live
       from accounts a where a.medical_record_id = $1`,
    [medicalRecordId, sid],
  );
  const row = rows[0];
  return row ? { validAfter: row.tokens_valid_after, ended: !row.live } : { validAfter: undefined, ended: true };
}

/**
 * The account's signed-in devices: not signed out, a token still within its time, and issued after the account's
 * last "sign out everywhere" or password change. Most recently used first.
 */
export async function listSessions(db: Db, medicalRecordId: number, now: Date): Promise<SessionRow[]> {
  const rows = await db.query<{
    id: string;
    created_at: Date;
    last_used_at: Date;
    client_address: string | null;
    user_agent: string | null;
  }>(
    `select s.id, s.created_at, s.last_used_at, s.client_address, s.user_agent
       from sign_in_sessions s left join accounts a on a.medical_record_id = s.medical_record_id
      where s.medical_record_id = $1 and s.ended_at is null and s.token_expires_at > $2
        and (a.tokens_valid_after is null or s.token_issued_at >= a.tokens_valid_after)
      order by s.last_used_at desc, s.created_at desc
      limit 50`,
    [medicalRecordId, now],
  );
  return rows.map((r) => ({
    id: r.id,
    signedInAt: r.created_at,
    lastUsedAt: r.last_used_at,
    clientAddress: r.client_address,
    userAgent: r.user_agent,
  }));
}

/** Signs one device out: only one of the account's own sign-ins (false for any other id). */
export async function endSession(db: Db, medicalRecordId: number, id: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    "update sign_in_sessions set ended_at = $3 where id = $2 and medical_record_id = $1 and ended_at is null returning id",
    [medicalRecordId, id, now],
  );
  return rows.length > 0;
}

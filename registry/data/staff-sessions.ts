import type { Db } from "../db/types";

/**
 * Staff sessions (docs/decisions/126): an opaque token per row, only its SHA-256 kept. `setup` and `code` rows are the
 * pending steps after a right password or an accepted link (STAFF_PENDING_LIMIT_MS, STAFF_MAX_WRONG_CODES); a `full`
 * row is a signed-in session (STAFF_IDLE_LIMIT_MS since `last_seen_at`, STAFF_ABSOLUTE_LIMIT_MS since `created_at`).
 * A step from pending to full is a new row and a new token: a pending token never becomes a session's.
 */
export type StaffStage = "setup" | "code" | "full";

export type StaffSessionRow = {
  tokenHash: string;
  staffId: number;
  stage: StaffStage;
  createdAt: Date;
  lastSeenAt: Date;
  endedAt: Date | null;
  wrongCodes: number;
};

export type StaffSessionOrigin = { clientAddress: string | null; userAgent: string | null };

export async function insertStaffSession(
  db: Db,
  s: { tokenHash: string; staffId: number; stage: StaffStage; origin: StaffSessionOrigin },
  now: Date,
): Promise<void> {
  await db.query(
    `insert into staff_sessions (token_hash, staff_id, stage, created_at, last_seen_at, client_address, user_agent)
     values ($1, $2, $3, $4, $4, $5, $6)`,
    [s.tokenHash, s.staffId, s.stage, now, s.origin.clientAddress, s.origin.userAgent],
  );
}

export async function findStaffSession(db: Db, tokenHash: string): Promise<StaffSessionRow | null> {
  const rows = await db.query<{
    token_hash: string;
    staff_id: number;
    stage: StaffStage;
    created_at: Date;
    last_seen_at: Date;
    ended_at: Date | null;
    wrong_codes: number;
  }>("select token_hash, staff_id, stage, created_at, last_seen_at, ended_at, wrong_codes from staff_sessions where token_hash = $1", [tokenHash]);
  const r = rows[0];
  return r
    ? {
        tokenHash: r.token_hash,
        staffId: r.staff_id,
        stage: r.stage,
        createdAt: r.created_at,
        lastSeenAt: r.last_seen_at,
        endedAt: r.ended_at,
        wrongCodes: r.wrong_codes,
      }
    : null;
}

/** A call of an open session: its idle time starts again; where it came from is the last call's. */
export async function touchStaffSession(db: Db, tokenHash: string, now: Date, origin: StaffSessionOrigin): Promise<void> {
  await db.query(
    "update staff_sessions set last_seen_at = greatest(last_seen_at, $2), client_address = $3, user_agent = $4 where token_hash = $1 and ended_at is null",
    [tokenHash, now, origin.clientAddress, origin.userAgent],
  );
}

/** Counts a wrong code of a pending session: the count after it. */
export async function countWrongCode(db: Db, tokenHash: string): Promise<number> {
  const rows = await db.query<{ wrong_codes: number }>(
    "update staff_sessions set wrong_codes = wrong_codes + 1 where token_hash = $1 returning wrong_codes",
    [tokenHash],
  );
  return rows[0]?.wrong_codes ?? Number.MAX_SAFE_INTEGER;
}

/** Ends one session; false when it had already ended (a pending step used twice at once). */
export async function endStaffSession(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db.query("update staff_sessions set ended_at = $2 where token_hash = $1 and ended_at is null returning token_hash", [
    tokenHash,
    now,
  ]);
  return rows.length === 1;
}

/** Ends every open session of a person (disabled, lost phone): the count ended. */
export async function endStaffSessions(db: Db, staffId: number, now: Date): Promise<number> {
  const rows = await db.query("update staff_sessions set ended_at = $2 where staff_id = $1 and ended_at is null returning token_hash", [
    staffId,
    now,
  ]);
  return rows.length;
}

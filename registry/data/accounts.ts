import type { Account } from "../contract/schemas";
import type { Db } from "../db/types";
import { usDate } from "../domain/dates";

export async function insertAccount(
  db: Db,
  a: { medicalRecordId: number; authenticationPreference: number; passwordHash: string },
  now: Date,
): Promise<void> {
  await db.query(
    `insert into accounts (medical_record_id, authentication_preference, registration_date_time, password_hash,
                           password_changed_at, created_at, updated_at)
     values ($1, $2, $3, $4, $3, $3, $3)`,
    [a.medicalRecordId, a.authenticationPreference, now, a.passwordHash],
  );
}

/** An account's columns as findAccount reads them (toAccount maps them), over `accounts a`. */
export type AccountRow = {
  authentication_preference: number; registration_date_time: Date; is_email_verified: boolean; is_mobile_verified: boolean;
};
export const ACCOUNT_COLUMNS = "a.authentication_preference, a.registration_date_time, a.is_email_verified, a.is_mobile_verified";

/** The account as the spec shows it (registrationDateTime MM/DD/YYYY), or null. */
export async function findAccount(db: Db, medicalRecordId: number): Promise<Account | null> {
  const rows = await db.query<AccountRow>(`select ${ACCOUNT_COLUMNS} from accounts a where a.medical_record_id = $1`, [medicalRecordId]);
  const r = rows[0];
  return r ? toAccount(r) : null;
}

export function toAccount(r: AccountRow): Account {
  return {
    authenticationPreference: r.authentication_preference,
    registrationDateTime: usDate(r.registration_date_time),
    isEmailVerified: r.is_email_verified,
    isMobileVerified: r.is_mobile_verified,
  };
}

/** What a sign-in needs, by lower-case email; `passwordChangedAt` retires older known-device marks (docs/decisions/132). */
export async function findLogin(
  db: Db,
  email: string,
): Promise<{ medicalRecordId: number; passwordHash: string | null; passwordChangedAt: Date | null } | null> {
  const rows = await db.query<{ id: number; password_hash: string | null; password_changed_at: Date | null }>(
    `select m.id, a.password_hash, a.password_changed_at from medical_records m join accounts a on a.medical_record_id = m.id
      where m.email = $1 and a.closed_at is null`,
    [email.toLowerCase()],
  );
  const r = rows[0];
  return r ? { medicalRecordId: r.id, passwordHash: r.password_hash, passwordChangedAt: r.password_changed_at } : null;
}

/** The stored password hash of a record's account (null: no account, or an account without a password). */
export async function findPasswordHash(db: Db, medicalRecordId: number): Promise<string | null> {
  const rows = await db.query<{ password_hash: string | null }>("select password_hash from accounts where medical_record_id = $1 and closed_at is null", [
    medicalRecordId,
  ]);
  return rows[0]?.password_hash ?? null;
}

/** The revocation time of an account: undefined when there is no account, null when nothing was revoked. */
export async function tokensValidAfter(db: Db, medicalRecordId: number): Promise<Date | null | undefined> {
  const rows = await db.query<{ tokens_valid_after: Date | null }>(
    "select tokens_valid_after from accounts where medical_record_id = $1",
    [medicalRecordId],
  );
  return rows[0] ? rows[0].tokens_valid_after : undefined;
}

/** Revokes every token issued before `at` (sign-out everywhere). */
export async function revokeTokens(db: Db, medicalRecordId: number, at: Date): Promise<void> {
  await db.query("update accounts set tokens_valid_after = $2, updated_at = $2 where medical_record_id = $1", [medicalRecordId, at]);
}

/** Replaces the stored hash of the same password (new scrypt parameters); not a password change, so no revocation. */
export async function rehashPassword(db: Db, medicalRecordId: number, passwordHash: string, now: Date): Promise<void> {
  await db.query("update accounts set password_hash = $2, updated_at = $3 where medical_record_id = $1", [medicalRecordId, passwordHash, now]);
}

/** A new password: stores its hash and revokes every token issued before `now` (ACC-030, ACC-032: a change signs out everywhere). */
export async function changePassword(db: Db, medicalRecordId: number, passwordHash: string, now: Date): Promise<void> {
  await db.query(
    `update accounts set password_hash = $2, password_changed_at = $3, tokens_valid_after = $3, updated_at = $3
      where medical_record_id = $1`,
    [medicalRecordId, passwordHash, now],
  );
  // A sign-in link asked for under the old password signs nobody in (docs/decisions/132).
  await db.query("update sign_in_links set used_at = $2 where medical_record_id = $1 and used_at is null", [medicalRecordId, now]);
}

/** "Verifying a contact creates a default account if none exists" (ACC-026): email preference, no password. */
export async function ensureAccount(db: Db, medicalRecordId: number, now: Date): Promise<void> {
  await db.query(
    `insert into accounts (medical_record_id, authentication_preference, registration_date_time, created_at, updated_at)
     values ($1, 1, $2, $2, $2) on conflict (medical_record_id) do nothing`,
    [medicalRecordId, now],
  );
}

/** Marks the record's email or mobile verified. */
export async function markContactVerified(db: Db, medicalRecordId: number, contact: "email" | "mobile", now: Date): Promise<void> {
  const column = contact === "email" ? "is_email_verified" : "is_mobile_verified";
  await db.query(`update accounts set ${column} = true, updated_at = $2 where medical_record_id = $1`, [medicalRecordId, now]);
}

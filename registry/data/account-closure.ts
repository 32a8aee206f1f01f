import { createHash } from "node:crypto";
import type { Db } from "../db/types";

/**
 * Closing an account as docs/decisions/107 says (ACC-045, ACC-046): the medical data stay; what reaches the person
 * (email, phone numbers, street address), the password and every way back in go.
 */

/** The SHA-256 (hex) of a sign-in email, lower case: what a closed account keeps to say "closed" at a sign-in. */
export function emailDigest(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase(), "utf8").digest("hex");
}

/** The email a closed record holds instead of the patient's: `.invalid` is reserved (RFC 2606), no mail can reach it. */
export function closedEmail(medicalRecordId: number): string {
  return `closed-${medicalRecordId}@closed.invalid`;
}

/** Whether an address is a closed record's (nothing is ever queued to one). */
export function isClosedEmail(address: string): boolean {
  return /@closed\.invalid$/i.test(address.trim());
}

/**
 * Closes the account, in the caller's transaction: the password removed, every token revoked, the closing time and
 * the email's digest kept; the record's email replaced, its phone numbers and street address emptied, automated
 * messages off; every sign-in ended and its address and browser forgotten; messages still waiting in the outbox for its email or numbers dropped; its password-reset links,
 * confirmation codes and failed sign-ins by its email deleted. Answers the number of outbox messages dropped.
 */
export async function closeAccount(
  db: Db,
  p: { medicalRecordId: number; email: string; phoneDigits: string[] },
  now: Date,
): Promise<{ droppedMessages: number }> {
  const id = p.medicalRecordId;
  await db.query(
    `update accounts set password_hash = '${RETIRED_HASH_PREFIX}' || password_hash, tokens_valid_after = $2, closed_at = $2,
            closed_email_sha256 = $3, updated_at = $2
      where medical_record_id = $1`,
    [id, now, emailDigest(p.email)],
  );
  await db.query(
    `update medical_records set email = $2, phone_number = '', phone_number_secondary = '', address_line1 = '', address_line2 = '',
            is_opted_out = true, updated_at = $3
      where id = $1`,
    [id, closedEmail(id), now],
  );
  const digits = p.phoneDigits.filter((d) => d !== "");
  const dropped = await db.query<{ id: number }>(
    `delete from outbox
      where status in ('pending', 'held')
        and ((channel = 'email' and lower(to_address) = $1)
          or (channel = 'sms' and right(regexp_replace(to_address, '[^0-9]', '', 'g'), 10) = any($2::text[])))
      returning id`,
    [p.email.toLowerCase(), digits.map((d) => d.slice(-10))],
  );
  // Every device signed out, and where it signed in from forgotten (the devices page is gone with the account).
  await db.query(
    "update sign_in_sessions set ended_at = coalesce(ended_at, $2), client_address = null, user_agent = null where medical_record_id = $1",
    [id, now],
  );
  await db.query("delete from password_resets where medical_record_id = $1", [id]);
  await db.query("delete from confirmation_codes where medical_record_id = $1", [id]);
  await db.query("delete from login_failures where email = $1", [p.email.toLowerCase()]);
  await db.query("delete from login_lockouts where email = $1", [p.email.toLowerCase()]);
  return { droppedMessages: dropped.length };
}

/**
 * A closed account's password hash, retired (docs/decisions/131): prefixed so that no password check reads it as a
 * hash (a sign-in and a current-password check find no password), kept only so that the right password alone may
 * learn that the account is closed; a wrong one gets the generic refusal.
 */
export const RETIRED_HASH_PREFIX = "closed:";

/**
 * When a sign-in email belongs to a closed account (and to no open one: the caller looks for that first), the
 * retired hash of its password, to check the password given against (null when none was kept: accounts closed before
 * 131, which then only ever get the generic refusal); undefined when the email is no closed account's.
 */
export async function closedAccountPasswordHash(db: Db, email: string): Promise<string | null | undefined> {
  const rows = await db.query<{ password_hash: string | null }>(
    "select password_hash from accounts where closed_email_sha256 = $1 order by closed_at desc limit 1",
    [emailDigest(email)],
  );
  if (!rows.length) return undefined;
  const stored = rows[0]!.password_hash;
  return stored?.startsWith(RETIRED_HASH_PREFIX) ? stored.slice(RETIRED_HASH_PREFIX.length) : null;
}

/** Whether the record's account is closed. */
export async function accountClosed(db: Db, medicalRecordId: number): Promise<boolean> {
  const rows = await db.query<{ closed: boolean }>("select closed_at is not null as closed from accounts where medical_record_id = $1", [
    medicalRecordId,
  ]);
  return rows[0]?.closed ?? false;
}

export type AccessRow = {
  occurredAt: Date;
  actor: "patient" | "anonymous" | "staff" | "system";
  action: string;
  clientAddress: string | null;
  userAgent: string | null;
};

/**
 * The audit entries of a record, newest first: who read or changed it, when and from where. A staff command's
 * operator (docs/decisions/126) is shown to the patient as staff, without the operating-system user and host.
 */
export async function recordAccessLog(db: Db, medicalRecordId: number): Promise<AccessRow[]> {
  const rows = await db.query<{
    occurred_at: Date;
    actor_kind: AccessRow["actor"];
    action: string;
    client_address: string | null;
    user_agent: string | null;
  }>(
    `select occurred_at, case actor_kind when 'operator' then 'staff' else actor_kind end as actor_kind, action, client_address, user_agent
       from audit_log
      where medical_record_id = $1 order by occurred_at desc, id desc`,
    [medicalRecordId],
  );
  return rows.map((r) => ({
    occurredAt: r.occurred_at,
    actor: r.actor_kind,
    action: r.action,
    clientAddress: r.client_address,
    userAgent: r.user_agent,
  }));
}

/** When each of the record's screenings was made (ISO 8601), by id. */
export async function screeningDates(db: Db, medicalRecordId: number): Promise<Map<number, string>> {
  const rows = await db.query<{ id: number; created_at: Date }>("select id, created_at from screenings where medical_record_id = $1", [
    medicalRecordId,
  ]);
  return new Map(rows.map((r) => [r.id, r.created_at.toISOString()]));
}

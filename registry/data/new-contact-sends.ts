import { createHash } from "node:crypto";
import type { Db } from "../db/types";

/**
 * docs/decisions/024: codes to contacts that are not the account's own, per account and kind of contact (email,
 * mobile): at most `max` different new contacts within `windowMs`. Sending again to a contact already counted in
 * the window is free here (the per-contact limit of ACC-027, 5 an hour, still applies).
 */
export const NEW_CONTACT_LIMIT = { max: 3, windowMs: 24 * 60 * 60 * 1000 } as const;

const hashOf = (type: number, target: string) => createHash("sha256").update(`new-contact\n${type}\n${target}`).digest("hex");

/**
 * Counts `target` as a new contact of the record when there is room (or when it is already counted in the window).
 * Answers whether the send may go ahead and, when not, how long until the oldest counted contact leaves the window.
 * Serialised per record across registry processes (advisory lock).
 */
export async function takeNewContact(
  db: Db,
  medicalRecordId: number,
  type: number,
  target: string,
  now: Date,
  limit: { max: number; windowMs: number } = NEW_CONTACT_LIMIT,
): Promise<{ allowed: boolean; retryAfterMs: number }> {
  const hash = hashOf(type, target);
  const windowStart = new Date(now.getTime() - limit.windowMs);
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(72246004, $1)", [medicalRecordId]);
    await tx.query("delete from new_contact_sends where first_sent_at <= $1", [windowStart]);
    const rows = await tx.query<{ target_hash: string; first_sent_at: Date }>(
      "select target_hash, first_sent_at from new_contact_sends where medical_record_id = $1 and confirmation_type = $2 order by first_sent_at",
      [medicalRecordId, type],
    );
    if (rows.some((r) => r.target_hash === hash)) return { allowed: true, retryAfterMs: 0 };
    if (rows.length >= limit.max) {
      const oldest = rows[0]!.first_sent_at.getTime();
      return { allowed: false, retryAfterMs: Math.max(1000, oldest + limit.windowMs - now.getTime()) };
    }
    await tx.query(
      "insert into new_contact_sends (medical_record_id, confirmation_type, target_hash, first_sent_at) values ($1, $2, $3, $4)",
      [medicalRecordId, type, hash, now],
    );
    return { allowed: true, retryAfterMs: 0 };
  });
}

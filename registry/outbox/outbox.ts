import type { OutboxEntry } from "../contract/schemas";
import type { Db } from "../db/types";

export type OutgoingMessage = { channel: "email" | "sms"; to: string; subject: string; text: string; html?: string };

/**
 * Queues a message (PLT-015). A worker sends 'pending' rows; with `hold` (demo mode, no provider) the message
 * stays in the outbox as 'held', to be read at the demo outbox. Answers the row id.
 */
export async function enqueueMessage(db: Db, message: OutgoingMessage, options: { hold: boolean; now?: Date } = { hold: false }): Promise<number> {
  const now = options.now ?? new Date();
  const rows = await db.query<{ id: number }>(
    `insert into outbox (channel, to_address, subject, text_body, html_body, created_at, status, next_attempt_at)
     values ($1, $2, $3, $4, $5, $6, $7, $6) returning id`,
    [message.channel, message.to, message.subject, message.text, message.html ?? null, now, options.hold ? "held" : "pending"],
  );
  return rows[0]!.id;
}

/** The outbox, newest first. */
export async function listOutbox(db: Db, limit = 200): Promise<OutboxEntry[]> {
  const rows = await db.query<{ channel: "email" | "sms"; to_address: string; subject: string; text_body: string; created_at: Date }>(
    `select channel, to_address, subject, text_body, created_at from outbox order by created_at desc, id desc limit $1`,
    [limit],
  );
  return rows.map((r) => ({ channel: r.channel, to: r.to_address, subject: r.subject, text: r.text_body, createdAt: r.created_at.toISOString() }));
}

/** A row claimed for sending. */
export type ClaimedMessage = OutgoingMessage & { id: number; attempts: number };

/**
 * Claims up to `limit` due 'pending' rows of the given channels with FOR UPDATE SKIP LOCKED, so several workers never
 * take the same row, and leases them until `leaseUntil` (the row is due again then if this worker dies mid-send).
 * The claim's transaction is short: sending happens outside it.
 */
export async function claimDue(db: Db, channels: string[], now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMessage[]> {
  if (channels.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await tx.query<{
      id: number;
      channel: "email" | "sms";
      to_address: string;
      subject: string;
      text_body: string;
      html_body: string | null;
      attempts: number;
    }>(
      `select id, channel, to_address, subject, text_body, html_body, attempts from outbox
        where status = 'pending' and next_attempt_at <= $1 and channel = any($2::text[])
        order by next_attempt_at, id limit $3
        for update skip locked`,
      [now, channels, limit],
    );
    if (rows.length === 0) return [];
    await tx.query("update outbox set next_attempt_at = $2 where id = any($1::bigint[])", [rows.map((r) => r.id), leaseUntil]);
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      to: r.to_address,
      subject: r.subject,
      text: r.text_body,
      attempts: r.attempts,
      ...(r.html_body !== null ? { html: r.html_body } : {}),
    }));
  });
}

/**
 * The bodies of a message that left (or was given up on): what a reset link, an invite link or a code was in. Kept
 * after sending they would be live bearer secrets in every backup (docs/decisions/084); the row keeps the recipient,
 * subject, channel, status and times. Held messages (demo mode, no provider) keep theirs: the demo outbox is their
 * delivery.
 */
const CLEARED_BODIES = "text_body = '', html_body = null";

export async function markSent(db: Db, id: number, now: Date): Promise<void> {
  await db.query(`update outbox set status = 'sent', sent_at = $2, attempts = attempts + 1, last_error = null, ${CLEARED_BODIES} where id = $1`, [
    id,
    now,
  ]);
}

/**
 * A failed try: counted, kept, and due again at `retryAt`, or 'failed' for good when `final` (its bodies cleared, as
 * a sent message's). `error` is a code, never a body.
 */
export async function markFailed(db: Db, id: number, error: string, retryAt: Date, final: boolean): Promise<void> {
  await db.query(
    `update outbox set attempts = attempts + 1, last_error = $2, next_attempt_at = $3, status = $4${final ? `, ${CLEARED_BODIES}` : ""} where id = $1`,
    [id, error.slice(0, 200), retryAt, final ? "failed" : "pending"],
  );
}

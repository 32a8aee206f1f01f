import type { OutboxEntry } from "../contract/schemas";
import type { Db } from "../db/types";

export type OutgoingMessage = { channel: "email" | "sms"; to: string; subject: string; text: string; html?: string };

/**
 * Queues a message (DECISIONS D9). A worker sends 'pending' rows; with `hold` (demo mode, no provider) the message
 * stays in the outbox as 'held', to be read at the demo outbox. Answers the row id.
 */
export async function enqueueMessage(
  db: Db,
  message: OutgoingMessage,
  options: { hold: boolean; now?: Date } = { hold: false },
): Promise<number> {
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

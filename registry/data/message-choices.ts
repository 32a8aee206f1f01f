import { DEFAULT_MESSAGE_CHOICES, isMessageKind, MESSAGE_KINDS, type MessageChoices } from "../contract/message-choices";
import type { Db } from "../db/types";

/** The patient's message choices (migration 0013, docs/decisions/109): the defaults for a kind without a row. */
export async function findMessageChoices(db: Db, medicalRecordId: number): Promise<MessageChoices> {
  const rows = await db.query<{ kind: string; by_email: boolean; by_text: boolean }>(
    "select kind, by_email, by_text from message_choices where medical_record_id = $1",
    [medicalRecordId],
  );
  const choices: MessageChoices = structuredClone(DEFAULT_MESSAGE_CHOICES);
  for (const r of rows) if (isMessageKind(r.kind)) choices[r.kind] = { email: r.by_email, text: r.by_text };
  return choices;
}

/** Stores every kind's choice (each with at least one channel: the table's check refuses none). */
export async function saveMessageChoices(db: Db, medicalRecordId: number, choices: MessageChoices, now: Date): Promise<void> {
  for (const kind of MESSAGE_KINDS) {
    await db.query(
      `insert into message_choices (medical_record_id, kind, by_email, by_text, updated_at) values ($1, $2, $3, $4, $5)
       on conflict (medical_record_id, kind) do update set by_email = excluded.by_email, by_text = excluded.by_text, updated_at = excluded.updated_at`,
      [medicalRecordId, kind, choices[kind].email, choices[kind].text, now],
    );
  }
}

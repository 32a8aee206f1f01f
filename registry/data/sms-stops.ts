import { textAddress } from "../contract/phone";
import type { Db } from "../db/types";

/** A number that replied STOP (docs/decisions/106): when, and with which keyword. */
export type SmsStop = { phone: string; stoppedAt: Date; keyword: string };

/** The stop of a number (E.164), or null when texts may go to it. */
export async function findSmsStop(db: Db, phone: string): Promise<SmsStop | null> {
  const rows = await db.query<{ phone: string; stopped_at: Date; keyword: string }>("select phone, stopped_at, keyword from sms_stops where phone = $1", [
    phone,
  ]);
  const r = rows[0];
  return r ? { phone: r.phone, stoppedAt: r.stopped_at, keyword: r.keyword } : null;
}

/**
 * Records a STOP (a second one keeps the first's time). Texts still waiting in the outbox for that number are given
 * up (status failed, `sms.stopped`, bodies cleared): after STOP nothing more leaves for it but the confirmation.
 */
export async function stopNumber(db: Db, phone: string, keyword: string, now: Date): Promise<void> {
  await db.query("insert into sms_stops (phone, stopped_at, keyword) values ($1, $2, $3) on conflict (phone) do nothing", [phone, now, keyword]);
  await db.query(
    `update outbox set status = 'failed', last_error = 'sms.stopped', text_body = '', html_body = null
      where channel = 'sms' and to_address = $1 and status = 'pending'`,
    [phone],
  );
}

/** Removes a number's stop (START). Answers whether it was stopped. */
export async function startNumber(db: Db, phone: string): Promise<boolean> {
  const rows = await db.query<{ phone: string }>("delete from sms_stops where phone = $1 returning phone", [phone]);
  return rows.length > 0;
}

/** The patients texted at a number (E.164): every record whose primary number's text address it is. */
export async function patientsTextedAt(db: Db, phone: string): Promise<{ id: number; preferredLanguage: number }[]> {
  const digits = phone.slice(1);
  // A US number is stored by its 10 digits, an international one in E.164 (docs/decisions/090); an older record may
  // hold 11 digits starting with 1. textAddress decides, as it does for every text sent.
  const keys = digits.startsWith("1") && digits.length === 11 ? [digits, digits.slice(1)] : [digits];
  const rows = await db.query<{ id: number; phone_number: string; preferred_language: number }>(
    "select id, phone_number, preferred_language from medical_records where phone_digits = any($1::text[]) order by id",
    [keys],
  );
  return rows.filter((r) => textAddress(r.phone_number) === phone).map((r) => ({ id: r.id, preferredLanguage: r.preferred_language }));
}

/**
 * Remembers an inbound request's signature; false when it was seen already (a replay within the time window).
 * Signatures older than `forgetBefore` are forgotten: the window refuses those requests by their timestamp.
 */
export async function firstSighting(db: Db, signature: string, now: Date, forgetBefore: Date): Promise<boolean> {
  await db.query("delete from sms_webhook_seen where seen_at < $1", [forgetBefore]);
  const rows = await db.query("insert into sms_webhook_seen (signature, seen_at) values ($1, $2) on conflict (signature) do nothing returning signature", [
    signature,
    now,
  ]);
  return rows.length > 0;
}

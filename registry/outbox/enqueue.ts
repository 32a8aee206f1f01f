import { isClosedEmail } from "../data/account-closure";
import { findSmsStop } from "../data/sms-stops";
import type { Db } from "../db/types";
import type { RegistrySettings } from "../settings";
import { enqueueMessage, type OutgoingMessage } from "./outbox";

/** Whether a channel has a provider; without one its messages are held in the outbox (PLT-015 demo mode). */
export function channelConfigured(settings: RegistrySettings, channel: OutgoingMessage["channel"]): boolean {
  return channel === "email" ? Boolean(settings.messaging.smtpUrl) : Boolean(settings.messaging.smsUrl);
}

/**
 * Queues a message to someone who is not (yet) a patient, e.g. an invite. The one place of the STOP rule
 * (docs/decisions/106, ACC-041): no text, code or notice, goes to a number that replied STOP. Answers the outbox
 * row id, or null when the message was not queued.
 */
export async function enqueue(db: Db, settings: RegistrySettings, message: OutgoingMessage, now: Date): Promise<number | null> {
  if (message.channel === "sms" && (await findSmsStop(db, message.to))) return null;
  // A closed account's record holds a reserved address no mail reaches (docs/decisions/107): nothing is queued to it.
  if (message.channel === "email" && isClosedEmail(message.to)) return null;
  return enqueueMessage(db, message, { hold: !channelConfigured(settings, message.channel), now });
}

/**
 * The one text that goes past the STOP rule: the answer to a keyword (the confirmation of STOP the carriers require,
 * START's, HELP's). Answers the outbox row id.
 */
export async function enqueueKeywordReply(db: Db, settings: RegistrySettings, message: OutgoingMessage, now: Date): Promise<number> {
  return enqueueMessage(db, message, { hold: !channelConfigured(settings, "sms"), now });
}

/**
 * Queues a message to a patient. The one place of the opt-out rule (PLT-016): an opted-out patient gets no
 * automated message; what the patient asked for (confirmation codes, password-reset links: `automated: false`)
 * is still sent, unless it is a text to a number that replied STOP (enqueue). Answers the outbox row id, or null
 * when the message was not queued.
 */
export async function enqueueForPatient(
  db: Db,
  settings: RegistrySettings,
  patient: { isOptedOut: boolean },
  message: OutgoingMessage,
  options: { automated: boolean; now: Date },
): Promise<number | null> {
  if (options.automated && patient.isOptedOut) return null;
  return enqueue(db, settings, message, options.now);
}

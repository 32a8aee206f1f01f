import type { Db } from "../db/types";
import type { RegistrySettings } from "../settings";
import { enqueueMessage, type OutgoingMessage } from "./outbox";

/** Whether a channel has a provider; without one its messages are held in the outbox (PLT-015 demo mode). */
export function channelConfigured(settings: RegistrySettings, channel: OutgoingMessage["channel"]): boolean {
  return channel === "email" ? Boolean(settings.messaging.smtpUrl) : Boolean(settings.messaging.smsUrl);
}

/** Queues a message to someone who is not (yet) a patient, e.g. an invite. Answers the outbox row id. */
export async function enqueue(db: Db, settings: RegistrySettings, message: OutgoingMessage, now: Date): Promise<number> {
  return enqueueMessage(db, message, { hold: !channelConfigured(settings, message.channel), now });
}

/**
 * Queues a message to a patient. The one place of the opt-out rule (PLT-016): an opted-out patient gets no
 * automated message; what the patient asked for (confirmation codes, password-reset links: `automated: false`)
 * is still sent. Answers the outbox row id, or null when the message was not queued.
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

import { deliveredBy, type MessageChannels, type MessageKind } from "../contract/message-choices";
import { textAddress } from "../contract/phone";
import { findAccount } from "../data/accounts";
import { findMessageChoices } from "../data/message-choices";
import { findRecipient } from "../data/medical-records";
import { findSmsStop } from "../data/sms-stops";
import type { Db } from "../db/types";
import { langOf, type MessageLang } from "../messages/index";
import type { RegistrySettings } from "../settings";
import { enqueueForPatient } from "./enqueue";
import type { OutgoingMessage } from "./outbox";

/** How a message of one kind is written for each channel: `to` is the email address or the E.164 number. */
export type ComposedMessage = {
  email: (lang: MessageLang, to: string) => OutgoingMessage;
  text: (lang: MessageLang, to: string) => OutgoingMessage;
};

/** Whether a text can reach the patient: a confirmed mobile number that did not reply STOP (docs/decisions/106, 128). */
async function canTextPatient(db: Db, medicalRecordId: number, textTo: string | null): Promise<boolean> {
  if (!textTo || !(await findAccount(db, medicalRecordId))?.isMobileVerified) return false;
  return !(await findSmsStop(db, textTo));
}

/**
 * By which channels a message of a kind reaches the patient now (deliveredBy: the choice, a text only where one can
 * reach the patient, else the email). Null without a patient record.
 */
export async function channelsFor(db: Db, medicalRecordId: number, kind: MessageKind): Promise<MessageChannels | null> {
  const patient = await findRecipient(db, { id: medicalRecordId });
  if (!patient) return null;
  const choice = (await findMessageChoices(db, medicalRecordId))[kind];
  return deliveredBy(choice, await canTextPatient(db, medicalRecordId, textAddress(patient.phoneNumber)));
}

/**
 * The one place that decides by which channels an automated message goes (docs/decisions/109, ACC-048): the
 * patient's choice for its kind (email, text or both; the defaults of contract/message-choices.ts without one). A
 * text goes only to a confirmed mobile number that did not reply STOP; when text was chosen and none can go, the
 * email goes instead, so an update is never lost (deliveredBy, docs/decisions/128). Then enqueueForPatient's rules: an
 * opted-out patient gets nothing (PLT-016). Codes and security notices do not come here: they go by the channel they
 * need. Answers how many messages were queued.
 */
export async function notifyPatient(
  db: Db,
  settings: RegistrySettings,
  medicalRecordId: number,
  kind: MessageKind,
  compose: ComposedMessage,
  now: Date,
): Promise<number> {
  const patient = await findRecipient(db, { id: medicalRecordId });
  if (!patient) return 0;
  const choice = (await findMessageChoices(db, medicalRecordId))[kind];
  const lang = langOf(patient.preferredLanguage);
  // The number the confirmation code went to (textAddress: E.164 of the stored number; docs/decisions/090).
  const textTo = textAddress(patient.phoneNumber);
  const by = deliveredBy(choice, await canTextPatient(db, medicalRecordId, textTo));
  const sent = { automated: true, now };
  let queued = 0;
  if (by.email && (await enqueueForPatient(db, settings, patient, compose.email(lang, patient.email), sent))) queued += 1;
  if (by.text && (await enqueueForPatient(db, settings, patient, compose.text(lang, textTo!), sent))) queued += 1;
  return queued;
}

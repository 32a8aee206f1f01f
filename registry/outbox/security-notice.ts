import { textAddress } from "../contract/phone";
import { findAccount } from "../data/accounts";
import { findRecipient } from "../data/medical-records";
import type { Db } from "../db/types";
import { passwordChangedEmail, passwordChangedText } from "../messages/compose";
import { langOf } from "../messages/index";
import type { RegistrySettings } from "../settings";
import { enqueueForPatient } from "./enqueue";

/**
 * The security notice after a password change or reset (ASVS 2.5.5, docs/decisions/088): an email to the account's
 * address and, once confirmed, a text to the mobile number, in the patient's language. Not an automated message, so an
 * opted-out patient gets it too (PLT-016 exempts security notices, as the contact-change notices of 025). Neither
 * carries a link or a secret. Call inside the transaction that changed the password. Answers how many were queued.
 */
export async function notifyPasswordChanged(
  db: Db,
  settings: RegistrySettings,
  medicalRecordId: number,
  how: "changed" | "reset",
  now: Date,
): Promise<number> {
  const patient = await findRecipient(db, { id: medicalRecordId });
  if (!patient) return 0;
  const lang = langOf(patient.preferredLanguage);
  const sent = { automated: false, now };
  let queued = 0;
  if (await enqueueForPatient(db, settings, patient, passwordChangedEmail(lang, patient.email, how), sent)) queued += 1;
  const textTo = textAddress(patient.phoneNumber);
  if (textTo && (await findAccount(db, medicalRecordId))?.isMobileVerified) {
    if (await enqueueForPatient(db, settings, patient, passwordChangedText(lang, textTo), sent)) queued += 1;
  }
  return queued;
}

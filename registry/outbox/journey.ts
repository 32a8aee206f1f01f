import { RegistrationStatus, Transfer } from "../contract/enums";
import { textAddress } from "../contract/phone";
import { choseOtherGoal } from "../contract/save-outcome";
import type { Screening } from "../contract/schemas";
import { findAccount } from "../data/accounts";
import { findRecipient } from "../data/medical-records";
import { findScreening } from "../data/screenings";
import type { Db } from "../db/types";
import { journeyEmail, journeyUpdateText, type JourneyEmail } from "../messages/compose";
import { langOf } from "../messages/index";
import type { RegistrySettings } from "../settings";
import { enqueueForPatient } from "./enqueue";

/**
 * Tells a patient about a step of the journey (docs/decisions/042): the email, in the patient's language, with the
 * dashboard link; with `text`, also a text message to the primary mobile number once it is confirmed. Both are
 * automated messages, so an opted-out patient gets neither (PLT-016). Answers how many were queued.
 */
export async function notifyJourney(
  db: Db,
  settings: RegistrySettings,
  medicalRecordId: number,
  which: JourneyEmail,
  options: { text: boolean; now: Date },
): Promise<number> {
  const patient = await findRecipient(db, { id: medicalRecordId });
  if (!patient) return 0;
  const lang = langOf(patient.preferredLanguage);
  const sent = { automated: true, now: options.now };
  let queued = 0;
  if (await enqueueForPatient(db, settings, patient, journeyEmail(lang, patient.email, which, `${settings.publicUrl}/landing`), sent)) queued += 1;
  // The number the confirmation code went to (textAddress: E.164 of the stored number, international ones included;
  // docs/decisions/090), never "+1" and the stored digits.
  const textTo = textAddress(patient.phoneNumber);
  if (options.text && textTo && (await findAccount(db, medicalRecordId))?.isMobileVerified) {
    if (await enqueueForPatient(db, settings, patient, journeyUpdateText(lang, textTo), sent)) queued += 1;
  }
  return queued;
}

/**
 * What the email after a saved screening says (the outcome messages of SCR-013 and DSH-010, docs/decisions/042 and
 * 095), what the Complete page and the dashboard say: the immune-tolerance review, the referral after the lab tests,
 * staying with a non-member center (Change Center to transfer), the center selection next, a goal of the patient's
 * own (Other), or that the registration cannot continue (no donor, exploring the options).
 */
export function screeningOutcome(
  s: Pick<Screening, "status" | "isCleared" | "preferredCenterId" | "preferredCenter" | "willingToTransfer" | "donorStatus" | "primaryGoal">,
): JourneyEmail {
  if (s.status === RegistrationStatus.IfPassCandidate) return { kind: "screening", outcome: "ifCandidate" };
  if ((s.status === RegistrationStatus.CompleteLabTests || s.status === RegistrationStatus.SentToCenter) && s.preferredCenterId > 0)
    return { kind: "screening", outcome: "referred", center: s.preferredCenter };
  if (s.status === RegistrationStatus.SelectCenter && s.preferredCenterId > 0 && s.willingToTransfer === Transfer.No)
    return { kind: "screening", outcome: "staysNonMember", center: s.preferredCenter };
  if (s.status === RegistrationStatus.SelectCenter && s.isCleared) return { kind: "screening", outcome: "selectCenter" };
  if (!s.isCleared && choseOtherGoal(s)) return { kind: "screening", outcome: "otherGoal" };
  return { kind: "screening", outcome: "notContinuing" };
}

/** The email after a screening is saved (created or saved again), from what the registry stored. */
export async function notifyScreeningSaved(
  db: Db,
  settings: RegistrySettings,
  screeningId: number,
  medicalRecordId: number,
  now: Date,
): Promise<void> {
  const screening = await findScreening(db, screeningId);
  if (screening) await notifyJourney(db, settings, medicalRecordId, screeningOutcome(screening), { text: false, now });
}

import { RegistrationStatus, Transfer } from "../contract/enums";
import { choseOtherGoal } from "../contract/save-outcome";
import type { Screening } from "../contract/schemas";
import { findScreening } from "../data/screenings";
import type { Db } from "../db/types";
import { journeyEmail, journeyText, type JourneyEmail } from "../messages/compose";
import type { RegistrySettings } from "../settings";
import { channelsFor, notifyPatient } from "./channels";

/** The decisions of a center or the program's staff (docs/decisions/042: the patient is not at the screen then). */
const DECISIONS: ReadonlySet<JourneyEmail["kind"]> = new Set([
  "referralApproved",
  "referralCompleted",
  "referralDeclined",
  "referralCancelledByCenter",
  "preWorkupLabs",
  "programCompleted",
]);

/** Whether the email of a step announces the lab order's news to come. */
const promisesLabNews = (which: JourneyEmail) =>
  (which.kind === "screening" && which.outcome === "referred") || (which.kind === "centerSelected" && which.labs);

/**
 * Tells a patient about a step of the journey (docs/decisions/042): the email, in the patient's language, with the
 * dashboard link, and the text that says what happened without medical detail (docs/decisions/128), by the channels the patient chose for the kind (the
 * patient's own steps, or a center's or the program's decisions; docs/decisions/109). Automated messages, so an
 * opted-out patient gets neither (PLT-016). Answers how many were queued.
 */
export async function notifyJourney(
  db: Db,
  settings: RegistrySettings,
  medicalRecordId: number,
  which: JourneyEmail,
  options: { now: Date },
): Promise<number> {
  // An email that announces the lab order's news says by which channel it comes (docs/decisions/128).
  const labs = promisesLabNews(which) ? await channelsFor(db, medicalRecordId, "labs") : null;
  const labsByText = Boolean(labs && !labs.email);
  return notifyPatient(
    db,
    settings,
    medicalRecordId,
    DECISIONS.has(which.kind) ? "decisions" : "steps",
    {
      email: (lang, to) => journeyEmail(lang, to, which, `${settings.publicUrl}/landing`, { labsByText }),
      text: (lang, to) => journeyText(lang, to, which.kind),
    },
    options.now,
  );
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
  if (screening) await notifyJourney(db, settings, medicalRecordId, screeningOutcome(screening), { now });
}

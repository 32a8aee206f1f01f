import { ReferralStatus } from "../../registry/contract/enums";
import { usStates } from "../../registry/contract/us-states";
import { usStateKey } from "./us-state-names";
import type { TextKey } from "~/texts/texts";

/**
 * Locale keys for the registry's enum values and contract data that a patient sees (decision 038): the registry sends
 * English display text (centerReferral.status, usStatesList.description); the portal shows its own words in the
 * patient's language instead.
 */
const REFERRAL_STATUS_KEYS: Readonly<Record<number, TextKey>> = {
  [ReferralStatus.PendingCenter]: "landing.card.referralStatusName.pendingCenter",
  [ReferralStatus.CenterApproved]: "landing.card.referralStatusName.centerApproved",
  [ReferralStatus.CancelledByPatient]: "landing.card.referralStatusName.cancelledByPatient",
  [ReferralStatus.CompletedByCenter]: "landing.card.referralStatusName.completedByCenter",
  [ReferralStatus.DeclinedByCenter]: "landing.card.referralStatusName.declinedByCenter",
  [ReferralStatus.CancelledByCenter]: "landing.card.referralStatusName.cancelledByCenter",
};

/** The key of a referral status; null for a status the portal does not know (then the registry's text is shown). */
export function referralStatusKey(statusId: number): TextKey | null {
  return REFERRAL_STATUS_KEYS[statusId] ?? null;
}

/**
 * Every key above and every state's (us-state-names.ts), for the test that both languages have them. A function,
 * not a constant: a top-level list made from the states would bring their table into every page that shows a
 * referral status (decision 139).
 */
export function displayNameKeys(): readonly string[] {
  return [
    ...Object.values(ReferralStatus).map((id) => REFERRAL_STATUS_KEYS[id] ?? `missing referral status ${id}`),
    ...usStates.map((s) => usStateKey(s.abbreviation)),
  ];
}

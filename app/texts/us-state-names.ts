import type { UsStateAbbreviation } from "../../registry/contract/us-states";
import type { TextKey } from "~/texts/texts";

/**
 * The key of a US state or territory's name, by its abbreviation (registry/contract/us-states.ts; decision 038: the
 * registry sends English names, the portal shows its own words). A module of its own: the registration form needs
 * only this, not display-names.ts's referral statuses and their texts.
 */
export function usStateKey(abbreviation: UsStateAbbreviation): TextKey {
  return `usStates.${abbreviation}`;
}

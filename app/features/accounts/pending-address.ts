import { Country } from "../../../registry/contract/enums";
import { findUsState } from "../../../registry/contract/us-states";
import { usStateKey } from "~/texts/us-state-names";
import { PENDING_ADDRESS_MS, type PendingAddress, type RecommendedAddress } from "~/platform/session-keys";
import type { TextKey } from "~/texts/texts";

/** A form waiting in the Confirm Address dialog, for at most 15 minutes (docs/decisions/005). */
export function pendingAddress(values: Record<string, string>, recommended: RecommendedAddress | null, now: number): PendingAddress {
  return { values, recommended, expiresAt: now + PENDING_ADDRESS_MS };
}

export function isLive<T extends PendingAddress>(pending: T | undefined, now: number): pending is T {
  return !!pending && typeof pending.expiresAt === "number" && pending.expiresAt > now && !!pending.values;
}

/** The recommended address written into the form's fields; the state may come as an id or an abbreviation. */
export function withRecommended(values: Record<string, string>, recommended: RecommendedAddress): Record<string, string> {
  const state = findUsState(recommended.state);
  return {
    ...values,
    addressLine1: recommended.address1,
    addressLine2: recommended.address2,
    city: recommended.city,
    usState: state ? String(state.id) : (values.usState ?? "0"),
    province: "",
    country: String(Country.UnitedStates),
    postalCode: recommended.zip5,
  };
}

/** `stateKey`: the locale key of a US state's name (shown instead of `state` in the patient's language; decision 038). */
export type AddressLines = { street: string; city: string; state: string; stateKey: TextKey | null; postalCode: string };

/** The address as the dialog shows it: the state as its description from the US-states list (ACC-007). */
function stateKeyOf(idOrAbbreviation: string): TextKey | null {
  const state = findUsState(idOrAbbreviation);
  return state ? usStateKey(state.abbreviation) : null;
}

export function recommendedLines(r: RecommendedAddress): AddressLines {
  return {
    street: [r.address1, r.address2].filter(Boolean).join(", "),
    city: r.city,
    state: findUsState(r.state)?.description ?? r.state,
    stateKey: stateKeyOf(r.state),
    postalCode: r.zip5,
  };
}

export function submittedLines(values: Record<string, string>): AddressLines {
  const isUs = values.country === String(Country.UnitedStates);
  return {
    street: [values.addressLine1, values.addressLine2].filter(Boolean).join(", "),
    city: values.city ?? "",
    state: isUs ? (findUsState(values.usState ?? "")?.description ?? "") : (values.province ?? ""),
    stateKey: isUs ? stateKeyOf(values.usState ?? "") : null,
    postalCode: values.postalCode ?? "",
  };
}

/**
 * What the Confirm Address dialog shows: the registry's recommendation, if it has one, and the address as typed.
 * `otherState`: the recommendation is in another state than the one chosen. It then comes from the ZIP code alone
 * (a mistyped ZIP code of another state gives that state's city), so the dialog says so and does not put it forward
 * as the better address (ACC-007; docs/decisions/104).
 */
export type AddressChoice = { recommended: AddressLines | null; submitted: AddressLines; otherState: boolean };

export function addressChoice(pending: PendingAddress): AddressChoice {
  const recommended = pending.recommended ? recommendedLines(pending.recommended) : null;
  const submitted = submittedLines(pending.values);
  const otherState = !!recommended && submitted.state !== "" && recommended.state !== submitted.state;
  return { recommended, submitted, otherState };
}

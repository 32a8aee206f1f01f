import { createRequire } from "node:module";

/** One US ZIP code of the bundled data (the `zipcodes` package): its main place, state and centroid. */
export type ZipEntry = { zip: string; city: string; state: string; latitude: number; longitude: number };

type ZipcodesModule = { lookup(zip: string): ZipEntry | undefined };
let data: ZipcodesModule | undefined;

/** The bundled data (about 5 MB), loaded on first use and kept. */
function zipcodes(): ZipcodesModule {
  data ??= createRequire(import.meta.url)("zipcodes") as ZipcodesModule;
  return data;
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
  const entry = zipcodes().lookup(zip);
  if (!entry || entry.zip !== zip) return null;
  return { zip: entry.zip, city: entry.city, state: entry.state, latitude: entry.latitude, longitude: entry.longitude };
}

/** The centroid of a US postal code (D7 distances), or null when unknown. */
export function zipLocation(postalCode: string): { latitude: number; longitude: number } | null {
  const entry = lookupZip(postalCode);
  return entry ? { latitude: entry.latitude, longitude: entry.longitude } : null;
}

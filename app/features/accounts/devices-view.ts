import type { DevicePlace, PlaceNames } from "../../../registry/contract/devices";
import { browserWords, type BrowserWords } from "./user-agent";

/**
 * One row of /profile/devices (docs/decisions/109, ACC-049): words, not a User-Agent header; the place by address in
 * the page's language when the registry names one (docs/decisions/116).
 */
export type DeviceRow = {
  id: string;
  browser: BrowserWords;
  address: string | null;
  place: string | null;
  lastUsed: string;
  lastUsedIso: string;
  current: boolean;
};

const LOCALES: Record<string, string> = { en: "en-US", es: "es-US" };

/**
 * A moment as the patient reads it in `lang`: the date with the month by name, and the time, in UTC, said so
 * ("March 10, 2025 at 3:00 PM UTC"). Made on the server, so the page reads the same after hydration.
 */
export function deviceTime(iso: string, lang: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return new Intl.DateTimeFormat(LOCALES[lang] ?? LOCALES.en, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(at);
}

/**
 * A place in `lang` ("Sevilla, Andalucía, España"): city, region and country as the database names them in that
 * language, else in English; a part with neither is left out, and a name the same as the one before it (a city
 * state: "Madrid, Madrid") said once. Null when nothing is left.
 */
export function placeWords(place: DevicePlace | undefined, lang: string): string | null {
  if (!place) return null;
  const name = (names: PlaceNames | undefined) => (names ? (names[lang as keyof PlaceNames] ?? names.en) : undefined);
  const parts: string[] = [];
  for (const part of [name(place.city), name(place.region), name(place.country)]) {
    if (part && part !== parts[parts.length - 1]) parts.push(part);
  }
  return parts.length ? parts.join(", ") : null;
}

export function deviceRows(
  devices: ReadonlyArray<{
    id: string;
    userAgent: string | null;
    address: string | null;
    place?: DevicePlace;
    lastUsedAt: string;
    current: boolean;
  }>,
  lang: string,
): DeviceRow[] {
  return devices.map((d) => ({
    id: d.id,
    browser: browserWords(d.userAgent),
    address: d.address,
    place: placeWords(d.place, lang),
    lastUsed: deviceTime(d.lastUsedAt, lang),
    lastUsedIso: d.lastUsedAt,
    current: d.current,
  }));
}

import { browserWords, type BrowserWords } from "./user-agent";

/** One row of /profile/devices (docs/decisions/109, ACC-049): words, not a User-Agent header. */
export type DeviceRow = { id: string; browser: BrowserWords; address: string | null; lastUsed: string; lastUsedIso: string; current: boolean };

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

export function deviceRows(
  devices: ReadonlyArray<{ id: string; userAgent: string | null; address: string | null; lastUsedAt: string; current: boolean }>,
  lang: string,
): DeviceRow[] {
  return devices.map((d) => ({
    id: d.id,
    browser: browserWords(d.userAgent),
    address: d.address,
    lastUsed: deviceTime(d.lastUsedAt, lang),
    lastUsedIso: d.lastUsedAt,
    current: d.current,
  }));
}

import { readRegistryDate } from "./registry-dates";

/**
 * The one way a date is written for a patient to read, on pages, in emails and in PDFs (DSH-014;
 * docs/decisions/093): the day, the month by name and the year, in the page's language, so that no reader has to
 * guess which number is the month ("12/04/1961" is April 12 to a US reader and December 4 to a Spanish one).
 * English "April 12, 1961", Spanish "12 de abril de 1961". Dates are days in UTC, as the registry keeps them.
 *
 * Dates a patient types keep the input's own format (YYYY-MM-DD and its hint); the registry's answers keep the
 * spec's MM/DD/YYYY (registry/domain/dates.ts): this module is only for text a person reads.
 *
 * A plain module (no zod): the portal's browser code formats with it too (the same words on the server and after
 * hydration, with the month as a word).
 */

/**
 * The month names and the order of the words, as CLDR writes a long date in en-US and es-US (patient-dates.test.ts
 * checks every month against `Intl.DateTimeFormat` with `month: "long"`). Written out rather than asked of Intl:
 * making a DateTimeFormat loads the language's calendar data, 85 ms before a slow phone's dashboard was usable;
 * and the server's ICU and an old browser's could word a date differently, which would break hydration.
 */
const LONG_DATES: Record<string, { months: readonly string[]; write: (day: number, month: string, year: number) => string }> = {
  en: {
    months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    write: (day, month, year) => `${month} ${day}, ${year}`,
  },
  es: {
    months: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
    write: (day, month, year) => `${day} de ${month} de ${year}`,
  },
};

function writeLong(at: Date, lang: string): string {
  const long = LONG_DATES[lang] ?? LONG_DATES.en!;
  const year = at.getUTCFullYear();
  // Years before 1 CE as CLDR numbers them without an era (1 BCE is "1"); the registry never holds one.
  return long.write(at.getUTCDate(), long.months[at.getUTCMonth()]!, year > 0 ? year : 1 - year);
}

/**
 * A date as a patient reads it in `lang` ("en" or "es"; any other language reads English). Accepts a Date or the
 * registry's date texts (YYYY-MM-DD, an ISO date-time, MM/DD/YYYY): text that is not a date is given back as it is,
 * an invalid Date is "".
 */
export function patientDate(date: Date | string, lang: string): string {
  const at = typeof date === "string" ? readRegistryDate(date)?.at : date;
  if (!at || Number.isNaN(at.getTime())) return typeof date === "string" ? date : "";
  return writeLong(at, lang);
}

/**
 * A date in the numeric form the specification gives for referral dates and the prior-year window (DSH-014, CEN-002;
 * docs/decisions/129): MM/DD/YYYY in English, DD/MM/AAAA in Spanish (day first, as a Spanish reader reads it), two
 * digits for the day and the month, the day in UTC. Same input as `patientDate`: text that is not a date is given
 * back as it is, an invalid Date is "".
 */
export function numericDate(date: Date | string, lang: string): string {
  const at = typeof date === "string" ? readRegistryDate(date)?.at : date;
  if (!at || Number.isNaN(at.getTime())) return typeof date === "string" ? date : "";
  const dd = String(at.getUTCDate()).padStart(2, "0");
  const mm = String(at.getUTCMonth() + 1).padStart(2, "0");
  const yyyy = String(at.getUTCFullYear()).padStart(4, "0");
  return lang === "es" ? `${dd}/${mm}/${yyyy}` : `${mm}/${dd}/${yyyy}`;
}

/** The day of a date as YYYY-MM-DD (UTC), for a `<time dateTime>` beside the words; "" for text that is not a date. */
export function isoDay(date: Date | string): string {
  const at = typeof date === "string" ? readRegistryDate(date)?.at : date;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString().slice(0, 10) : "";
}

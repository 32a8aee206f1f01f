/**
 * Reading the dates the registry sends (DSH-014, ACC-011): ISO strings ("2026-01-02", "2026-01-02T10:30:00Z") and
 * the spec's US forms "MM/DD/YYYY" and "MM/DD/YYYY hh:mm". A value without a time zone is read as UTC, as the
 * registry writes them (registry/domain/dates.ts). Empty or invalid text is no valid date (null).
 */

const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

export type RegistryDate = { at: Date; dateOnly: boolean };

function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): Date | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms));
  // Reject dates that roll over (02/30 -> 03/02).
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d) return null;
  return at;
}

export function readRegistryDate(text: string | null | undefined): RegistryDate | null {
  const t = (text ?? "").trim();
  if (!t) return null;
  let m = US.exec(t);
  if (m) {
    const at = utc(+m[3]!, +m[1]!, +m[2]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
    return at ? { at, dateOnly: m[4] === undefined } : null;
  }
  m = ISO_DATE.exec(t);
  if (m) {
    const at = utc(+m[1]!, +m[2]!, +m[3]!);
    return at ? { at, dateOnly: true } : null;
  }
  m = ISO_DATE_TIME.exec(t);
  if (m) {
    const ms = m[7] ? Math.floor(+`0.${m[7]}` * 1000) : 0;
    const at = utc(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0), ms);
    if (!at) return null;
    const zone = m[8];
    if (zone && zone !== "Z") {
      const sign = zone.startsWith("-") ? -1 : 1;
      const digits = zone.slice(1).replace(":", "");
      const offsetMinutes = sign * (+digits.slice(0, 2) * 60 + +digits.slice(2, 4));
      return { at: new Date(at.getTime() - offsetMinutes * 60_000), dateOnly: false };
    }
    return { at, dateOnly: false };
  }
  return null;
}

/** The instant of a registry date, or null. */
export function parseRegistryDate(text: string | null | undefined): Date | null {
  return readRegistryDate(text)?.at ?? null;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The last instant a date is valid on: the end of its day for a date without a time, else the instant itself. */
export function endOf(d: RegistryDate): number {
  return d.dateOnly ? d.at.getTime() + DAY_MS - 1 : d.at.getTime();
}

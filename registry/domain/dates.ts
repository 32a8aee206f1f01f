const pad = (n: number) => String(n).padStart(2, "0");

/** MM/DD/YYYY in UTC, the spec's format for registration and referral dates (DSH-014). */
export function usDate(d: Date): string {
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

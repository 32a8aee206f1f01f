/**
 * Pounds as typed: digits with an optional decimal point (or comma); anything else is not a number. Its own module
 * (no registry contract import) so the review table can format a weight without bringing zod into the browser.
 */
export function parseWeight(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,4}([.,]\d{1,3})?$/.test(t)) return null;
  return Number(t.replace(",", "."));
}

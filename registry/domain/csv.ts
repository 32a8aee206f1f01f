/**
 * CSV for spreadsheets (RFC 4180: comma-separated, CRLF line ends, every cell quoted, a quote doubled). A cell that a
 * spreadsheet would run as a formula (it begins with = + - @, a tab or a carriage return; OWASP "CSV injection") is
 * prefixed with an apostrophe, so it is shown as text and never run.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: null and undefined are empty. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One line of cells, with its CRLF. */
export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

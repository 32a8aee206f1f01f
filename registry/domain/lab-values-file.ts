import { parseCsv } from "./center-import";

/**
 * The file of `record-lab-values <requisition> <file.csv|file.json>` (docs/decisions/044), read into the raw list
 * that checkLabValues checks. Pure.
 *
 * CSV: a header line, then one value per line. Columns (any case; spaces, hyphens and underscores ignored):
 * name (or test), value (or result), unit (or units), reference range (or range), flag; name and value are needed,
 * an unknown column is an error (a typo must not drop data silently).
 * JSON: an array of { name, value, unit, referenceRange, flag }, or { "values": [...] }.
 */

export type LabValuesFile = { ok: true; rows: unknown[]; where: string[] } | { ok: false; error: string };

const COLUMNS: Record<string, string> = {
  name: "name",
  test: "name",
  testname: "name",
  value: "value",
  result: "value",
  unit: "unit",
  units: "unit",
  referencerange: "referenceRange",
  range: "referenceRange",
  refrange: "referenceRange",
  flag: "flag",
};

const canonical = (header: string) => COLUMNS[header.toLowerCase().replace(/[\s_-]+/g, "")];

export function parseLabValuesCsv(text: string): LabValuesFile {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  const [header, ...rows] = records;
  if (!header)
    return {
      ok: false,
      error: "the file is empty: it needs a header line (name,value,unit,reference range,flag) and one line per value",
    };
  const columns = header.fields.map((f) => canonical(f.trim()));
  const unknown = header.fields.filter((_, i) => !columns[i]);
  if (unknown.length)
    return {
      ok: false,
      error: `line ${header.line}: unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `"${u}"`).join(", ")}`,
    };
  const repeated = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (repeated.length)
    return {
      ok: false,
      error: `line ${header.line}: the header repeats the column ${repeated[0]}`,
    };
  for (const needed of ["name", "value"]) {
    if (!columns.includes(needed))
      return {
        ok: false,
        error: `line ${header.line}: the header lacks the column ${needed}`,
      };
  }
  const tooLong = rows.find((r) => r.fields.length > columns.length);
  if (tooLong)
    return {
      ok: false,
      error: `line ${tooLong.line}: more values than the header has columns`,
    };
  return {
    ok: true,
    rows: rows.map((r) => Object.fromEntries(columns.map((c, j) => [c!, r.fields[j] ?? ""]))),
    where: rows.map((r) => `line ${r.line}`),
  };
}

export function parseLabValuesJson(text: string): LabValuesFile {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return {
      ok: false,
      error: `the file is not valid JSON: ${(error as Error).message}`,
    };
  }
  if (data && typeof data === "object" && !Array.isArray(data) && "values" in data) data = (data as { values: unknown }).values;
  if (!Array.isArray(data))
    return {
      ok: false,
      error: 'the JSON must be an array of values (or { "values": [...] })',
    };
  return { ok: true, rows: data, where: data.map((_, i) => `value ${i + 1}`) };
}

/** By the file name's extension. */
export function parseLabValuesFile(fileName: string, text: string): LabValuesFile {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".csv")) return parseLabValuesCsv(text);
  if (lower.endsWith(".json")) return parseLabValuesJson(text);
  return {
    ok: false,
    error: `${fileName}: the file must end in .csv or .json`,
  };
}

import { findUsState } from "../contract/us-states";
import type { CenterRecord } from "../data/centers";
import { lookupZip, zip5Of } from "./zip-data";

/**
 * Reading a real list of transplant centers (CEN-012, `import-centers <file.csv|file.json>`): every row is
 * checked and every problem is reported with its row, so a list is imported whole or not at all.
 *
 * Columns (CSV header names, or JSON property names, case-insensitive) are the fields of CEN-012, CEN-013 plus the place:
 *   centerId (whole number > 0, the key: an existing center with this id is updated), centerName, stateAbbr,
 *   postalCode (US ZIP code), city (optional: the ZIP code's city), latitude and longitude (optional, both or
 *   neither: the ZIP code's centroid), the flags isKidneyForLifeParticipant, isMicrositeCenterOfExcellence,
 *   isMicrositeParticipant, isMemberCenter, isRecipientShieldParticipant, performsNonSteroidProtocol,
 *   hasVoucherProgram (true/false, yes/no, y/n, 1/0), the counts nkrTransplantsLast12Months and
 *   yearRangeLdNkrFacilitated (whole numbers >= 0), lowEpletTransplantsLast12Months and
 *   allLivingDonorTransplantsPriorYear (the same, or empty/null when unknown), nkrPercentLdTransplants
 *   (0-100), yearRangeLastDate (YYYY-MM-DD or MM/DD/YYYY).
 * Other columns are ignored (and named in the warnings). A JSON file is an array of objects (or { centers: [...] }).
 */
export type CenterImport = { centers: CenterRecord[]; errors: string[]; warnings: string[] };

type Kind = "id" | "name" | "city" | "state" | "zip" | "coordinate" | "flag" | "count" | "countOrNull" | "percent" | "date";
const FIELDS = {
  centerId: "id",
  centerName: "name",
  city: "city",
  stateAbbr: "state",
  postalCode: "zip",
  latitude: "coordinate",
  longitude: "coordinate",
  isKidneyForLifeParticipant: "flag",
  isMicrositeCenterOfExcellence: "flag",
  isMicrositeParticipant: "flag",
  isMemberCenter: "flag",
  isRecipientShieldParticipant: "flag",
  performsNonSteroidProtocol: "flag",
  hasVoucherProgram: "flag",
  lowEpletTransplantsLast12Months: "countOrNull",
  nkrTransplantsLast12Months: "count",
  yearRangeLdNkrFacilitated: "count",
  allLivingDonorTransplantsPriorYear: "countOrNull",
  nkrPercentLdTransplants: "percent",
  yearRangeLastDate: "date",
} as const satisfies Partial<Record<keyof CenterRecord, Kind>>;
type Field = keyof typeof FIELDS;
const FIELD_NAMES = Object.keys(FIELDS) as Field[];
/** Columns a CSV header must have (the others may be left out). */
const OPTIONAL: ReadonlySet<Field> = new Set<Field>(["city", "latitude", "longitude"]);

const MAX_INT = 2_147_483_647;

/** Reads a CSV or JSON list of centers (by the file name's extension). */
export function parseCentersFile(fileName: string, text: string): CenterImport {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".csv")) return parseCentersCsv(text);
  if (lower.endsWith(".json")) return parseCentersJson(text);
  return { centers: [], errors: [`${fileName}: the file must end in .csv or .json`], warnings: [] };
}

export function parseCentersCsv(text: string): CenterImport {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (error) {
    return { centers: [], errors: [(error as Error).message], warnings: [] };
  }
  const [header, ...rows] = records;
  if (!header) return { centers: [], errors: ["the file is empty: it needs a header line and one row per center"], warnings: [] };
  const columns = header.fields.map((name) => canonicalField(name));
  const warnings = header.fields.filter((_, i) => !columns[i]).map((name) => `column "${name}" is not a center field and is ignored`);
  const errors: string[] = [];
  const missing = FIELD_NAMES.filter((f) => !OPTIONAL.has(f) && !columns.includes(f));
  if (missing.length) errors.push(`line ${header.line}: the header lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  const repeated = columns.filter((c, i): c is Field => c !== undefined && columns.indexOf(c) !== i);
  if (repeated.length) errors.push(`line ${header.line}: the header repeats the column${repeated.length > 1 ? "s" : ""} ${repeated.join(", ")}`);
  if (errors.length) return { centers: [], errors, warnings };
  return checkRows(
    rows.map((r, i) => {
      const values: Partial<Record<Field, unknown>> = {};
      columns.forEach((c, j) => {
        if (c) values[c] = r.fields[j] ?? "";
      });
      const problems = r.fields.length > header.fields.length ? ["has more values than the header has columns"] : [];
      return { values, where: `row ${i + 1} (line ${r.line})`, problems };
    }),
    warnings,
  );
}

export function parseCentersJson(text: string): CenterImport {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { centers: [], errors: [`the file is not valid JSON: ${(error as Error).message}`], warnings: [] };
  }
  if (data && typeof data === "object" && !Array.isArray(data) && Array.isArray((data as { centers?: unknown }).centers)) {
    data = (data as { centers: unknown[] }).centers;
  }
  if (!Array.isArray(data)) return { centers: [], errors: ['the JSON must be an array of centers (or { "centers": [...] })'], warnings: [] };
  const ignored = new Set<string>();
  const rows = data.map((item, i) => {
    const where = `row ${i + 1}`;
    if (!item || typeof item !== "object" || Array.isArray(item)) return { values: {}, where, problems: ["is not an object"] };
    const values: Partial<Record<Field, unknown>> = {};
    for (const [key, value] of Object.entries(item as Record<string, unknown>)) {
      const field = canonicalField(key);
      if (field) values[field] = value;
      else ignored.add(key);
    }
    return { values, where, problems: [] as string[] };
  });
  return checkRows(
    rows,
    [...ignored].map((k) => `property "${k}" is not a center field and is ignored`),
  );
}

function canonicalField(name: string): Field | undefined {
  const key = name.trim().toLowerCase();
  return FIELD_NAMES.find((f) => f.toLowerCase() === key);
}

function checkRows(rows: { values: Partial<Record<Field, unknown>>; where: string; problems: string[] }[], warnings: string[]): CenterImport {
  const errors: string[] = [];
  const centers: CenterRecord[] = [];
  const seen = new Map<number, string>();
  if (rows.length === 0) errors.push("the file has no centers");
  for (const row of rows) {
    const problems = [...row.problems];
    const center = checkRow(row.values, problems);
    if (center) {
      const earlier = seen.get(center.centerId);
      if (earlier) problems.push(`centerId ${center.centerId} is already used by ${earlier}`);
      else seen.set(center.centerId, row.where);
    }
    if (problems.length) errors.push(...problems.map((p) => `${row.where}: ${p}`));
    else if (center) centers.push(center);
  }
  return errors.length ? { centers: [], errors, warnings } : { centers, errors, warnings };
}

/** One row: a center, or null with the problems added (each naming its field). */
function checkRow(values: Partial<Record<Field, unknown>>, problems: string[]): CenterRecord | null {
  const out: Partial<Record<Field, unknown>> = {};
  for (const field of FIELD_NAMES) {
    const result = readValue(FIELDS[field], values[field]);
    if ("problem" in result) {
      if (result.problem === "missing" && OPTIONAL.has(field)) continue;
      problems.push(result.problem === "missing" ? `${field} is required` : `${field}: ${show(values[field])} ${result.problem}`);
    } else out[field] = result.value;
  }
  if (problems.length) return null;

  const postalCode = out.postalCode as string;
  const stateAbbr = out.stateAbbr as string;
  const zip = lookupZip(postalCode);
  if (zip && zip.state !== stateAbbr) problems.push(`postalCode ${postalCode} is in ${zip.state}, not ${stateAbbr}`);
  const hasLat = out.latitude !== undefined;
  const hasLng = out.longitude !== undefined;
  if (hasLat !== hasLng) problems.push("latitude and longitude go together: give both or neither");
  if (!hasLat && !hasLng && !zip) problems.push(`postalCode ${postalCode} is not a known US ZIP code: give latitude and longitude`);
  if ((out.latitude as number | undefined) !== undefined && Math.abs(out.latitude as number) > 90)
    problems.push("latitude must be between -90 and 90");
  if ((out.longitude as number | undefined) !== undefined && Math.abs(out.longitude as number) > 180)
    problems.push("longitude must be between -180 and 180");
  if (out.isMicrositeCenterOfExcellence === true && out.isMicrositeParticipant !== true) {
    problems.push("isMicrositeCenterOfExcellence needs isMicrositeParticipant");
  }
  if (problems.length) return null;

  return {
    centerId: out.centerId as number,
    centerName: out.centerName as string,
    city: (out.city as string | undefined) || zip?.city || "",
    stateAbbr,
    postalCode,
    latitude: (out.latitude as number | undefined) ?? zip!.latitude,
    longitude: (out.longitude as number | undefined) ?? zip!.longitude,
    isKidneyForLifeParticipant: out.isKidneyForLifeParticipant as boolean,
    isMicrositeCenterOfExcellence: out.isMicrositeCenterOfExcellence as boolean,
    isMicrositeParticipant: out.isMicrositeParticipant as boolean,
    isMemberCenter: out.isMemberCenter as boolean,
    isRecipientShieldParticipant: out.isRecipientShieldParticipant as boolean,
    performsNonSteroidProtocol: out.performsNonSteroidProtocol as boolean,
    hasVoucherProgram: out.hasVoucherProgram as boolean,
    lowEpletTransplantsLast12Months: out.lowEpletTransplantsLast12Months as number | null,
    nkrTransplantsLast12Months: out.nkrTransplantsLast12Months as number,
    yearRangeLdNkrFacilitated: out.yearRangeLdNkrFacilitated as number,
    allLivingDonorTransplantsPriorYear: out.allLivingDonorTransplantsPriorYear as number | null,
    nkrPercentLdTransplants: out.nkrPercentLdTransplants as number,
    yearRangeLastDate: out.yearRangeLastDate as string,
    isDemo: false,
  };
}

function show(value: unknown): string {
  const s = typeof value === "string" ? value : JSON.stringify(value);
  return `"${s.length > 40 ? `${s.slice(0, 40)}...` : s}"`;
}

type Read = { value: unknown } | { problem: string };

/** One value of a kind, from CSV text or a JSON value. */
function readValue(kind: Kind, raw: unknown): Read {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) {
    return kind === "countOrNull" ? { value: null } : { problem: "missing" };
  }
  if (typeof raw === "object") return { problem: "is not a single value" };
  const text = String(raw).trim();
  switch (kind) {
    case "id": {
      const n = wholeNumber(text);
      return n !== null && n > 0 ? { value: n } : { problem: "is not a whole number above 0" };
    }
    case "name":
      return text.length <= 200 ? { value: text } : { problem: "is longer than 200 characters" };
    case "city":
      return text.length <= 100 ? { value: text } : { problem: "is longer than 100 characters" };
    case "state": {
      const state = /^[A-Za-z]{2}$/.test(text) ? findUsState(text) : undefined;
      return state ? { value: state.abbreviation } : { problem: "is not a US state abbreviation" };
    }
    case "zip": {
      const zip = zip5Of(text.padStart(text.includes("-") ? 10 : 5, "0"));
      return zip ? { value: zip } : { problem: "is not a US ZIP code" };
    }
    case "coordinate": {
      const n = Number(text);
      return /^-?\d+(\.\d+)?$/.test(text) && Number.isFinite(n) ? { value: n } : { problem: "is not a number of degrees" };
    }
    case "flag": {
      const v = text.toLowerCase();
      if (["true", "yes", "y", "1"].includes(v)) return { value: true };
      if (["false", "no", "n", "0"].includes(v)) return { value: false };
      return { problem: "is not true or false" };
    }
    case "count":
    case "countOrNull": {
      if (kind === "countOrNull" && ["null", "--"].includes(text.toLowerCase())) return { value: null };
      const n = wholeNumber(text);
      return n !== null ? { value: n } : { problem: "is not a whole number of 0 or more" };
    }
    case "percent": {
      const n = Number(text.replace(/%$/, ""));
      return /^\d+(\.\d+)?%?$/.test(text) && n <= 100 ? { value: n } : { problem: "is not a percentage from 0 to 100" };
    }
    case "date": {
      const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
      if (y && m && d) {
        const value = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
        const date = new Date(`${value}T00:00:00Z`);
        if (!Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value) return { value };
      }
      return { problem: "is not a date (YYYY-MM-DD or MM/DD/YYYY)" };
    }
  }
}

function wholeNumber(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_INT ? n : null;
}

type CsvRecord = { fields: string[]; line: number };

/**
 * RFC 4180 CSV: comma-separated, fields in double quotes may hold commas, line breaks and doubled quotes.
 * Blank lines are skipped. Each record keeps the line number it starts on (1-based).
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const s = text.replace(/^\uFEFF/, "");
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let start = 1;
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]!.trim() === "")) records.push({ fields, line: start });
    fields = [];
    field = "";
  };
  while (i < s.length) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === "\n") line += 1;
        field += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && field.trim() === "") {
      quoted = true;
      field = "";
    } else if (ch === ",") {
      fields.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && s[i + 1] === "\n") i += 1;
      endRecord();
      line += 1;
      start = line;
    } else {
      field += ch;
    }
    i += 1;
  }
  if (quoted) throw new Error(`line ${start}: a quoted value is not closed`);
  if (field !== "" || fields.length) endRecord();
  return records;
}

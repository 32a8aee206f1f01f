import type { LabValueInput } from "../../../registry/contract/labs";
import type { FieldErrors } from "~/forms/types";
import type { FieldError } from "~/texts/text-key";

/**
 * The lab's order page forms (docs/decisions/133): decline with a reason, and the recorded values as rows of
 * test name, result, unit, reference range and flag. Plain constants and pure functions (the page and the action).
 */
export const LAB_DECLINE_FORM = "staff-lab-decline";
export const LAB_DECLINE_FIELDS = ["declineReason"] as const;
export const LAB_VALUES_FORM = "staff-lab-values";
/** Rows of the values form: the recorded ones and blank ones up to this many. */
export const LAB_VALUE_ROWS = 6;
export const LAB_VALUE_PARTS = ["name", "value", "unit", "range", "flag"] as const;
export type LabValuePart = (typeof LAB_VALUE_PARTS)[number];

export const valueField = (part: LabValuePart, row: number) => `${part}${row + 1}`;

export function labValueFields(rows = LAB_VALUE_ROWS): string[] {
  return Array.from({ length: rows }, (_, i) => LAB_VALUE_PARTS.map((p) => valueField(p, i))).flat();
}

/** The form's defaults from the values recorded. */
export function valueDefaults(values: readonly { name: string; value: string; unit: string; referenceRange: string; flag: string | null }[]) {
  const out: Record<string, string> = {};
  values.forEach((v, i) => {
    out[valueField("name", i)] = v.name;
    out[valueField("value", i)] = v.value;
    out[valueField("unit", i)] = v.unit;
    out[valueField("range", i)] = v.referenceRange;
    out[valueField("flag", i)] = v.flag ?? "";
  });
  return out;
}

/** The rows typed (blank rows left out), with the form row of each; none typed: an error on the first name. */
export function valuesFromForm(
  values: Record<string, string>,
): { ok: true; values: LabValueInput[]; rows: number[] } | { ok: false; errors: FieldErrors } {
  const out: LabValueInput[] = [];
  const rows: number[] = [];
  for (let i = 0; i < LAB_VALUE_ROWS; i++) {
    const get = (p: LabValuePart) => (values[valueField(p, i)] ?? "").trim();
    if (LAB_VALUE_PARTS.every((p) => get(p) === "")) continue;
    out.push({ name: get("name"), value: get("value"), unit: get("unit"), referenceRange: get("range"), flag: get("flag") || null });
    rows.push(i);
  }
  if (!out.length) return { ok: false, errors: { [valueField("name", 0)]: "validation.required" } };
  return { ok: true, values: out, rows };
}

const REGISTRY_PART: Record<string, LabValuePart> = { name: "name", value: "value", unit: "unit", referenceRange: "range", flag: "flag" };

/** The registry's `values.{i}.{field}` errors as the form's fields (row i of what was sent). */
export function valueErrors(errors: Record<string, string> | undefined, rows: readonly number[]): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, key] of Object.entries(errors ?? {})) {
    const m = /^values\.(\d+)\.(\w+)$/.exec(path);
    const row = m ? rows[Number(m[1])] : undefined;
    const part = m ? REGISTRY_PART[m[2]!] : undefined;
    if (row !== undefined && part) out[valueField(part, row)] = key as FieldError;
    else if (path === "values") out[valueField("name", rows[0] ?? 0)] = key as FieldError;
  }
  return out;
}

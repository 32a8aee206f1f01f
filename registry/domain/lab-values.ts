import { LAB_VALUE_FLAGS, LAB_VALUE_LIMITS, LAB_VALUES_MAX, type LabValue, type LabValueFlag } from "../contract/labs";
import { hasDisallowedCharacters, textLength } from "../contract/text-rules";
import { ValidationKey, withParams } from "../contract/validation-keys";

/**
 * The lab values staff record for an order (docs/decisions/044): checked the same way for the registry call and the
 * staff command `record-lab-values`. Pure.
 *
 * Each value has a test name and a result (text: "1.9", "Negative", "O Rh+", "A2, A24"), and may have a unit, a
 * reference range and a flag. A flag is one of LAB_VALUE_FLAGS, or the HL7 abnormal flag a lab system exports
 * (N, L, H, A, LL/HH/AA = critical), in any case; blank means none. Texts are trimmed, single line, within
 * LAB_VALUE_LIMITS. A test name appears once per set (compared without case).
 */

/** One problem: where (`values` or `values.{index}.{field}`), its validation key, and the reason in English (for staff). */
export type LabValueProblem = { path: string; key: string; reason: string };

export type LabValuesCheck = { ok: true; values: LabValue[] } | { ok: false; problems: LabValueProblem[] };

const HL7_FLAGS: Record<string, LabValueFlag> = {
  n: "normal",
  l: "low",
  h: "high",
  a: "abnormal",
  ll: "critical",
  hh: "critical",
  aa: "critical",
};

/** The flag a text names, null for none (blank), undefined when it names no flag. */
export function flagOf(input: unknown): LabValueFlag | null | undefined {
  if (input === undefined || input === null) return null;
  if (typeof input !== "string") return undefined;
  const t = input.trim().toLowerCase();
  if (t === "") return null;
  return (LAB_VALUE_FLAGS as readonly string[]).includes(t) ? (t as LabValueFlag) : HL7_FLAGS[t];
}

type TextField = keyof typeof LAB_VALUE_LIMITS;
const REQUIRED: ReadonlySet<TextField> = new Set<TextField>(["name", "value"]);
const LABELS: Record<TextField | "flag", string> = {
  name: "the test name",
  value: "the result",
  unit: "the unit",
  referenceRange: "the reference range",
  flag: "the flag",
};

function text(raw: unknown, field: TextField, at: string, problems: LabValueProblem[]): string {
  const path = `${at}.${field}`;
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) {
    if (REQUIRED.has(field))
      problems.push({
        path,
        key: ValidationKey.required,
        reason: `${LABELS[field]} is missing`,
      });
    return "";
  }
  if (typeof raw !== "string" && typeof raw !== "number") {
    problems.push({
      path,
      key: ValidationKey.invalidValue,
      reason: `${LABELS[field]} must be text`,
    });
    return "";
  }
  const value = String(raw).trim();
  if (hasDisallowedCharacters(value)) {
    problems.push({
      path,
      key: ValidationKey.invalidCharacters,
      reason: `${LABELS[field]} holds a control character or a line break`,
    });
  } else if (textLength(value) > LAB_VALUE_LIMITS[field]) {
    const max = String(LAB_VALUE_LIMITS[field]);
    problems.push({
      path,
      key: withParams(ValidationKey.textTooLong, { max }),
      reason: `${LABELS[field]} is longer than ${max} characters`,
    });
  }
  return value;
}

/** Checks a list of values as received (JSON, or rows read from a CSV file). */
export function checkLabValues(input: unknown): LabValuesCheck {
  if (!Array.isArray(input))
    return {
      ok: false,
      problems: [
        {
          path: "values",
          key: ValidationKey.invalidValue,
          reason: "the values must be a list",
        },
      ],
    };
  if (input.length === 0)
    return {
      ok: false,
      problems: [
        {
          path: "values",
          key: ValidationKey.required,
          reason: "there are no values",
        },
      ],
    };
  if (input.length > LAB_VALUES_MAX) {
    return {
      ok: false,
      problems: [
        {
          path: "values",
          key: ValidationKey.invalidValue,
          reason: `more than ${LAB_VALUES_MAX} values`,
        },
      ],
    };
  }
  const problems: LabValueProblem[] = [];
  const values: LabValue[] = [];
  const seen = new Set<string>();
  input.forEach((item: unknown, i) => {
    const at = `values.${i}`;
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      problems.push({
        path: at,
        key: ValidationKey.invalidValue,
        reason: "a value must be an object with a name and a value",
      });
      return;
    }
    const raw = item as Record<string, unknown>;
    const name = text(raw.name, "name", at, problems);
    const value = text(raw.value, "value", at, problems);
    const unit = text(raw.unit, "unit", at, problems);
    const referenceRange = text(raw.referenceRange, "referenceRange", at, problems);
    const flag = flagOf(raw.flag);
    if (flag === undefined) {
      problems.push({
        path: `${at}.flag`,
        key: ValidationKey.invalidValue,
        reason: `the flag must be blank or one of ${LAB_VALUE_FLAGS.join(", ")} (or N, L, H, A, LL, HH, AA)`,
      });
    }
    const folded = name.toLocaleLowerCase("en-US");
    if (name && seen.has(folded)) {
      problems.push({
        path: `${at}.name`,
        key: ValidationKey.invalidValue,
        reason: `the test name "${name}" is given twice`,
      });
    } else if (name) seen.add(folded);
    values.push({ name, value, unit, referenceRange, flag: flag ?? null });
  });
  return problems.length ? { ok: false, problems } : { ok: true, values };
}

/** The problems as the envelope's field errors (the first per path). */
export function problemErrors(problems: readonly LabValueProblem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const p of problems) errors[p.path] ??= p.key;
  return errors;
}

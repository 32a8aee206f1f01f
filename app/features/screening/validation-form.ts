import { formatUsPhone } from "../../../registry/contract/phone";
import { NAME_FIELDS, nameValues } from "../../../registry/contract/registration-rules";
import type { MedicalRecord } from "../../../registry/contract/schemas";

/**
 * The Verify Info step's form (SCR-011): the fields the patient confirms, in page
 * order, and the body of POST /api/pass/{id}/medical-record (PLT-019). Email and the primary phone are read-only
 * on this page, so they are shown, never posted.
 */
export const VALIDATION_FIELDS = [...NAME_FIELDS, "gender", "preferredLanguage", "phoneNumberSecondary"] as const;
export type ValidationField = (typeof VALIDATION_FIELDS)[number];

/** The form's values from the stored record (numbers as text; 0, "not chosen", as empty). */
export function validationDefaults(r: MedicalRecord): Record<ValidationField, string> {
  const choice = (n: number) => (n > 0 ? String(n) : "");
  return {
    ...nameValues(r),
    gender: choice(r.gender),
    preferredLanguage: choice(r.preferredLanguage),
    phoneNumberSecondary: r.country === 1 && r.phoneNumberSecondary ? formatUsPhone(r.phoneNumberSecondary) : r.phoneNumberSecondary,
  };
}

/** The body of POST .../medical-record: texts trimmed, gender and language as integers (0 when not chosen). */
export function validationPayload(values: Readonly<Record<string, string | undefined>>): Record<ValidationField, string | number> {
  const text = (k: ValidationField) => (values[k] ?? "").trim();
  const int = (k: ValidationField) => {
    const n = Number(text(k));
    return Number.isInteger(n) && text(k) !== "" ? n : 0;
  };
  return {
    firstName: text("firstName"),
    middleInitial: text("middleInitial"),
    lastName: text("lastName"),
    preferredName: text("preferredName"),
    birthDate: text("birthDate"),
    gender: int("gender"),
    preferredLanguage: int("preferredLanguage"),
    phoneNumberSecondary: text("phoneNumberSecondary"),
  };
}

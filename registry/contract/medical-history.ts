import { z } from "zod";
import { ImmunoFreeStatus, MEDICAL_HISTORY_FIELDS } from "./enums";
import {
  HEIGHT_FT_MAX,
  HEIGHT_FT_MIN,
  HEIGHT_INCHES_MAX,
  HEIGHT_INCHES_MIN,
  MEDICAL_HISTORY_DATE_MIN,
  MEDICAL_HISTORY_TEXT_MAX,
  OTHER_ORGAN_TEXT_MAX,
  WEIGHT_LB_MAX,
  WEIGHT_LB_MIN,
} from "./limits";
import { isIsoDate, type FieldErrors } from "./registration";
import { ValidationKey } from "./validation-keys";

/**
 * The medical history questionnaire (MHX-001, MHX-003, MHX-007, PLT-019):
 * `POST /api/pass/{id}/medical-history` with `medicalHistoryBody` -> results: the stored `medicalHistory`;
 * `GET /api/pass/{id}/medical-history` -> results: the latest stored `medicalHistory`, or null when none.
 *
 * Every submission is kept (history); the latest is the current one. Submitting moves the record's
 * immune-tolerance registration from Registration to MedicalHistory (never backwards).
 *
 * Refusals: 400 with `errors` field -> key. Keys: `validation.required` (a value left out), `validation.invalidValue`
 * (wrong JSON type, not a YYYY-MM-DD date, a conditional answer sent while its question does not apply),
 * `validation.tooLong`, and the keys of `MedicalHistoryKey` below. The portal translates each one.
 *
 * One birth date per person (docs/decisions/129): `birthDate` must be the record's own (registration, profile);
 * another is refused (`errors.birthDate = validation.birthDateNotRegistered`). Both calls answer the record's birth
 * date as the medical history's, so a later correction on the profile shows in every answer.
 */

/** Field-error keys of the medical history's own rules (app/locales `validation.*`, English and Spanish). */
export const MedicalHistoryKey = {
  /** A date later than today. */
  dateInFuture: "validation.dateInFuture",
  /** A date before 1920-01-01. */
  dateTooEarly: "validation.dateTooEarly",
  /** heightFt not a whole number from 1 to 7. */
  heightFtRange: "validation.heightFtRange",
  /** heightInches not a whole number from 0 to 11. */
  heightInchesRange: "validation.heightInchesRange",
  /** weight not a number of pounds from 50 to 1000 with at most one decimal. */
  weightRange: "validation.weightRange",
  /** birthDate not the one the record was registered with: one birth date per person (docs/decisions/129). */
  birthDateNotRegistered: "validation.birthDateNotRegistered",
} as const;
export const MEDICAL_HISTORY_KEYS: readonly string[] = Object.values(MedicalHistoryKey);

export { MEDICAL_HISTORY_FIELDS };
export type MedicalHistoryField = (typeof MEDICAL_HISTORY_FIELDS)[number];

const optionalText = (max: number) => z.string().max(max).nullish();

/** The birth gender and the five conditions: yes/no answers, the same in the body and as stored. */
const genderAndConditions = {
  birthGender: z.boolean(),
  hasCardiacIssues: z.boolean(),
  hasPulmonaryIssues: z.boolean(),
  hasImmunoDisease: z.boolean(),
  hasHighBloodPressure: z.boolean(),
  hasAllergies: z.boolean(),
};

/**
 * The body of POST /api/pass/{id}/medical-history. Yes/no answers are booleans (MHX-007: true for 1);
 * `birthGender` is true for male, false for female. Dates are YYYY-MM-DD.
 *
 * - Always required: the eight booleans, `birthDate`, `heightFt`, `heightInches`, `weight` (pounds, a JSON number).
 * - Only when `receivedKidneyTransplant` is true: `lastKidneyTxpDate` (required) and `addlMedicines` (the
 *   anti-rejection medicines, optional text). Otherwise both must be null (or left out).
 * - Only when `hadOtherOrganTransplant` is true: `otherOrganTxp` (which organ(s), required) and
 *   `otherOrganTxpDetails` (optional text). Otherwise both must be null (or left out).
 * - `medicalConditionComments`: optional text.
 * Texts are trimmed; an empty text is stored as null.
 *
 * This schema checks the JSON types only; `medicalHistoryErrors` holds the rules, `checkMedicalHistory` both.
 */
export const medicalHistoryBody = z.object({
  receivedKidneyTransplant: z.boolean(),
  lastKidneyTxpDate: z.string().max(10).nullish(),
  addlMedicines: optionalText(MEDICAL_HISTORY_TEXT_MAX),
  birthDate: z.string().max(10),
  heightFt: z.number(),
  heightInches: z.number(),
  weight: z.number(),
  hadOtherOrganTransplant: z.boolean(),
  otherOrganTxp: optionalText(OTHER_ORGAN_TEXT_MAX),
  otherOrganTxpDetails: optionalText(MEDICAL_HISTORY_TEXT_MAX),
  ...genderAndConditions,
  medicalConditionComments: optionalText(MEDICAL_HISTORY_TEXT_MAX),
});
export type MedicalHistoryBody = z.infer<typeof medicalHistoryBody>;

/** The answers as stored: conditional answers null when their question does not apply, empty texts null. */
export const medicalHistoryAnswers = z.object({
  receivedKidneyTransplant: z.boolean(),
  lastKidneyTxpDate: z.string().nullable(),
  addlMedicines: z.string().nullable(),
  birthDate: z.string(),
  heightFt: z.number().int(),
  heightInches: z.number().int(),
  weight: z.number(),
  hadOtherOrganTransplant: z.boolean(),
  otherOrganTxp: z.string().nullable(),
  otherOrganTxpDetails: z.string().nullable(),
  ...genderAndConditions,
  medicalConditionComments: z.string().nullable(),
});
export type MedicalHistoryAnswers = z.infer<typeof medicalHistoryAnswers>;

/** A stored submission (the answer of both calls): its id and time (ISO 8601) with the answers. */
export const medicalHistory = medicalHistoryAnswers.extend({
  id: z.number().int(),
  submittedDateTime: z.string(),
});
export type MedicalHistory = z.infer<typeof medicalHistory>;

const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === "";

/** A date answer: a real YYYY-MM-DD date from 1920-01-01 to today (MHX-003). */
export function medicalDateError(
  value: string,
  today: string,
): typeof ValidationKey.invalidValue | (typeof MedicalHistoryKey)["dateTooEarly" | "dateInFuture"] | undefined {
  if (!isIsoDate(value)) return ValidationKey.invalidValue;
  if (value < MEDICAL_HISTORY_DATE_MIN) return MedicalHistoryKey.dateTooEarly;
  if (value > today) return MedicalHistoryKey.dateInFuture;
  return undefined;
}

/** A weight in pounds from 50 to 1000 with at most one decimal. */
export function isValidWeight(weight: number): boolean {
  if (!Number.isFinite(weight) || weight < WEIGHT_LB_MIN || weight > WEIGHT_LB_MAX) return false;
  const tenths = weight * 10;
  return Math.abs(tenths - Math.round(tenths)) < 1e-9;
}

const inRange = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/**
 * The rules of a type-correct body (MHX-003; DECISIONS of record 014): field -> key, empty when valid.
 * `today` is YYYY-MM-DD.
 */
export function medicalHistoryErrors(b: MedicalHistoryBody, today: string): FieldErrors {
  const e: FieldErrors = {};
  const date = (field: "lastKidneyTxpDate" | "birthDate", value: string | null | undefined) => {
    if (blank(value)) e[field] = ValidationKey.required;
    else e[field] = medicalDateError(value!.trim(), today);
  };
  if (b.receivedKidneyTransplant) date("lastKidneyTxpDate", b.lastKidneyTxpDate);
  else {
    if (!blank(b.lastKidneyTxpDate)) e.lastKidneyTxpDate = ValidationKey.invalidValue;
    if (!blank(b.addlMedicines)) e.addlMedicines = ValidationKey.invalidValue;
  }
  date("birthDate", b.birthDate);
  if (!inRange(b.heightFt, HEIGHT_FT_MIN, HEIGHT_FT_MAX)) e.heightFt = MedicalHistoryKey.heightFtRange;
  if (!inRange(b.heightInches, HEIGHT_INCHES_MIN, HEIGHT_INCHES_MAX)) e.heightInches = MedicalHistoryKey.heightInchesRange;
  if (!isValidWeight(b.weight)) e.weight = MedicalHistoryKey.weightRange;
  if (b.hadOtherOrganTransplant) {
    if (blank(b.otherOrganTxp)) e.otherOrganTxp = ValidationKey.required;
  } else {
    if (!blank(b.otherOrganTxp)) e.otherOrganTxp = ValidationKey.invalidValue;
    if (!blank(b.otherOrganTxpDetails)) e.otherOrganTxpDetails = ValidationKey.invalidValue;
  }
  for (const field of Object.keys(e)) if (e[field] === undefined) delete e[field];
  return e;
}

const text = (v: string | null | undefined) => (blank(v) ? null : v!.trim());

/** What is stored for a valid body: texts trimmed (empty -> null), answers of questions that do not apply null. */
export function medicalHistoryAnswersOf(b: MedicalHistoryBody): MedicalHistoryAnswers {
  const kidney = b.receivedKidneyTransplant;
  const other = b.hadOtherOrganTransplant;
  return {
    receivedKidneyTransplant: kidney,
    lastKidneyTxpDate: kidney ? text(b.lastKidneyTxpDate) : null,
    addlMedicines: kidney ? text(b.addlMedicines) : null,
    birthDate: b.birthDate.trim(),
    heightFt: b.heightFt,
    heightInches: b.heightInches,
    weight: Math.round(b.weight * 10) / 10,
    hadOtherOrganTransplant: other,
    otherOrganTxp: other ? text(b.otherOrganTxp) : null,
    otherOrganTxpDetails: other ? text(b.otherOrganTxpDetails) : null,
    birthGender: b.birthGender,
    hasCardiacIssues: b.hasCardiacIssues,
    hasPulmonaryIssues: b.hasPulmonaryIssues,
    hasImmunoDisease: b.hasImmunoDisease,
    hasHighBloodPressure: b.hasHighBloodPressure,
    hasAllergies: b.hasAllergies,
    medicalConditionComments: text(b.medicalConditionComments),
  };
}

export type MedicalHistoryCheck = { ok: true; answers: MedicalHistoryAnswers } | { ok: false; errors: Record<string, string> };

/**
 * Checks a JSON body: the types first (left out -> required, too long a text -> tooLong, anything else of the wrong
 * type -> invalidValue, each field named); when every type is right, the rules of `medicalHistoryErrors`.
 */
export function checkMedicalHistory(raw: Record<string, unknown>, today: string): MedicalHistoryCheck {
  const parsed = medicalHistoryBody.safeParse(raw);
  if (parsed.success) {
    const errors = medicalHistoryErrors(parsed.data, today) as Record<string, string>;
    return Object.keys(errors).length ? { ok: false, errors } : { ok: true, answers: medicalHistoryAnswersOf(parsed.data) };
  }
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "body");
    const missing = raw[field] === undefined || raw[field] === null;
    const isText = field !== "birthDate" && field !== "lastKidneyTxpDate";
    errors[field] ??= missing ? ValidationKey.required : issue.code === "too_big" && isText ? ValidationKey.tooLong : ValidationKey.invalidValue;
  }
  return { ok: false, errors };
}

/**
 * Requirement MHX-006: who may fill in and submit the medical history (decision 051): a patient screened as
 * a candidate of the immune-tolerance program, i.e. whose registration (ImmunoFreeStatus) is at Registration or
 * later. Without a registration (`null`), or only invited (InviteSent), the patient is not a candidate. The portal
 * (pages) and the registry (POST /api/pass/{id}/medical-history) both ask this one rule.
 */
export function mayFillMedicalHistory(stage: number | null): boolean {
  return stage !== null && stage >= ImmunoFreeStatus.Registration;
}

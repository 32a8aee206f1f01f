/**
 * The medical history questionnaire's 15 questions (MHX-001, MHX-007), in order, with the
 * answers (the spec's field names) each one asks for, how it is asked, and the condition that shows it.
 * Plain module: the pages (browser too) and the server rules import it.
 */
import { MEDICAL_HISTORY_FIELDS } from "../../../registry/contract/enums";
import type { HintedQuestionId, QuestionId, ReviewLabel } from "./question-keys";

export type { HintedQuestionId, QuestionId };

/** Every answer of the questionnaire, in question order (MHX-007; the registry's field names). */
export const ANSWER_FIELDS = MEDICAL_HISTORY_FIELDS;
export type AnswerField = (typeof ANSWER_FIELDS)[number];

/** The short label of an answer (the review table's row header, a single box's label): medical.review.{key}. */
export function reviewLabelKey(field: AnswerField): ReviewLabel {
  return field === "heightFt" || field === "heightInches" ? "height" : field;
}

/** The yes/no questions that show others: a conditional question is shown unless its condition is answered No. */
export type ConditionField = "receivedKidneyTransplant" | "hadOtherOrganTransplant";

/**
 * How a question is asked:
 * - yesNo: a radio group Yes ("1") / No ("0");
 * - birthGender: a radio group Male ("1") / Female ("0");
 * - date: one date box (YYYY-MM-DD);
 * - height: feet (1-7) and inches (0-11) selects;
 * - weight: a number of pounds;
 * - text: a text area (optional);
 * - otherOrgan: which organ(s) (a text box) and the details (a text area, optional).
 */
export type QuestionKind = "yesNo" | "birthGender" | "date" | "height" | "weight" | "text" | "otherOrgan";

export type Question = {
  /** The page's address: /medical-history/{slug}. */
  slug: string;
  kind: QuestionKind;
  /** The answers it asks for, in the order they appear on its page. */
  fields: readonly AnswerField[];
  /** Shown only when this yes/no answer is not No (MHX-002: conditional questions are skipped). */
  condition?: ConditionField;
} & (
  | /** The question (the page's heading): medical.questions.{key}.question, and its hint (.hint) when `hint`. */
  { key: QuestionId; hint?: undefined }
  | { key: HintedQuestionId; hint: true }
);

export const QUESTIONS: readonly Question[] = [
  {
    slug: "kidney-transplant",
    kind: "yesNo",
    fields: ["receivedKidneyTransplant"],
    key: "receivedKidneyTransplant",
  },
  {
    slug: "last-kidney-transplant",
    kind: "date",
    fields: ["lastKidneyTxpDate"],
    condition: "receivedKidneyTransplant",
    key: "lastKidneyTxpDate",
    hint: true,
  },
  {
    slug: "anti-rejection-medicines",
    kind: "text",
    fields: ["addlMedicines"],
    condition: "receivedKidneyTransplant",
    key: "addlMedicines",
    hint: true,
  },
  { slug: "birth-date", kind: "date", fields: ["birthDate"], key: "birthDate", hint: true },
  {
    slug: "height",
    kind: "height",
    fields: ["heightFt", "heightInches"],
    key: "height",
  },
  {
    slug: "weight",
    kind: "weight",
    fields: ["weight"],
    key: "weight",
    hint: true,
  },
  {
    slug: "other-organ-transplant",
    kind: "yesNo",
    fields: ["hadOtherOrganTransplant"],
    key: "hadOtherOrganTransplant",
    hint: true,
  },
  {
    slug: "other-organ",
    kind: "otherOrgan",
    fields: ["otherOrganTxp", "otherOrganTxpDetails"],
    condition: "hadOtherOrganTransplant",
    key: "otherOrgan",
  },
  {
    slug: "birth-gender",
    kind: "birthGender",
    fields: ["birthGender"],
    key: "birthGender",
  },
  {
    slug: "heart",
    kind: "yesNo",
    fields: ["hasCardiacIssues"],
    key: "hasCardiacIssues",
  },
  {
    slug: "lungs",
    kind: "yesNo",
    fields: ["hasPulmonaryIssues"],
    key: "hasPulmonaryIssues",
  },
  {
    slug: "immune-disease",
    kind: "yesNo",
    fields: ["hasImmunoDisease"],
    key: "hasImmunoDisease",
  },
  {
    slug: "blood-pressure",
    kind: "yesNo",
    fields: ["hasHighBloodPressure"],
    key: "hasHighBloodPressure",
  },
  {
    slug: "allergies",
    kind: "yesNo",
    fields: ["hasAllergies"],
    key: "hasAllergies",
  },
  {
    slug: "other-conditions",
    kind: "text",
    fields: ["medicalConditionComments"],
    key: "medicalConditionComments",
    hint: true,
  },
];

/** MHX-001: 15 questions. The review page comes after the last: its position is QUESTIONS.length. */
export const QUESTION_COUNT = QUESTIONS.length;
export const REVIEW = QUESTION_COUNT;
export const REVIEW_SLUG = "review";

/** Yes/no and birth gender answers as the draft and the form hold them (MHX-007: 1/0). */
export const YES = "1";
export const NO = "0";
/** MHX-007: birthGender 1 male / 0 female. */
export const MALE = "1";
export const FEMALE = "0";

/** Height choices (MHX-003: feet 1 to 7, inches 0 to 11). */
export const FEET_CHOICES: readonly string[] = ["1", "2", "3", "4", "5", "6", "7"];
export const INCH_CHOICES: readonly string[] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"];

/** The position of a page's slug (REVIEW for the review page), or undefined for an unknown slug. */
export function positionOfSlug(slug: string | undefined | null): number | undefined {
  if (slug === REVIEW_SLUG) return REVIEW;
  const i = QUESTIONS.findIndex((q) => q.slug === slug);
  return i < 0 ? undefined : i;
}

/** The address of a position (a question or the review). */
export function pathOf(position: number): string {
  const q = QUESTIONS[position];
  return `/medical-history/${q ? q.slug : REVIEW_SLUG}`;
}

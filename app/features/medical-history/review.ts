import { patientDate } from "../../../registry/contract/patient-dates";
import type { Lang } from "~/locales";
import type { T } from "~/texts/texts";
import type { Answers } from "./draft";
import { isShown } from "./navigation";
import { FEMALE, MALE, NO, QUESTIONS, reviewLabelKey, YES, type AnswerField } from "./questions";
import { parseWeight } from "./weight";
import type { ReviewLabel } from "./question-keys";

/**
 * The review table (MHX-004): one row per answer of the questions shown, in order. Yes/no answers read
 * Yes/No, a text left empty (or an answer not given) reads 'None', height reads as feet and inches.
 */
export type ReviewValue =
  | { kind: "yes" }
  | { kind: "no" }
  | { kind: "male" }
  | { kind: "female" }
  | { kind: "none" }
  | { kind: "text"; text: string }
  | { kind: "date"; iso: string }
  | { kind: "height"; feet: string; inches: string }
  | { kind: "weight"; pounds: string };

export type ReviewRow = {
  /** The answer (height: its feet field); unique per row. */
  field: AnswerField;
  /** The row's header: medical.review.{labelKey}. */
  labelKey: ReviewLabel;
  value: ReviewValue;
};

function choice(v: string | undefined, one: ReviewValue, zero: ReviewValue): ReviewValue {
  return v === YES || v === MALE ? one : v === NO || v === FEMALE ? zero : { kind: "none" };
}

function valueOf(field: AnswerField, a: Answers): ReviewValue {
  const v = a[field];
  switch (field) {
    case "birthGender":
      return choice(v, { kind: "male" }, { kind: "female" });
    case "lastKidneyTxpDate":
    case "birthDate":
      return v ? { kind: "date", iso: v } : { kind: "none" };
    case "heightFt":
      return v && a.heightInches ? { kind: "height", feet: v, inches: a.heightInches } : { kind: "none" };
    case "weight":
      return v ? { kind: "weight", pounds: v } : { kind: "none" };
    case "addlMedicines":
    case "otherOrganTxp":
    case "otherOrganTxpDetails":
    case "medicalConditionComments":
      return v ? { kind: "text", text: v } : { kind: "none" };
    default:
      return choice(v, { kind: "yes" }, { kind: "no" });
  }
}

export function reviewRows(answers: Answers): ReviewRow[] {
  return QUESTIONS.filter((q) => isShown(q, answers)).flatMap((q) =>
    q.fields
      .filter((f) => f !== "heightInches")
      .map((field) => ({
        field,
        labelKey: reviewLabelKey(field),
        value: valueOf(field, answers),
      })),
  );
}

/**
 * A weight answer as the patient's language writes numbers: the decimal point in English ("165.5"), the comma in
 * Spanish ("165,5"), whichever the patient typed. Text that is not a weight stays as it is.
 */
export function displayWeight(pounds: string, lang: string): string {
  const n = parseWeight(pounds);
  if (n === null) return pounds;
  return new Intl.NumberFormat(lang === "es" ? "es" : "en-US", { maximumFractionDigits: 3, useGrouping: false }).format(n);
}

/**
 * An answer as the review reads it, in the page's language: the table shows it (a date in a `<time>`, MHX-004) and
 * the PDF of the answers prints it (MHX-010).
 */
export function reviewAnswerText(value: ReviewValue, t: T, lang: Lang): string {
  switch (value.kind) {
    case "yes":
      return t("medical.review.yes");
    case "no":
      return t("medical.review.no");
    case "male":
      return t("medical.review.male");
    case "female":
      return t("medical.review.female");
    case "none":
      return t("medical.review.none");
    case "date":
      return patientDate(value.iso, lang);
    case "height":
      return t("medical.review.heightValue", { feet: value.feet, inches: value.inches });
    case "weight":
      return t("medical.review.weightValue", { pounds: displayWeight(value.pounds, lang) });
    case "text":
      return value.text;
  }
}

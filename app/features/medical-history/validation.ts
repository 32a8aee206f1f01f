import { isValidWeight, medicalDateError, MedicalHistoryKey } from "../../../registry/contract/medical-history";
import { MEDICAL_HISTORY_TEXT_MAX, OTHER_ORGAN_TEXT_MAX } from "../../../registry/contract/limits";
import { ValidationKey } from "../../../registry/contract/validation-keys";
import type { Answers } from "./draft";
import { isShown } from "./navigation";
import { parseWeight } from "./weight";
import { FEET_CHOICES, FEMALE, INCH_CHOICES, MALE, NO, QUESTIONS, YES, type AnswerField, type Question } from "./questions";
import type { TextKey } from "~/texts/texts";

/**
 * The checks of one question when the patient presses Next or Review (MHX-003: dates not later
 * than today, feet 1-7, inches 0-11, weight a number of pounds), with the registry's own rules for dates and
 * weight (registry/contract/medical-history.ts) so both sides agree. The registry needs every yes/no answer, the
 * birth date, height and weight, the transplant date after a Yes and the other organ after a Yes: those are
 * asked for here too (docs/decisions/015). Answers are message keys (app/locales).
 *
 * Server only: it uses the contract's rules, whose module holds zod schemas.
 */
export type QuestionErrors = Partial<Record<AnswerField, TextKey>>;

export const MedicalErrorKey = {
  chooseYesNo: "medical.errors.chooseYesNo",
  chooseBirthGender: "medical.errors.chooseBirthGender",
  lastKidneyTxpDateRequired: "medical.errors.lastKidneyTxpDateRequired",
  birthDateRequired: "medical.errors.birthDateRequired",
  birthDateNotRegistered: "medical.errors.birthDateNotRegistered",
  dateInvalid: "medical.errors.dateInvalid",
  weightRequired: "medical.errors.weightRequired",
  otherOrganRequired: "medical.errors.otherOrganRequired",
  textTooLong: "medical.errors.textTooLong",
  organTooLong: "medical.errors.organTooLong",
} as const;

function dateErrors(value: string | undefined, requiredKey: TextKey, today: string): TextKey | undefined {
  if (!value) return requiredKey;
  const key = medicalDateError(value, today);
  return key === ValidationKey.invalidValue ? MedicalErrorKey.dateInvalid : key;
}

/**
 * What is wrong with the answers of one question (nothing when it may be left as it is). `registeredBirthDate`
 * (YYYY-MM-DD) is the birth date the patient registered with: the medical history's must be the same one, one birth
 * date per person (docs/decisions/129); unknown (the registry could not say), the registry checks it on submit.
 */
export function questionErrors(q: Question, answers: Answers, today: string, registeredBirthDate?: string): QuestionErrors {
  const e: QuestionErrors = {};
  const field = q.fields[0]!;
  const value = answers[field];
  switch (q.kind) {
    case "yesNo":
      if (value !== YES && value !== NO) e[field] = MedicalErrorKey.chooseYesNo;
      break;
    case "birthGender":
      if (value !== MALE && value !== FEMALE) e[field] = MedicalErrorKey.chooseBirthGender;
      break;
    case "date":
      e[field] = dateErrors(
        value,
        field === "lastKidneyTxpDate" ? MedicalErrorKey.lastKidneyTxpDateRequired : MedicalErrorKey.birthDateRequired,
        today,
      );
      if (field === "birthDate" && !e[field] && registeredBirthDate && value !== registeredBirthDate)
        e[field] = MedicalErrorKey.birthDateNotRegistered;
      break;
    case "height":
      if (!FEET_CHOICES.includes(answers.heightFt ?? "")) e.heightFt = MedicalHistoryKey.heightFtRange;
      if (!INCH_CHOICES.includes(answers.heightInches ?? "")) e.heightInches = MedicalHistoryKey.heightInchesRange;
      break;
    case "weight": {
      if (!value) e[field] = MedicalErrorKey.weightRequired;
      else {
        const pounds = parseWeight(value);
        if (pounds === null || !isValidWeight(pounds)) e[field] = MedicalHistoryKey.weightRange;
      }
      break;
    }
    case "text":
      if ((value ?? "").length > MEDICAL_HISTORY_TEXT_MAX) e[field] = MedicalErrorKey.textTooLong;
      break;
    case "otherOrgan":
      if (!answers.otherOrganTxp) e.otherOrganTxp = MedicalErrorKey.otherOrganRequired;
      else if (answers.otherOrganTxp.length > OTHER_ORGAN_TEXT_MAX) e.otherOrganTxp = MedicalErrorKey.organTooLong;
      if ((answers.otherOrganTxpDetails ?? "").length > MEDICAL_HISTORY_TEXT_MAX) e.otherOrganTxpDetails = MedicalErrorKey.textTooLong;
      break;
  }
  for (const k of Object.keys(e) as AnswerField[]) if (e[k] === undefined) delete e[k];
  return e;
}

/** The first question shown whose answers are not acceptable, or null when the questionnaire can be submitted. */
export function firstInvalidPosition(answers: Answers, today: string, registeredBirthDate?: string): number | null {
  const i = QUESTIONS.findIndex((q) => isShown(q, answers) && Object.keys(questionErrors(q, answers, today, registeredBirthDate)).length > 0);
  return i < 0 ? null : i;
}

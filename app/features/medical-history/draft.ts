import type { MedicalHistoryAnswers } from "../../../registry/contract/medical-history";
import { ANSWER_FIELDS, NO, QUESTIONS, REVIEW, type AnswerField } from "./questions";

/**
 * The medical history draft (MHX-001: answers kept until submitted; PLT-010: in the encrypted session):
 * the answers as the patient gave them (text), whose record they are, and the furthest page reached, so a URL
 * never skips ahead. Plain JSON.
 */
export type Answers = Partial<Record<AnswerField, string>>;
export type MedicalHistoryDraft = {
  /** The medical record the answers belong to: a draft left by another patient in this browser is never shown. */
  owner: number;
  answers: Answers;
  /** Position (index in QUESTIONS, or REVIEW) of the furthest page reached. */
  furthest: number;
  /**
   * The birth date the patient registered with (YYYY-MM-DD), which the medical history's must equal
   * (docs/decisions/129). Not kept in the session: read from the registry each time the draft is loaded, so a
   * correction on the profile counts at once; absent when the registry could not say.
   */
  registeredBirthDate?: string;
};

/** A new draft at the first question, optionally with answers to start from (an earlier submission). */
export function newDraft(owner: number, answers: Answers = {}): MedicalHistoryDraft {
  return { owner, answers: cleanAnswers(answers), furthest: 0 };
}

/** Only known fields with non-empty text, trimmed. */
function cleanAnswers(answers: Record<string, unknown>): Answers {
  const out: Answers = {};
  for (const field of ANSWER_FIELDS) {
    const v = answers[field];
    if (typeof v === "string" && v.trim() !== "") out[field] = v.trim();
  }
  return out;
}

/**
 * The draft kept in the session, when it is well formed and belongs to this patient; otherwise null (the
 * caller starts a new one). Unknown fields and non-text values are dropped.
 */
export function draftFromUnknown(value: unknown, owner: number): MedicalHistoryDraft | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.owner !== owner) return null;
  if (typeof v.furthest !== "number" || !Number.isInteger(v.furthest) || v.furthest < 0 || v.furthest > REVIEW) return null;
  if (typeof v.answers !== "object" || v.answers === null || Array.isArray(v.answers)) return null;
  return {
    owner,
    answers: cleanAnswers(v.answers as Record<string, unknown>),
    furthest: v.furthest,
  };
}

const yesNo = (b: boolean) => (b ? "1" : "0");

/** The answers of a stored submission (GET .../medical-history), to start a new one from them. */
export function answersFromSubmission(m: MedicalHistoryAnswers): Answers {
  return cleanAnswers({
    receivedKidneyTransplant: yesNo(m.receivedKidneyTransplant),
    lastKidneyTxpDate: m.lastKidneyTxpDate ?? "",
    addlMedicines: m.addlMedicines ?? "",
    birthDate: m.birthDate,
    heightFt: String(m.heightFt),
    heightInches: String(m.heightInches),
    weight: String(m.weight),
    hadOtherOrganTransplant: yesNo(m.hadOtherOrganTransplant),
    otherOrganTxp: m.otherOrganTxp ?? "",
    otherOrganTxpDetails: m.otherOrganTxpDetails ?? "",
    birthGender: yesNo(m.birthGender),
    hasCardiacIssues: yesNo(m.hasCardiacIssues),
    hasPulmonaryIssues: yesNo(m.hasPulmonaryIssues),
    hasImmunoDisease: yesNo(m.hasImmunoDisease),
    hasHighBloodPressure: yesNo(m.hasHighBloodPressure),
    hasAllergies: yesNo(m.hasAllergies),
    medicalConditionComments: m.medicalConditionComments ?? "",
  });
}

/**
 * Keeps what was posted for the question at `position` (its fields only; an empty value removes the answer).
 * Answering Yes to a condition that was No shows its questions again: the furthest page reached is cut back to
 * the first of them, so they cannot be skipped by URL.
 */
export function withAnswers(draft: MedicalHistoryDraft, position: number, values: Record<string, string>): MedicalHistoryDraft {
  const q = QUESTIONS[position];
  if (!q) return draft;
  const answers: Answers = { ...draft.answers };
  for (const field of q.fields) {
    const v = (values[field] ?? "").trim();
    if (v === "") delete answers[field];
    else answers[field] = v;
  }
  let furthest = draft.furthest;
  for (const field of q.fields) {
    if (draft.answers[field] === NO && answers[field] !== NO) {
      const revealed = QUESTIONS.findIndex((c) => c.condition === field);
      if (revealed >= 0) furthest = Math.min(furthest, revealed);
    }
  }
  return { ...draft, answers, furthest };
}

import { MEDICAL_HISTORY_REVIEW, withReturnTo, type ReturnTarget } from "~/platform/return-to";
import type { MedicalHistoryDraft } from "./draft";
import { enter } from "./flow";
import { pathOf, QUESTIONS, REVIEW, type AnswerField } from "./questions";
import type { ReviewRow } from "./review";

/**
 * Check your answers on the medical history's review (MHX-008; docs/decisions/110): a Change link per
 * answer to its question, and after that question's Next, straight back to the review unless the changed answer
 * shows a question that still needs an answer (a Yes to a kidney or another organ transplant).
 */

export type ReviewRowWithChange = ReviewRow & { changeHref: string };

/** The address of the question that asks `field`, carrying the way back to the review. */
export function changeHrefOf(field: AnswerField): string {
  const position = QUESTIONS.findIndex((q) => q.fields.includes(field));
  return withReturnTo(pathOf(position < 0 ? 0 : position), MEDICAL_HISTORY_REVIEW);
}

export function withChangeLinks(rows: readonly ReviewRow[]): ReviewRowWithChange[] {
  return rows.map((r) => ({ ...r, changeHref: changeHrefOf(r.field) }));
}

/**
 * Where Next goes from a question opened from the review (the draft already holds the changed answer): the review
 * when it may be shown, else the first question that needs an answer, which keeps the way back.
 */
export function afterChange(draft: MedicalHistoryDraft, today: string, target: ReturnTarget = MEDICAL_HISTORY_REVIEW): string {
  const entered = enter(draft, REVIEW, today);
  if (entered.ok) return target;
  return withReturnTo(pathOf(entered.redirectTo), target);
}

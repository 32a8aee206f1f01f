import type { Answers } from "./draft";
import { NO, QUESTIONS, REVIEW, type Question } from "./questions";

/**
 * Moving through the questionnaire (MHX-002): conditional questions are skipped forward and back, and
 * 'Question N of M' counts the questions shown (docs/decisions/015).
 */

/** A conditional question is shown unless its condition is answered No (so it counts while still unanswered). */
export function isShown(q: Question, answers: Answers): boolean {
  return !q.condition || answers[q.condition] !== NO;
}

/** Positions of the questions shown, in order. */
export function shownPositions(answers: Answers): number[] {
  return QUESTIONS.flatMap((q, i) => (isShown(q, answers) ? [i] : []));
}

/**
 * 'Question N of M': N is the question's place among the questions shown, M how many are shown. Before the
 * conditions are answered every question counts (M = 15); a No to a condition takes its questions out.
 */
export function questionNumber(position: number, answers: Answers): { number: number; total: number } {
  const shown = shownPositions(answers);
  const at = shown.indexOf(position);
  return {
    number: at >= 0 ? at + 1 : shown.filter((p) => p < position).length + 1,
    total: shown.length,
  };
}

/** The next page: the next question shown, or the review after the last. */
export function nextPosition(position: number, answers: Answers): number {
  for (let i = position + 1; i < QUESTIONS.length; i += 1) if (isShown(QUESTIONS[i]!, answers)) return i;
  return REVIEW;
}

/** The previous question shown (from the review: the last one shown), or null on the first question. */
export function previousPosition(position: number, answers: Answers): number | null {
  for (let i = Math.min(position, REVIEW) - 1; i >= 0; i -= 1) if (isShown(QUESTIONS[i]!, answers)) return i;
  return null;
}

/** Where the patient carries on: the furthest page reached, or the next question shown after it when it is hidden. */
export function resumePosition(answers: Answers, furthest: number): number {
  if (furthest >= REVIEW) return REVIEW;
  return isShown(QUESTIONS[furthest]!, answers) ? furthest : nextPosition(furthest, answers);
}

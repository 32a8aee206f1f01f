import { withAnswers, type MedicalHistoryDraft } from "./draft";
import { isShown, nextPosition, previousPosition, resumePosition } from "./navigation";
import { QUESTIONS, REVIEW } from "./questions";
import { firstInvalidPosition, questionErrors, type QuestionErrors } from "./validation";

/**
 * Which page a request may show, and what Next / Previous do with the answers posted (MHX-001, MHX-005;
 * docs/decisions/015). Server only (it uses the validation rules).
 */

export type Entry = { ok: true; position: number } | { ok: false; redirectTo: number };

/**
 * A page may be shown when it has been reached: never a question beyond the furthest one reached (or an unknown
 * page: the patient carries on where they were), never a question that is skipped (the next one shown instead),
 * and the review only when every question shown has acceptable answers (else the first that has not).
 */
export function enter(draft: MedicalHistoryDraft, requested: number | undefined, today: string): Entry {
  const resume = resumePosition(draft.answers, draft.furthest);
  if (requested === undefined || requested > draft.furthest) return { ok: false, redirectTo: resume };
  if (requested === REVIEW) {
    const invalid = firstInvalidPosition(draft.answers, today, draft.registeredBirthDate);
    return invalid === null ? { ok: true, position: REVIEW } : { ok: false, redirectTo: invalid };
  }
  if (!isShown(QUESTIONS[requested]!, draft.answers)) {
    const next = nextPosition(requested, draft.answers);
    return { ok: false, redirectTo: next > draft.furthest ? resume : next };
  }
  return { ok: true, position: requested };
}

export type Answered = { ok: true; draft: MedicalHistoryDraft; goTo: number } | { ok: false; errors: QuestionErrors };

/**
 * 'Next' (or 'Review' on the last question): the answers must pass the question's checks; they are kept and the
 * next question shown comes (the review after the last). 'Previous': the answers are kept as they are, checked or
 * not (nothing typed is lost), and the previous question shown comes.
 */
export function answer(
  draft: MedicalHistoryDraft,
  position: number,
  values: Record<string, string>,
  intent: "next" | "previous",
  today: string,
): Answered {
  const q = QUESTIONS[position];
  if (!q)
    return {
      ok: true,
      draft,
      goTo: resumePosition(draft.answers, draft.furthest),
    };
  const kept = withAnswers(draft, position, values);
  if (intent === "previous")
    return {
      ok: true,
      draft: kept,
      goTo: previousPosition(position, kept.answers) ?? position,
    };
  const errors = questionErrors(q, kept.answers, today, draft.registeredBirthDate);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const goTo = nextPosition(position, kept.answers);
  return {
    ok: true,
    draft: { ...kept, furthest: Math.max(kept.furthest, goTo) },
    goTo,
  };
}

/** 'Back to Questions' on the review: the last question shown. */
export function backFromReview(draft: MedicalHistoryDraft): number {
  return previousPosition(REVIEW, draft.answers) ?? 0;
}

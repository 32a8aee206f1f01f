import type { KeyGroup, KeyUnder } from "~/texts/text-key";

/**
 * The medical history's text keys, as types (docs/decisions/074). Type-only, so that no page's import graph names
 * the section for these types (app/texts/texts-coverage.test.ts follows only value imports).
 */

/** A question's id: its texts are medical.questions.{id}.question (and .hint for the ones that have one). */
export type QuestionId = KeyGroup<"medical.questions">;
/** The questions with a hint (medical.questions.{id}.hint). */
export type HintedQuestionId = KeyUnder<"medical.questions"> extends infer K ? (K extends `${infer Q}.hint` ? Q : never) : never;
/** An answer's short label: medical.review.{label}. */
export type ReviewLabel = KeyUnder<"medical.review">;

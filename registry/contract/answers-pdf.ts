import { z } from "zod";

/**
 * The patient's answers as a PDF (SCR-025, MHX-010; docs/decisions/113): the screening answers of 'View My Answers' and
 * the medical history review. The portal sends the questions and answers as the page shows them (its locales hold the
 * pages' wording); the registry checks whose they are, adds the patient's name and the day, and makes the tagged PDF.
 */

export type AnswersPdfKind = "screening" | "medical-history";

/** The downloaded files' names: no name, no date, no answer in them. */
export const ANSWERS_PDF_FILE: Record<AnswersPdfKind, string> = {
  screening: "screening-answers.pdf",
  "medical-history": "medical-history-answers.pdf",
};

/** An answer may be a free text of the medical history (up to a few thousand characters). */
const ANSWER_MAX = 4000;
const LABEL_MAX = 500;

const label = z.string().trim().min(1).max(LABEL_MAX);

/** One group of answers: a heading, and the rows of question and answer; `columns` makes it a table with a header row. */
export const answersPdfSection = z.object({
  heading: z.string().trim().max(LABEL_MAX).default(""),
  columns: z.tuple([label, label]).optional().describe("The table's column headings (question, answer); without them, label/value rows."),
  rows: z
    .array(z.tuple([label, z.string().trim().min(1).max(ANSWER_MAX)]))
    .min(1)
    .max(60),
});

/** POST /api/pass/{id}/screening/{screeningId}/answers-pdf and /api/pass/{id}/medical-history/answers-pdf. */
export const answersPdfBody = z.object({
  lang: z.enum(["en", "es"]).describe("The language of the texts; the registry's own words (patient, date, footer) follow it."),
  title: label.describe("The document's title, as the page names the answers."),
  sections: z.array(answersPdfSection).min(1).max(10),
});
export type AnswersPdfBody = z.input<typeof answersPdfBody>;

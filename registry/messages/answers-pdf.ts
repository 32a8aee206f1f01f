import type { MessageLang } from "./index";

/**
 * The registry's own words in the PDF of the patient's answers (SCR-025, MHX-010; docs/decisions/113): whose answers
 * they are, the day the file was made, and the page footer. The questions and answers come from the portal, as the
 * page shows them.
 */
const en = {
  patient: "Patient",
  made: "Date",
  footer: "National Kidney Registry - page {page} of {pages}",
};

export type AnswersPdfTexts = typeof en;

const es: AnswersPdfTexts = {
  patient: "Paciente",
  made: "Fecha",
  footer: "National Kidney Registry - página {page} de {pages}",
};

export function answersPdfTexts(lang: MessageLang): AnswersPdfTexts {
  return lang === "es" ? es : en;
}

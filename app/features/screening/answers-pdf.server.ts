import { redirect } from "react-router";
import type { AnswersPdfBody } from "../../../registry/contract/answers-pdf";
import type { Lang } from "~/locales";
import { addFlash, readPassRecord, withPatient } from "~/platform/auth.server";
import { attachment } from "~/platform/attachment.server";
import { parseRegistryId } from "~/forms/registry-id";
import { answerOr } from "~/registry/reach.server";
import type { T } from "~/texts/texts";
import { translator } from "~/texts/texts.server";
import { answerSummary, sentence, type AnswerSummary, type SummaryItem } from "./answer-summary-model";
import type { PortalContext } from "~/platform/context";

/**
 * 'Download as PDF' in 'View My Answers' (SCR-025; docs/decisions/113): the screening's answers as the dialog shows
 * them (AnswerSummary in answer-summary.tsx), in the page's language; the registry checks the screening is the
 * patient's own, adds the name and the day, and makes the tagged PDF.
 */

/** An item's question and answer as the dialog reads them: "1. Question", the answer a sentence, then its detail. */
export function itemTexts(item: SummaryItem, t: T): [question: string, answer: string] {
  const answer = sentence(item.answerKey ? t(item.answerKey) : (item.answerText ?? ""));
  return [`${item.number}. ${t(item.questionKey)}`, item.detailText ? `${answer} ${sentence(item.detailText)}` : answer];
}

/** The body of the registry's answers-pdf call: the dialog's title, then each category with its answers. */
export function screeningAnswersPdfBody(summary: Extract<AnswerSummary, { kind: "answers" }>, t: T, lang: Lang): AnswersPdfBody {
  return {
    lang,
    title: t("screening.results.title"),
    sections: summary.groups.map((g) => ({ heading: t(g.categoryKey), rows: g.items.map((item) => itemTexts(item, t)) })),
  };
}

/** GET /landing/answers/{screeningId}/pdf: the PDF as an attachment, or /landing with a message when it cannot be made. */
export async function screeningAnswersDownload(context: PortalContext, param: string | undefined): Promise<Response> {
  const screeningId = parseRegistryId(param);
  if (screeningId === null) return redirect("/landing");
  const failed = () => {
    addFlash(context.session, { kind: "alert", key: "screening.results.downloadFailed" });
    return redirect("/landing");
  };
  const record = await readPassRecord(context);
  if (!record) return failed();
  const screening = record.screeningList.find((s) => s.id === screeningId);
  const summary = screening ? answerSummary(screening) : null;
  if (summary?.kind !== "answers") return redirect("/landing");
  const body = screeningAnswersPdfBody(summary, translator(context.lang), context.lang);
  return withPatient(context, async ({ token, medicalRecordId }) => {
    const answer = await answerOr(context.registry.screeningAnswersPdf(token, medicalRecordId, screeningId, body), null);
    if (!answer?.success) return failed();
    return attachment(answer.bytes, answer.contentType, answer.fileName);
  });
}

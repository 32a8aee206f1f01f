import { redirect } from "react-router";
import type { AnswersPdfBody } from "../../../registry/contract/answers-pdf";
import type { Lang } from "~/locales";
import { addFlash, withPatient } from "~/platform/auth.server";
import { attachment } from "~/platform/attachment.server";
import { answerOr } from "~/registry/reach.server";
import type { T } from "~/texts/texts";
import { translator } from "~/texts/texts.server";
import { enter } from "./flow";
import { loadDraft, today } from "./medical-history.server";
import { pathOf, REVIEW } from "./questions";
import { reviewAnswerText, reviewRows, type ReviewRow } from "./review";
import type { PortalContext } from "~/platform/context";

/**
 * 'Download as PDF' on the medical history review (MHX-010; docs/decisions/113): the review's rows as the table shows
 * them (ReviewTable in review-table.tsx), in the page's language; the registry adds the name and the day and makes the
 * tagged PDF. The answers are the draft of the session, not yet submitted: the registry has no copy to read.
 */

/** The body of the registry's answers-pdf call: the table's caption as the title, its column headings and rows. */
export function medicalHistoryAnswersPdfBody(rows: readonly ReviewRow[], t: T, lang: Lang): AnswersPdfBody {
  return {
    lang,
    title: t("medical.review.caption"),
    sections: [
      {
        heading: "",
        columns: [t("medical.review.question"), t("medical.review.answer")],
        rows: rows.map((r) => [t(`medical.review.${r.labelKey}`), reviewAnswerText(r.value, t, lang)]),
      },
    ],
  };
}

/** GET /medical-history/review/pdf: the PDF as an attachment, or the review with a message when it cannot be made. */
export async function medicalHistoryAnswersDownload(context: PortalContext): Promise<Response> {
  const failed = () => {
    addFlash(context.session, { kind: "alert", key: "medical.review.downloadFailed" });
    return redirect(pathOf(REVIEW));
  };
  return withPatient(context, async (patient) => {
    // The answers come from the session: only while the registry vouches for the sign-in (docs/decisions/023).
    if (patient.unvouched) return failed();
    const draft = await loadDraft(context, patient);
    const entered = enter(draft, REVIEW, today());
    if (!entered.ok) return redirect(pathOf(entered.redirectTo));
    const body = medicalHistoryAnswersPdfBody(reviewRows(draft.answers), translator(context.lang), context.lang);
    const answer = await answerOr(context.registry.medicalHistoryAnswersPdf(patient.token, patient.medicalRecordId, body), null);
    if (!answer?.success) return failed();
    return attachment(answer.bytes, answer.contentType, answer.fileName);
  });
}

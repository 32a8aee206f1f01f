import { ANSWERS_PDF_FILE, answersPdfBody, type AnswersPdfKind } from "../contract/answers-pdf";
import { RegistryMessage } from "../contract/envelope";
import { patientDate } from "../contract/patient-dates";
import { audit } from "../data/audit";
import { findMedicalRecord } from "../data/medical-records";
import { renderPdf, type PdfBlock } from "../domain/pdf";
import { readJsonObject } from "../http/body";
import type { Ctx } from "../http/context";
import { requireOwnRecord } from "../http/patient";
import { fileAnswer, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { bodyFieldErrors } from "../http/validation";
import { answersPdfTexts } from "../messages/answers-pdf";
import { requireOwnScreening } from "./screening";

/**
 * The patient's answers as a PDF (SCR-025, MHX-010; docs/decisions/113): the screening answers of 'View My Answers' and
 * the medical history review, as the portal shows them. Own record only (PLT-013): 403 for another's record or
 * screening. The registry adds the patient's name from the record and the day, and makes a tagged PDF (decision 046).
 */

function answersPdf(kind: AnswersPdfKind) {
  return async (ctx: Ctx, params: Record<string, string>): Promise<Response> => {
    const id = await requireOwnRecord(ctx, params.id);
    const screeningId = kind === "screening" ? await requireOwnScreening(ctx, id, params.screeningId) : null;
    const raw = await readJsonObject(ctx.request);
    const parsed = answersPdfBody.safeParse(raw);
    if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, bodyFieldErrors(parsed.error, raw));
    const record = await findMedicalRecord(ctx.db, id);
    if (!record) throw new Refusal(404, RegistryMessage.notFound);
    const now = ctx.now();
    await audit(ctx.db, {
      actor: { kind: "patient", id },
      action: "answers.download",
      medicalRecordId: id,
      detail: screeningId === null ? { kind } : { kind, screeningId },
      at: now,
    });
    const { lang, title, sections } = parsed.data;
    const t = answersPdfTexts(lang);
    const name = `${record.firstName.trim()} ${record.lastName.trim()}`.trim();
    const blocks: PdfBlock[] = [
      {
        kind: "fields",
        rows: [
          [t.patient, name],
          [t.made, patientDate(now, lang)],
        ],
      },
    ];
    for (const section of sections) {
      if (section.heading) blocks.push({ kind: "heading", text: section.heading });
      blocks.push(
        section.columns
          ? { kind: "table", columns: [...section.columns], widths: [0.55, 0.45], rows: section.rows.map((r) => [...r]) }
          : { kind: "fields", rows: section.rows },
      );
    }
    const body = await renderPdf({ title, lang, blocks, footer: t.footer, author: "National Kidney Registry", subject: title, createdAt: now });
    return fileAnswer(body, "application/pdf", ANSWERS_PDF_FILE[kind]);
  };
}

export const answersPdfRoutes: Route<Ctx>[] = [
  {
    method: "POST",
    pattern: "/api/pass/:id/screening/:screeningId/answers-pdf",
    handle: answersPdf("screening"),
    doc: {
      summary: "The answers of the patient's own screening as a PDF (screening-answers.pdf), with the questions and answers the portal shows.",
      auth: "patient",
      body: answersPdfBody,
      answer: { file: "application/pdf" },
    },
  },
  {
    method: "POST",
    pattern: "/api/pass/:id/medical-history/answers-pdf",
    handle: answersPdf("medical-history"),
    doc: {
      summary: "The patient's own medical history answers as a PDF (medical-history-answers.pdf), as the portal's review shows them.",
      auth: "patient",
      body: answersPdfBody,
      answer: { file: "application/pdf" },
    },
  },
];

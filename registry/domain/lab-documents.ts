import { textsFor, type MessageLang } from "../messages/index";
import { fill } from "../messages/index";
import type { LabValue } from "../contract/labs";
import { patientDate } from "../contract/patient-dates";
import { renderPdf, type PdfBlock } from "./pdf";

/**
 * The lab PDFs (LAB-005, LAB-007): the lab order a patient downloads and takes to the lab, and the summary of recorded
 * results when staff attached no document. Texts come from registry/messages in the patient's language.
 */

/** The panel printed on every order, in this order (keys of messages `labs.tests`). */
export const LAB_PANEL = ["cbc", "cmp", "abo", "hla", "pra", "hiv", "hepB", "hepC", "cmv", "ebv", "urinalysis"] as const;

export type LabDocumentFacts = {
  lang: MessageLang;
  patient: { firstName: string; middleInitial: string; lastName: string; birthDate: string };
  requisition: string;
  /** When the order was approved (its order date). */
  orderedAt: Date;
  /** YYYY-MM-DD, the last valid day. */
  expiresOn: string;
  centerName: string;
  /** The file's creation time. */
  now: Date;
};

export function fullName(p: LabDocumentFacts["patient"]): string {
  return [p.firstName, p.middleInitial ? `${p.middleInitial}.` : "", p.lastName].filter(Boolean).join(" ");
}

function patientAndOrder(f: LabDocumentFacts): PdfBlock[] {
  const o = textsFor(f.lang).labs.orderPdf;
  return [
    { kind: "heading", text: o.patientHeading },
    {
      kind: "fields",
      rows: [
        [o.name, fullName(f.patient)],
        [o.birthDate, patientDate(f.patient.birthDate, f.lang)],
      ],
    },
    { kind: "heading", text: o.orderHeading },
    {
      kind: "fields",
      rows: [
        [o.requisition, f.requisition],
        [o.ordered, patientDate(f.orderedAt, f.lang)],
        [o.expires, patientDate(f.expiresOn, f.lang)],
        [o.center, f.centerName],
      ],
    },
  ];
}

function panel(lang: MessageLang): PdfBlock[] {
  const t = textsFor(lang).labs;
  return [
    { kind: "heading", text: t.orderPdf.testsHeading },
    { kind: "list", items: LAB_PANEL.map((k) => t.tests[k]) },
  ];
}

/** A lab document: its title, subject and footer (with the requisition number), the patient and order, then `blocks`. */
function labPdf(texts: { title: string; subject: string; footer: string }, f: LabDocumentFacts, blocks: PdfBlock[]): Promise<Uint8Array> {
  return renderPdf({
    title: texts.title,
    subject: texts.subject,
    lang: f.lang,
    createdAt: f.now,
    footer: fill(texts.footer, { requisition: f.requisition }),
    blocks: [...patientAndOrder(f), ...blocks],
  });
}

/** The lab order: patient, requisition number, dates, center, the panel and what to do with it. */
export function labOrderPdf(f: LabDocumentFacts): Promise<Uint8Array> {
  const o = textsFor(f.lang).labs.orderPdf;
  return labPdf(o, f, [...panel(f.lang), { kind: "paragraph", text: o.instructions }]);
}

/** The values as a table: test, result, unit, reference range, flag (in the patient's language). */
function valuesTable(lang: MessageLang, values: readonly LabValue[]): PdfBlock[] {
  const r = textsFor(lang).labs.resultsPdf;
  return [
    { kind: "heading", text: r.valuesHeading },
    {
      kind: "table",
      columns: [r.columns.name, r.columns.value, r.columns.unit, r.columns.referenceRange, r.columns.flag],
      widths: [0.28, 0.18, 0.12, 0.28, 0.14],
      // A unit is one token: "mL/min/1.73m2" is never cut across lines (its column widens to hold it).
      keepWhole: [2],
      rows: values.map((v) => [v.name, v.value, v.unit, v.referenceRange, v.flag ? r.flags[v.flag] : ""]),
    },
  ];
}

/**
 * The generated results document: the order, when the results were received, and the values the lab reported
 * (docs/decisions/044); with no values recorded, a statement that the results went to the center, and the panel.
 */
export function labResultsSummaryPdf(f: LabDocumentFacts & { resultsAt: Date; values: readonly LabValue[] }): Promise<Uint8Array> {
  const r = textsFor(f.lang).labs.resultsPdf;
  const body: PdfBlock[] = f.values.length
    ? [{ kind: "paragraph", text: r.valuesStatement }, ...valuesTable(f.lang, f.values)]
    : [{ kind: "paragraph", text: r.statement }, ...panel(f.lang)];
  return labPdf(r, f, [{ kind: "fields", rows: [[r.received, patientDate(f.resultsAt, f.lang)]] }, ...body]);
}

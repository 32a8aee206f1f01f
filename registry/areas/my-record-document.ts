import type { MedicalHistory } from "../contract/medical-history";
import type { MyRecordFile } from "../contract/my-record";
import { numericDate, patientDate } from "../contract/patient-dates";
import type { Account, MedicalRecord, Screening } from "../contract/schemas";
import { usStates } from "../contract/us-states";
import type { AccessRow } from "../data/account-closure";
import type { ConsentSignature } from "../data/consent-signatures";
import type { LabOrder } from "../data/lab-orders";
import type { LabValue } from "../contract/labs";
import { renderPdf, type PdfBlock } from "../domain/pdf";
import type { MessageLang } from "../messages/index";
import { myRecordTexts, type MyRecordTexts } from "../messages/my-record";

/**
 * The patient's own record as a file (docs/decisions/108, ACC-043, ACC-044): one content, made from what the
 * registry stores, written out as JSON (the stored values, each answer also in words) or as a PDF a person reads.
 * No database, no clock: the caller passes both.
 */

export type MyRecordData = {
  record: MedicalRecord;
  account: Account | null;
  screenings: Screening[];
  screeningDates: Map<number, string>;
  labOrders: Array<LabOrder & { values: LabValue[] }>;
  medicalHistories: MedicalHistory[];
  consent: ConsentSignature | null;
  access: AccessRow[];
};

type Answer = MyRecordFile["registrationAnswers"][number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const fillIn = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (w, k: string) => values[k] ?? w);

function words(t: MyRecordTexts, table: Record<string, string>, value: number, other = ""): string {
  if (value === -1) return t.notAnswered;
  const text = table[String(value)] ?? String(value);
  return other ? fillIn(t.screening.other, { text: other }) : text;
}

const yesNo = (t: MyRecordTexts, v: boolean) => (v ? t.yes : t.no);

function registrationAnswers(t: MyRecordTexts, r: MedicalRecord, lang: MessageLang): Answer[] {
  const l = t.registration;
  const state = usStates.find((s) => s.id === r.usState)?.abbreviation ?? "";
  const address = [r.addressLine1, r.addressLine2, [r.city, r.addressIsUs ? state : r.province, r.postalCode].filter(Boolean).join(" ")]
    .filter((s) => s.trim() !== "")
    .join(", ");
  const rows: Array<[keyof typeof l, string]> = [
    ["recordNumber", String(r.id)],
    ["firstName", r.firstName],
    ["middleInitial", r.middleInitial],
    ["lastName", r.lastName],
    ["preferredName", r.preferredName],
    ["birthDate", patientDate(r.birthDate, lang)],
    ["gender", t.genders[String(r.gender)] ?? String(r.gender)],
    ["preferredLanguage", t.languages[String(r.preferredLanguage)] ?? String(r.preferredLanguage)],
    ["address", address],
    ["email", r.email],
    ["phoneNumber", r.phoneNumber],
    ["phoneNumberSecondary", r.phoneNumberSecondary],
    ["agreedToHipaa", yesNo(t, r.agreedToHipaa)],
    ["isOptedOut", yesNo(t, r.isOptedOut)],
    ["immunoFree", r.ifRegistration ? (t.ifStages[String(r.ifRegistration.currentStatus)] ?? "") : t.none],
  ];
  return rows.map(([field, answer]) => ({ field, question: l[field], answer: answer || t.none }));
}

function screeningAnswers(t: MyRecordTexts, s: Screening): Answer[] {
  const q = t.screening;
  const rows: Array<[string, string, string]> = [
    ["status", q.status, t.statuses[String(s.status)] ?? String(s.status)],
    ["kidneyStatus", q.kidneyStatus, words(t, t.kidneyStatus, s.kidneyStatus, s.kidneyStatusOther)],
    ["transplantCenterSituation", q.transplantCenterSituation, words(t, t.transplantCenterSituation, s.transplantCenterSituation)],
    ["preferredCenter", q.preferredCenter, s.preferredCenter || t.none],
    ["willingToTransfer", q.willingToTransfer, words(t, t.willingToTransfer, s.willingToTransfer)],
    ["donorStatus", q.donorStatus, words(t, t.donorStatus, s.donorStatus, s.donorStatusOther)],
    ["transplantType", q.transplantType, words(t, t.transplantType, s.transplantType)],
    ["antigenMatch", q.antigenMatch, words(t, t.antigenMatch, s.antigenMatch)],
    ["primaryGoal", q.primaryGoal, words(t, t.primaryGoal, s.primaryGoal, s.primaryGoalOther)],
  ];
  return rows.map(([field, question, answer]) => ({ field, question, answer }));
}

function historyAnswers(t: MyRecordTexts, h: MedicalHistory, lang: MessageLang): Answer[] {
  const q = t.history;
  const text = (v: string | null) => v ?? t.none;
  const rows: Array<[string, string, string]> = [
    ["receivedKidneyTransplant", q.receivedKidneyTransplant, yesNo(t, h.receivedKidneyTransplant)],
    ["lastKidneyTxpDate", q.lastKidneyTxpDate, h.lastKidneyTxpDate ? patientDate(h.lastKidneyTxpDate, lang) : t.none],
    ["addlMedicines", q.addlMedicines, text(h.addlMedicines)],
    ["birthDate", q.birthDate, patientDate(h.birthDate, lang)],
    ["height", q.height, fillIn(q.heightValue, { ft: String(h.heightFt), in: String(h.heightInches) })],
    ["weight", q.weight, String(h.weight)],
    ["hadOtherOrganTransplant", q.hadOtherOrganTransplant, yesNo(t, h.hadOtherOrganTransplant)],
    ["otherOrganTxp", q.otherOrganTxp, text(h.otherOrganTxp)],
    ["otherOrganTxpDetails", q.otherOrganTxpDetails, text(h.otherOrganTxpDetails)],
    ["birthGender", q.birthGender, h.birthGender ? q.male : q.female],
    ["hasCardiacIssues", q.hasCardiacIssues, yesNo(t, h.hasCardiacIssues)],
    ["hasPulmonaryIssues", q.hasPulmonaryIssues, yesNo(t, h.hasPulmonaryIssues)],
    ["hasImmunoDisease", q.hasImmunoDisease, yesNo(t, h.hasImmunoDisease)],
    ["hasHighBloodPressure", q.hasHighBloodPressure, yesNo(t, h.hasHighBloodPressure)],
    ["hasAllergies", q.hasAllergies, yesNo(t, h.hasAllergies)],
    ["medicalConditionComments", q.medicalConditionComments, text(h.medicalConditionComments)],
  ];
  return rows.map(([field, question, answer]) => ({ field, question, answer }));
}

/** The JSON file's content. */
export function myRecordFile(d: MyRecordData, lang: MessageLang, now: Date): MyRecordFile {
  const t = myRecordTexts(lang);
  return {
    kind: "nkr-patient-record",
    version: 1,
    language: lang,
    generatedDateTime: now.toISOString(),
    medicalRecord: d.record,
    account: d.account,
    registrationAnswers: registrationAnswers(t, d.record, lang),
    screenings: d.screenings.map((s) => ({
      ...s,
      createdDateTime: d.screeningDates.get(s.id) ?? "",
      statusText: t.statuses[String(s.status)] ?? String(s.status),
      answers: screeningAnswers(t, s),
      labOrders: d.labOrders
        .filter((o) => o.screeningId === s.id)
        .map((o) => ({
          id: o.id,
          requestedDateTime: o.requestedAt.toISOString(),
          approvedDateTime: iso(o.approvedAt),
          requisition: o.requisition,
          expirationDate: o.expiresOn,
          downloadedDateTime: iso(o.downloadedAt),
          receivedByLabDateTime: iso(o.receivedAt),
          resultsDateTime: iso(o.resultsAt),
          values: o.values,
        })),
    })),
    medicalHistories: d.medicalHistories.map((h) => ({ ...h, answers: historyAnswers(t, h, lang) })),
    consent: d.consent && {
      documentVersion: d.consent.documentVersion,
      language: d.consent.language,
      typedName: d.consent.typedName,
      signedDateTime: d.consent.signedAt.toISOString(),
      documentHash: d.consent.documentHash,
      clientAddress: d.consent.clientAddress,
      userAgent: d.consent.userAgent,
      documentHtml: d.consent.documentHtml,
    },
    accessLog: d.access.map((a) => ({
      occurredDateTime: a.occurredAt.toISOString(),
      actor: a.actor,
      action: a.action,
      description: t.access.actions[a.action] ?? a.action,
      clientAddress: a.clientAddress,
      userAgent: a.userAgent,
    })),
  };
}

/** "2025-03-10 15:00 UTC" for a time of the access log and lab orders. */
const utc = (isoText: string | null, t: MyRecordTexts) => (isoText ? `${isoText.slice(0, 16).replace("T", " ")} UTC` : t.none);

/** The newest audit entries the PDF lists (the JSON file holds them all). */
export const PDF_ACCESS_ROWS = 500;

/** The PDF a person reads: the same content, section by section. */
export async function myRecordPdf(file: MyRecordFile): Promise<Uint8Array> {
  const lang = file.language;
  const t = myRecordTexts(lang);
  const now = new Date(file.generatedDateTime);
  const fields = (answers: Answer[]): PdfBlock => ({ kind: "fields", rows: answers.map((a) => [a.question, a.answer]) });
  const blocks: PdfBlock[] = [
    { kind: "paragraph", text: t.intro },
    { kind: "fields", rows: [[t.generated, `${patientDate(now, lang)} (${utc(file.generatedDateTime, t)})`]] },
    { kind: "heading", text: t.sections.registration },
    fields(file.registrationAnswers),
  ];
  if (file.account) {
    blocks.push(
      { kind: "heading", text: t.sections.account },
      {
        kind: "fields",
        rows: [
          [t.account.registered, patientDate(file.account.registrationDateTime, lang)],
          [t.account.signInWith, t.authPreferences[String(file.account.authenticationPreference)] ?? ""],
          [t.account.emailVerified, yesNo(t, file.account.isEmailVerified)],
          [t.account.mobileVerified, yesNo(t, file.account.isMobileVerified)],
        ],
      },
    );
  }
  blocks.push({ kind: "heading", text: t.sections.screenings });
  if (file.screenings.length === 0) blocks.push({ kind: "paragraph", text: t.none });
  for (const s of file.screenings) {
    blocks.push({ kind: "heading", text: fillIn(t.screening.heading, { date: s.createdDateTime ? patientDate(s.createdDateTime, lang) : "" }) });
    blocks.push(fields(s.answers));
    if (s.centerReferrals.length) {
      blocks.push({ kind: "paragraph", text: t.sections.referrals });
      blocks.push({
        kind: "table",
        columns: t.referral.columns,
        widths: [0.5, 0.2, 0.3],
        // Referral dates as the dashboard shows them (MM/DD/YYYY, DD/MM/AAAA; docs/decisions/129).
        rows: s.centerReferrals.map((r) => [r.centerName, numericDate(r.dateReferred, lang), t.referralStatuses[String(r.statusId)] ?? r.status]),
      });
    }
    for (const o of s.labOrders) {
      const l = t.lab;
      blocks.push({ kind: "paragraph", text: fillIn(l.heading, { number: o.requisition ?? String(o.id) }) });
      blocks.push({
        kind: "fields",
        rows: [
          [l.requested, utc(o.requestedDateTime, t)],
          [l.approved, utc(o.approvedDateTime, t)],
          [l.requisition, o.requisition ?? t.none],
          [l.expires, o.expirationDate ? patientDate(o.expirationDate, lang) : t.none],
          [l.downloaded, utc(o.downloadedDateTime, t)],
          [l.received, utc(o.receivedByLabDateTime, t)],
          [l.results, utc(o.resultsDateTime, t)],
        ],
      });
      if (o.values.length) {
        blocks.push({
          kind: "table",
          columns: l.columns,
          widths: [0.3, 0.15, 0.15, 0.25, 0.15],
          rows: o.values.map((v) => [v.name, v.value, v.unit, v.referenceRange, v.flag ?? ""]),
          keepWhole: [2],
        });
      }
    }
  }
  blocks.push({ kind: "heading", text: t.sections.medicalHistory });
  if (file.medicalHistories.length === 0) blocks.push({ kind: "paragraph", text: t.none });
  for (const h of file.medicalHistories) {
    blocks.push({ kind: "paragraph", text: fillIn(t.history.heading, { date: patientDate(h.submittedDateTime, lang) }) }, fields(h.answers));
  }
  blocks.push({ kind: "heading", text: t.sections.consent });
  if (!file.consent) blocks.push({ kind: "paragraph", text: t.consent.notSigned });
  else {
    const c = file.consent;
    blocks.push({
      kind: "fields",
      rows: [
        [t.consent.signedBy, c.typedName],
        [t.consent.signedAt, utc(c.signedDateTime, t)],
        [t.consent.version, c.documentVersion],
        [t.consent.hash, c.documentHash],
        [t.consent.clientAddress, c.clientAddress],
      ],
    });
  }
  blocks.push({ kind: "heading", text: t.sections.access });
  const shown = file.accessLog.slice(0, PDF_ACCESS_ROWS);
  if (file.accessLog.length > shown.length) {
    blocks.push({ kind: "paragraph", text: fillIn(t.accessTruncated, { shown: String(shown.length), total: String(file.accessLog.length) }) });
  }
  blocks.push({
    kind: "table",
    columns: t.access.columns,
    widths: [0.25, 0.2, 0.35, 0.2],
    rows: shown.map((a) => [utc(a.occurredDateTime, t), t.access.actors[a.actor] ?? a.actor, a.description, a.clientAddress ?? ""]),
  });
  return renderPdf({ title: t.title, lang, blocks, footer: t.footer, author: "National Kidney Registry", subject: t.title, createdAt: now });
}

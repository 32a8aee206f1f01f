import { RegistryMessage } from "../contract/envelope";
import {
  isRequisitionFormat,
  LAB_RESULTS_FILE,
  LAB_STAFF_KEY_HEADER,
  LAB_TESTS_FILE,
  LabFormReason,
  LabIssue,
  LabMessage,
  labReadiness,
  labValuesBody,
  LabValuesMessage,
  labValuesRecorded,
  normalizeRequisition,
  type LabFormReasonValue,
  type LabIssueKey,
  type LabReadiness,
} from "../contract/labs";
import { screening as screeningSchema, type MedicalRecord, type Screening } from "../contract/schemas";
import { z } from "zod";
import { ValidationKey } from "../contract/validation-keys";
import { audit, type Actor } from "../data/audit";
import { StaffAccountMessage, StaffAccountReason, StaffRole } from "../contract/staff-accounts";
import { requireGrant, staffBearer } from "../http/staff";
import { labGrantOf, refuseLabOrder, staffActor } from "./staff-lab-access";
import { lockScreening } from "../data/center-selection";
import {
  currentLabOrder,
  findLabOrderByRequisition,
  latestLabResults,
  markLabOrderDownloaded,
  markLabOrderReceived,
  recordLabResults,
  screeningHasLabOrder,
  type LabOrder,
} from "../data/lab-orders";
import { findMedicalRecord } from "../data/medical-records";
import { findScreening } from "../data/screenings";
import { labOrderPdf } from "../domain/lab-documents";
import { checkLabValues, problemErrors } from "../domain/lab-values";
import { labResultsIssues, labTestsIssues, orderLabsRefusal, orderState, statusAfterResults, type LabFacts } from "../domain/lab-orders";
import { journeyText, labResultsEmail } from "../messages/compose";
import { langOf, textsFor, type MessageLang } from "../messages/index";
import { notifyPatient } from "../outbox/channels";
import { RATE_LIMITS } from "../data/rate-limits";
import { limitClient } from "../http/client";
import type { Ctx } from "../http/context";
import { sameStaffKey } from "../http/staff-key";
import { requireOwnRecord, requirePatient } from "../http/patient";
import { fileAnswer, ok, reply, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { approveDueLabOrders, placeLabOrderFor } from "./labs-approval";
import { documentFacts, generatedResultsPdf, orderPatient, recordLabValues } from "./lab-results";
import { readJsonObject } from "../http/body";
import { requireOwnScreening } from "./screening";

/**
 * The lab calls (LAB-001, LAB-002, LAB-003, LAB-004, LAB-006, PLT-019): the patient's 'Request Labs', the readiness and downloads of
 * the lab order and the results (owner-checked: the screening must belong to the token's record), and the two lab
 * staff calls, accepted only with the lab staff key.
 */

const ORDER_REFUSAL_MESSAGE: Record<string, string> = {
  [LabFormReason.optedOut]: LabMessage.optedOut,
  [LabFormReason.labsNotAvailable]: LabMessage.labsNotAvailable,
  [LabFormReason.orderPending]: LabMessage.orderPending,
  [LabFormReason.orderCurrent]: LabMessage.orderCurrent,
};

/** The patient's own screening of a screening-only path, with the patient's record. */
async function ownScreening(ctx: Ctx, params: Record<string, string>): Promise<{ screening: Screening; patient: MedicalRecord }> {
  const payload = await requirePatient(ctx);
  const screeningId = await requireOwnScreening(ctx, payload.sub, params.screeningId);
  const [screening, patient] = await Promise.all([findScreening(ctx.db, screeningId), findMedicalRecord(ctx.db, payload.sub)]);
  if (!screening || !patient) throw new Refusal(404, RegistryMessage.notFound);
  return { screening, patient };
}

function facts(screening: Screening, patient: MedicalRecord, order: LabOrder | null): LabFacts {
  return {
    status: screening.status,
    preferredCenterId: screening.preferredCenterId,
    isOptedOut: patient.isOptedOut,
    // The newest order is superseded only when a lab declined it (docs/decisions/133): then there is none.
    order: order && !order.supersededAt ? { requestedAt: order.requestedAt, approvedAt: order.approvedAt, expiresOn: order.expiresOn } : null,
  };
}

/** `?lang=en|es` when given (the page's language), else the patient's preferred language. */
function messageLang(ctx: Ctx, patient: MedicalRecord): MessageLang {
  const asked = ctx.url.searchParams.get("lang");
  return asked === "es" || asked === "en" ? asked : langOf(patient.preferredLanguage);
}

/** 409 'Issues' (LAB-003): the reasons, their texts in the patient's language, and a form reason for the portal. */
function issuesRefusal(issues: LabIssueKey[], lang: MessageLang): Response {
  const texts = textsFor(lang).labs.issues;
  const results: LabReadiness = { ready: false, reasons: issues, messages: issues.map((k) => texts[k]) };
  const form = issues.includes(LabIssue.optedOut) ? LabFormReason.optedOut : LabFormReason.labsNotAvailable;
  return reply(409, {
    success: false,
    results,
    message: form === LabFormReason.optedOut ? LabMessage.optedOut : LabMessage.labsNotAvailable,
    errors: { form },
  });
}

function readiness(ready: boolean): Response {
  const results: LabReadiness = { ready, reasons: [], messages: [] };
  return reply(200, { success: ready, results, message: null });
}

/** A download that is not there yet: 409 with an empty readiness and the form reason. */
function notYet(form: LabFormReasonValue, message: string): Response {
  const results: LabReadiness = { ready: false, reasons: [], messages: [] };
  return reply(409, { success: false, results, message, errors: { form } });
}

/**
 * POST /api/pass/{id}/screening/{screeningId}/order-labs ('Request Labs', LAB-008): places a new lab order for
 * the patient's own screening at the lab step; answers the screening. 409 errors.form: opted out, not at the lab
 * step, an order waiting less than 7 days, an approved order not expired (domain/lab-orders.ts orderLabsRefusal).
 */
async function orderLabs(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const medicalRecordId = await requireOwnRecord(ctx, params.id);
  const screeningId = await requireOwnScreening(ctx, medicalRecordId, params.screeningId);
  const now = ctx.now();
  await approveDueLabOrders(ctx.db, ctx.settings, now, screeningId);
  await ctx.db.transaction(async (tx) => {
    await lockScreening(tx, screeningId);
    const screening = (await findScreening(tx, screeningId))!;
    const patient = (await findMedicalRecord(tx, medicalRecordId))!;
    const refusal = orderLabsRefusal(facts(screening, patient, await currentLabOrder(tx, screeningId)), now);
    if (refusal) throw new Refusal(409, ORDER_REFUSAL_MESSAGE[refusal] ?? RegistryMessage.badRequest, { form: refusal });
    await placeLabOrderFor(tx, ctx.settings, screeningId, medicalRecordId, now);
  });
  return ok(await findScreening(ctx.db, screeningId));
}

/** The patient's screening and its current lab order (approving it first when it is due), with the Issues. */
async function testsState(ctx: Ctx, params: Record<string, string>) {
  const { screening, patient } = await ownScreening(ctx, params);
  const now = ctx.now();
  await approveDueLabOrders(ctx.db, ctx.settings, now, screening.id);
  const order = await currentLabOrder(ctx.db, screening.id);
  const f = facts(screening, patient, order);
  return { screening, patient, order, now, approved: orderState(f.order, now) === "approved", issues: labTestsIssues(f, now) };
}

/** GET /api/pass/screening/{screeningId}/lab-tests/ready: success true once approved, false while waiting; 409 Issues. */
async function labTestsReady(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { patient, approved, issues } = await testsState(ctx, params);
  if (issues.length) return issuesRefusal(issues, messageLang(ctx, patient));
  return readiness(approved);
}

/**
 * GET /api/pass/screening/{screeningId}/lab-tests/download: the lab order PDF (application/pdf, lab-tests.pdf) in the
 * patient's language; stamps prescriptionDownloadDateTime. Not approved yet: 409 orderNotApproved; Issues: 409.
 */
async function labTestsDownload(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { screening, patient, order, approved, issues, now } = await testsState(ctx, params);
  if (issues.length) return issuesRefusal(issues, messageLang(ctx, patient));
  if (!order || !approved) return notYet(LabFormReason.orderNotApproved, LabMessage.orderNotApproved);
  const pdf = await labOrderPdf(documentFacts(patient, screening, order, now));
  await ctx.db.transaction(async (tx) => {
    await markLabOrderDownloaded(tx, order, now);
    await audit(tx, {
      actor: { kind: "patient", id: patient.id },
      action: "labs.order.download",
      medicalRecordId: patient.id,
      detail: { labOrderId: order.id },
      at: now,
    });
  });
  return fileAnswer(pdf, "application/pdf", LAB_TESTS_FILE);
}

async function resultsState(ctx: Ctx, screeningId: number) {
  const [results, hasOrder] = await Promise.all([latestLabResults(ctx.db, screeningId), screeningHasLabOrder(ctx.db, screeningId)]);
  return { results, issues: labResultsIssues({ hasResults: results !== null, hasOrder }) };
}

/** GET /api/pass/screening/{screeningId}/lab-results/ready: success true once results are recorded; 409 without an order. */
async function labResultsReady(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { screening, patient } = await ownScreening(ctx, params);
  const { results, issues } = await resultsState(ctx, screening.id);
  if (issues.length) return issuesRefusal(issues, messageLang(ctx, patient));
  return readiness(results !== null);
}

/** GET /api/pass/screening/{screeningId}/lab-results/download: the results PDF (attached by staff, or the generated summary). */
async function labResultsDownload(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { screening, patient } = await ownScreening(ctx, params);
  const { results, issues } = await resultsState(ctx, screening.id);
  if (issues.length) return issuesRefusal(issues, messageLang(ctx, patient));
  if (!results) return notYet(LabFormReason.resultsPending, LabMessage.resultsPending);
  await audit(ctx.db, {
    actor: { kind: "patient", id: patient.id },
    action: "labs.results.download",
    medicalRecordId: patient.id,
    detail: { labOrderId: results.orderId },
    at: ctx.now(),
  });
  return fileAnswer(results.pdf, "application/pdf", LAB_RESULTS_FILE);
}

/**
 * LAB-006: who may make the lab staff calls (docs/decisions/133): a signed-in lab person (`Authorization: Bearer st_…`)
 * of the order's lab; another lab's order answers 404 requisitionUnknown, as an unknown one, audited as
 * `staff.refused`. Only with STAFF_SHARED_KEYS=on (the changeover), the shared lab key in X-Lab-Staff-Key too: compared
 * first, in constant time: a right key is never counted and never refused (docs/decisions/094); a wrong one counts
 * against the per-client-address limit of wrong keys (docs/decisions/021): 401, and 429 once over it. Without
 * either: 401 before anything else, so requisition numbers cannot be probed. Then the requisition: trimmed,
 * upper-cased, spaces and hyphens dropped; 400 errors.requisition when it cannot be one; 404 requisitionUnknown when
 * no approved order has it.
 */
async function staffOrder(ctx: Ctx, params: Record<string, string>): Promise<{ order: LabOrder; actor: Actor }> {
  const person = staffBearer(ctx.request) !== null ? await requireGrant(ctx, StaffRole.lab) : null;
  if (!person) {
    const key = ctx.request.headers.get(LAB_STAFF_KEY_HEADER);
    if (!ctx.settings.staffSharedKeys && !key) {
      throw new Refusal(401, StaffAccountMessage[StaffAccountReason.sessionEnded], { form: StaffAccountReason.sessionEnded });
    }
    if (!ctx.settings.staffSharedKeys || !sameStaffKey(key ?? "", ctx.settings.labStaffKey)) {
      await limitClient(ctx, RATE_LIMITS.labStaffKey);
      await audit(ctx.db, { actor: { kind: "anonymous" }, action: "labs.staff.refused", at: ctx.now() });
      throw new Refusal(401, LabMessage.staffKeyInvalid, { form: LabFormReason.staffKeyInvalid });
    }
  }
  const requisition = normalizeRequisition(params.requisition ?? "");
  if (!isRequisitionFormat(requisition)) throw new Refusal(400, RegistryMessage.badRequest, { requisition: ValidationKey.invalidValue });
  const order = await findLabOrderByRequisition(ctx.db, requisition);
  if (!person) {
    if (!order) throw new Refusal(404, LabMessage.requisitionUnknown, { form: LabFormReason.requisitionUnknown });
    return { order, actor: { kind: "staffKey", role: "lab" } };
  }
  const grant = order && labGrantOf(person.staff, order.labId);
  if (!order || !grant) {
    await refuseLabOrder(ctx, person.staff, person.grant, { requisition });
    throw new Refusal(404, LabMessage.requisitionUnknown, { form: LabFormReason.requisitionUnknown });
  }
  return { order, actor: staffActor(person.staff, grant) };
}

/** A lab's call on one order: staffOrder's checks, then `act` as the order's actor, answered with `message` only. */
function orderCall(act: (ctx: Ctx, order: LabOrder, actor: Actor) => Promise<void>, message: string) {
  return async (ctx: Ctx, params: Record<string, string>): Promise<Response> => {
    const { order, actor } = await staffOrder(ctx, params);
    await act(ctx, order, actor);
    return ok(null, message);
  };
}

/** GET (or POST) /api/pass/update-lab-requisition/{requisition}: the lab received the order. Answers no patient data. */
const updateLabRequisition = orderCall(receiveLabOrder, LabMessage.requisitionUpdated);

/** The lab received the order (the first time is kept); audited as `actor`. */
export async function receiveLabOrder(ctx: Ctx, order: LabOrder, actor: Actor): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await markLabOrderReceived(tx, order.id, now);
    await audit(tx, { actor, action: "labs.requisition.received", detail: { labOrderId: order.id }, at: now });
  });
}

/**
 * GET (or POST) /api/pass/process-lab-results/{requisition}: records the results — the PDF staff attached
 * (attach-lab-results), else a generated summary — sets labsUploadedDateTime and moves the status to SentToCenter
 * (domain/lab-orders.ts statusAfterResults); emails the patient. Answers no patient data.
 */
const processLabResults = orderCall(recordResultsOf, LabMessage.resultsUpdated);

/** The results of an approved order are in (process-lab-results, and the lab's console); audited as `actor`. */
export async function recordResultsOf(ctx: Ctx, order: LabOrder, actor: Actor): Promise<void> {
  const now = ctx.now();
  const { patient } = await orderPatient(ctx.db, order);
  // The summary is made outside the transaction (PGlite runs one thing at a time); an attached PDF wins over it.
  const generated = order.resultsSource === "attached" ? null : await generatedResultsPdf(ctx.db, order, now, now);
  await ctx.db.transaction(async (tx) => {
    await lockScreening(tx, order.screeningId);
    const current = (await findScreening(tx, order.screeningId))!;
    await recordLabResults(tx, {
      orderId: order.id,
      screeningId: order.screeningId,
      generated,
      status: statusAfterResults(current.status),
      now,
    });
    await notifyPatient(
      tx,
      ctx.settings,
      patient.id,
      "labs",
      {
        email: (lang, to) => labResultsEmail(lang, to, `${ctx.settings.publicUrl}/landing`),
        text: (lang, to) => journeyText(lang, to, "labResults"),
      },
      now,
    );
    await audit(tx, {
      actor,
      action: "labs.results.record",
      medicalRecordId: patient.id,
      detail: { labOrderId: order.id },
      at: now,
    });
  });
}

/**
 * POST /api/pass/lab-result-values/{requisition} (docs/decisions/044): the values the lab reported, by a lab person
 * of the order's lab (or the shared key in the changeover), checked first as on the other staff calls. 400 with
 * `values.{i}.{field}` errors for a bad set, nothing stored. Answers the count only.
 */
async function recordLabResultValues(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { order, actor } = await staffOrder(ctx, params);
  const body = await readJsonObject(ctx.request);
  const checked = checkLabValues(body.values);
  if (!checked.ok) throw new Refusal(400, RegistryMessage.badRequest, problemErrors(checked.problems));
  const { recorded } = await recordLabValues(ctx.db, order, checked.values, ctx.now(), actor);
  return ok({ recorded }, LabValuesMessage.recorded);
}

/** `?lang=` of the readiness and download calls. */
const langQuery = z.object({
  lang: z.enum(["en", "es"]).optional().describe("The language of `messages` (the patient's preferred one when left out)."),
});
const pdf = { file: "application/pdf" } as const;
const received = { summary: "The lab received the order (answers no patient data).", auth: ["staff", "lab-staff"], answer: z.null() } as const;
const processed = {
  summary: "Record the order's results and send the registration to the center (answers no patient data).",
  auth: ["staff", "lab-staff"],
  answer: z.null(),
} as const;

/** A lab document's two calls: whether the patient can download it (409 with the reasons not), and the PDF. */
function documentRoutes(
  document: "lab-tests" | "lab-results",
  ready: Route<Ctx>["handle"],
  download: Route<Ctx>["handle"],
  summary: { ready: string; download: string },
): Route<Ctx>[] {
  const refusals = { 409: labReadiness };
  return [
    {
      method: "GET",
      pattern: `/api/pass/screening/:screeningId/${document}/ready`,
      handle: ready,
      doc: { summary: summary.ready, auth: "patient", query: langQuery, answer: labReadiness, refusals },
    },
    {
      method: "GET",
      pattern: `/api/pass/screening/:screeningId/${document}/download`,
      handle: download,
      doc: { summary: summary.download, auth: "patient", query: langQuery, answer: pdf, refusals },
    },
  ];
}

export const labRoutes: Route<Ctx>[] = [
  {
    method: "POST",
    pattern: "/api/pass/:id/screening/:screeningId/order-labs",
    handle: orderLabs,
    doc: { summary: "Request Labs: place a new lab order for the screening.", auth: "patient", answer: screeningSchema },
  },
  ...documentRoutes("lab-tests", labTestsReady, labTestsDownload, {
    ready: "Whether the lab order can be downloaded (409 with the reasons it cannot).",
    download: "The lab order (lab-tests.pdf).",
  }),
  ...documentRoutes("lab-results", labResultsReady, labResultsDownload, {
    ready: "Whether the lab results can be downloaded (409 with the reasons they cannot).",
    download: "The lab results (lab-results.pdf).",
  }),
  // GET as the spec's call table has them (PLT-019); POST too, for clients that should not repeat them on a reload.
  { method: "GET", pattern: "/api/pass/update-lab-requisition/:requisition", handle: updateLabRequisition, doc: received },
  { method: "POST", pattern: "/api/pass/update-lab-requisition/:requisition", handle: updateLabRequisition, doc: received },
  { method: "GET", pattern: "/api/pass/process-lab-results/:requisition", handle: processLabResults, doc: processed },
  { method: "POST", pattern: "/api/pass/process-lab-results/:requisition", handle: processLabResults, doc: processed },
  {
    method: "POST",
    pattern: "/api/pass/lab-result-values/:requisition",
    handle: recordLabResultValues,
    doc: {
      summary: "Record the values the lab reported (replaces the order's whole set).",
      auth: ["staff", "lab-staff"],
      body: labValuesBody,
      answer: labValuesRecorded,
    },
  },
];

import type { LabValue } from "../contract/labs";
import type { MedicalRecord, Screening } from "../contract/schemas";
import { audit, type Actor } from "../data/audit";
import { replaceGeneratedResults, type LabOrder } from "../data/lab-orders";
import { labResultValues, replaceLabResultValues } from "../data/lab-result-values";
import { findMedicalRecord } from "../data/medical-records";
import { findScreening, screeningOwner } from "../data/screenings";
import type { Db } from "../db/types";
import { labResultsSummaryPdf, type LabDocumentFacts } from "../domain/lab-documents";
import { langOf } from "../messages/index";

/**
 * The generated results document and the recorded values (LAB-007; docs/decisions/044), shared by the lab staff
 * calls (areas/labs.ts) and the staff command record-lab-values.
 */

export function documentFacts(patient: MedicalRecord, screening: Screening, order: LabOrder, now: Date): LabDocumentFacts {
  return {
    lang: langOf(patient.preferredLanguage),
    patient: {
      firstName: patient.firstName,
      middleInitial: patient.middleInitial,
      lastName: patient.lastName,
      birthDate: patient.birthDate,
    },
    requisition: order.requisition ?? "",
    orderedAt: order.approvedAt ?? order.requestedAt,
    expiresOn: order.expiresOn ?? "",
    centerName: screening.preferredCenter,
    now,
  };
}

/** The order's screening and its patient. */
export async function orderPatient(db: Db, order: LabOrder): Promise<{ screening: Screening; patient: MedicalRecord }> {
  const screening = (await findScreening(db, order.screeningId))!;
  const patient = (await findMedicalRecord(db, (await screeningOwner(db, order.screeningId))!))!;
  return { screening, patient };
}

/** The generated results summary: the order, when the results came, and the values recorded for it (if any). */
export async function generatedResultsPdf(db: Db, order: LabOrder, resultsAt: Date, now: Date): Promise<Uint8Array> {
  const { screening, patient } = await orderPatient(db, order);
  const values = await labResultValues(db, order.id);
  return labResultsSummaryPdf({
    ...documentFacts(patient, screening, order, now),
    resultsAt,
    values,
  });
}

/**
 * Records the order's values (replacing any earlier set); `actor`: the lab key holder or a command's operator. When the results were already recorded with a generated
 * summary, the summary is made again with the new values; an attached PDF stays the document. The audit entry holds
 * the count, never the values.
 */
export async function recordLabValues(
  db: Db,
  order: LabOrder,
  values: readonly LabValue[],
  now: Date,
  actor: Actor,
): Promise<{ recorded: number; summaryReplaced: boolean }> {
  let summaryReplaced = false;
  await db.transaction(async (tx) => {
    await replaceLabResultValues(tx, order.id, values, now);
    await audit(tx, {
      actor,
      action: "labs.values.record",
      detail: { labOrderId: order.id, count: values.length },
      at: now,
    });
  });
  // Made outside the transaction (PGlite runs one thing at a time), from the values now stored.
  if (order.resultsAt && order.resultsSource === "generated") {
    summaryReplaced = await replaceGeneratedResults(db, order.id, await generatedResultsPdf(db, order, order.resultsAt, now), now);
  }
  return { recorded: values.length, summaryReplaced };
}

import type { LabDocumentFacts } from "../domain/lab-documents";

/** Test fixture: the facts of Ana Lopez's lab order K7P4ACDE (Lakeside Kidney Institute), ordered and printed on 2025-03-10, in English. */
export function aLabDocument(patch: Partial<LabDocumentFacts> = {}): LabDocumentFacts {
  return {
    lang: "en",
    patient: { firstName: "Ana", middleInitial: "", lastName: "Lopez", birthDate: "1980-05-17" },
    requisition: "K7P4ACDE",
    orderedAt: new Date("2025-03-10T12:00:00Z"),
    expiresOn: "2025-06-08",
    centerName: "Lakeside Kidney Institute",
    now: new Date("2025-03-10T12:00:00Z"),
    ...patch,
  };
}

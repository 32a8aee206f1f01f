import { RegistrationStatus } from "../../registry/contract/enums";
import { parseRegistryDate } from "../../registry/contract/registry-dates";
import type { Screening } from "../../registry/contract/schemas";

/**
 * Which views a registration (screening) shows, read by the dashboard's card and the select-center page alike (so they
 * live below both features).
 */

/**
 * Not cleared, at least at select-center (or ruled out), and not sent to center (DSH-008). The side statuses
 * (98, 99) are numerically above select-center, so "or ruled out" is already covered; it is kept as the spec says it.
 */
export function showsNotClearedView(s: Pick<Screening, "isCleared" | "status">): boolean {
  return (
    !s.isCleared &&
    (s.status >= RegistrationStatus.SelectCenter || s.status === RegistrationStatus.RuledOut) &&
    s.status !== RegistrationStatus.SentToCenter
  );
}

/** Whether lab results are uploaded. */
export const labsUploaded = (s: Pick<Screening, "labsUploadedDateTime">) => parseRegistryDate(s.labsUploadedDateTime) !== null;

/** Labs are required until lab results are uploaded (DSH-007). */
export function labsRequired(s: Pick<Screening, "labsUploadedDateTime">): boolean {
  return !labsUploaded(s);
}

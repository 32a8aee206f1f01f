import type { Screening } from "../../registry/contract/schemas";
import { RegistrationStatus } from "../../registry/contract/enums";
import { LAB_REQUEST_WINDOW_DAYS } from "../../registry/contract/limits";
import { DAY_MS, endOf, readRegistryDate } from "../../registry/contract/registry-dates";

/**
 * The Lab Tests step's button (LAB-001), first match wins:
 * 1. labs uploaded -> 'Download Results';
 * 2. status is the lab step, or sent to center, and the prescription is not yet expired -> 'Download Labs' (an order
 *    placed at SentToCenter by a change of center is approved and emailed like any other:
 *    docs/decisions/036);
 * 3. status is the lab step and (no valid request date or the request is older than 7 days) -> 'Request Labs';
 * 4. a request within the last 7 days (and, by rule 1, no labs uploaded) -> the text 'Lab Order Requested';
 * otherwise nothing.
 *
 * Rule 3 of the spec adds "(no valid expiry or expiry not past)", which after rule 2 leaves only "no valid
 * expiry" and would give a patient whose order expired no way to ask for a new one (a dead end). The product
 * reads it as "no current prescription": after rule 2 fails, an expired order may be requested again
 * (LAB-008: 'Request Labs' posts order-labs again).
 * An expiry date without a time is valid through that whole day (UTC).
 */

/** The lab times of a screening (ISO 8601; the expiry YYYY-MM-DD; empty when not set). */
export type LabScreening = Pick<Screening, "id" | "status" | "labsUploadedDateTime" | "prescriptionRequestDateTime" | "prescriptionExpirationDate">;

export type LabButton =
  | { kind: "downloadResults"; labelKey: "landing.labs.downloadResults"; href: `/lab-results/${number}` }
  | { kind: "downloadLabs"; labelKey: "landing.labs.downloadLabs"; href: `/lab-tests/${number}` }
  /** A POST form button (order-labs). */
  | { kind: "requestLabs"; labelKey: "landing.labs.requestLabs" }
  /** Plain text, not a button. */
  | { kind: "labOrderRequested"; labelKey: "landing.labs.labOrderRequested" }
  | { kind: "none" };

export function labButton(s: LabScreening, now: Date): LabButton {
  const t = now.getTime();
  const uploaded = readRegistryDate(s.labsUploadedDateTime);
  const requested = readRegistryDate(s.prescriptionRequestDateTime);
  const expiry = readRegistryDate(s.prescriptionExpirationDate);
  const labStep = s.status === RegistrationStatus.CompleteLabTests;
  const ordersDownloadable = labStep || s.status === RegistrationStatus.SentToCenter;
  const requestAge = requested ? t - requested.at.getTime() : null;

  if (uploaded) return { kind: "downloadResults", labelKey: "landing.labs.downloadResults", href: `/lab-results/${s.id}` };
  if (ordersDownloadable && expiry && t <= endOf(expiry))
    return { kind: "downloadLabs", labelKey: "landing.labs.downloadLabs", href: `/lab-tests/${s.id}` };
  if (labStep && (requestAge === null || requestAge > LAB_REQUEST_WINDOW_DAYS * DAY_MS))
    return { kind: "requestLabs", labelKey: "landing.labs.requestLabs" };
  if (requestAge !== null && requestAge <= LAB_REQUEST_WINDOW_DAYS * DAY_MS)
    return { kind: "labOrderRequested", labelKey: "landing.labs.labOrderRequested" };
  return { kind: "none" };
}

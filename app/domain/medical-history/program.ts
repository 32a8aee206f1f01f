import { ImmunoFreeStatus } from "../../../registry/contract/enums";

/**
 * The medical history belongs to the ImmunoFree program (001 §2.13, DECISIONS D12): a patient fills it once screened
 * as a candidate (stage Registration or later). Anyone else goes back to the dashboard with this reason
 * (issue 12 item 9); the registry's stage rules stay as they are.
 */
export function medicalHistoryRefusal(registration: { currentStatus: number } | null): "medical.notInProgram" | null {
  if (!registration || registration.currentStatus < ImmunoFreeStatus.Registration) return "medical.notInProgram";
  return null;
}

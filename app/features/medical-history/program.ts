import { mayFillMedicalHistory } from "../../../registry/contract/medical-history";
import { MedicalHistoryReason } from "../../../registry/contract/medical-history-refusal";

/**
 * The medical history belongs to the ImmunoFree program (MHX-006): a patient fills it once screened
 * as a candidate. The rule is the registry's (`mayFillMedicalHistory` in registry/contract/medical-history.ts), which
 * refuses the submission too (decision 051); anyone else goes back to the dashboard with this reason.
 */
export function medicalHistoryRefusal(registration: { currentStatus: number } | null): typeof MedicalHistoryReason.notInProgram | null {
  return mayFillMedicalHistory(registration?.currentStatus ?? null) ? null : MedicalHistoryReason.notInProgram;
}

import { ImmunoFreeStatus } from "../../../registry/contract/enums";
import { signatureMatches } from "../../../registry/contract/e-sign";
import { withoutBidiControls } from "../../../registry/contract/text-rules";

/**
 * The e-sign page's rules (ESG-001, ESG-002; DSH-013). Plain module: the page's script uses the
 * same comparison to enable Continue that the server uses to accept the signature.
 */

/**
 * Why a typed name does not sign yet, for the hint beside Continue (decision 038): "case" when only capital letters
 * differ, "name" otherwise; null when it signs or nothing is typed yet.
 */
export function signatureMismatch(typedName: string, fullName: string): "case" | "name" | null {
  if (signatureMatches(typedName, fullName) || withoutBidiControls(typedName).trim() === "") return null;
  const folded = (s: string) => withoutBidiControls(s).trim().normalize("NFC").toLocaleLowerCase();
  return fullName !== "" && folded(typedName) === folded(fullName) ? "case" : "name";
}

/** Why the consent cannot be signed now; the keys are the registry's refusals (contract/e-sign.ts ESignReason). */
export type ESignRefusal = "eSign.notInProgram" | "eSign.medicalHistoryFirst" | "eSign.alreadySigned";

/**
 * /e-sign makes sense only once the medical history is in and before the consent is signed: the stage reached is
 * MedicalHistory (docs/decisions/015). Otherwise the patient goes back to the dashboard with the reason.
 */
export function eSignRefusal(registration: { currentStatus: number } | null): ESignRefusal | null {
  if (!registration) return "eSign.notInProgram";
  if (registration.currentStatus < ImmunoFreeStatus.MedicalHistory) return "eSign.medicalHistoryFirst";
  if (registration.currentStatus > ImmunoFreeStatus.MedicalHistory) return "eSign.alreadySigned";
  return null;
}

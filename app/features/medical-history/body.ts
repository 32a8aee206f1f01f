import type { MedicalHistoryBody } from "../../../registry/contract/medical-history";
import type { Answers } from "./draft";
import { MALE, YES } from "./questions";
import { firstInvalidPosition } from "./validation";
import { parseWeight } from "./weight";

/**
 * The draft's answers as the body of POST /api/pass/{id}/medical-history (MHX-007, PLT-019): yes/no as booleans (true
 * for 1), birthGender true for male, numbers as numbers, texts trimmed with an empty text null. The answers of a
 * question that does not apply (its condition answered No) are null, even when the draft still holds an answer
 * given before the condition changed: that answer is dropped, never sent.
 *
 * Refuses (with the first question to fix) a draft that does not pass the questions' checks.
 */
export type BodyResult = { ok: true; body: MedicalHistoryBody } | { ok: false; position: number };

const text = (v: string | undefined) => (v && v.trim() !== "" ? v.trim() : null);

export function submissionBody(a: Answers, today: string, registeredBirthDate?: string): BodyResult {
  const invalid = firstInvalidPosition(a, today, registeredBirthDate);
  if (invalid !== null) return { ok: false, position: invalid };
  const kidney = a.receivedKidneyTransplant === YES;
  const other = a.hadOtherOrganTransplant === YES;
  return {
    ok: true,
    body: {
      receivedKidneyTransplant: kidney,
      lastKidneyTxpDate: kidney ? text(a.lastKidneyTxpDate) : null,
      addlMedicines: kidney ? text(a.addlMedicines) : null,
      birthDate: a.birthDate!.trim(),
      heightFt: Number(a.heightFt),
      heightInches: Number(a.heightInches),
      weight: parseWeight(a.weight!)!,
      hadOtherOrganTransplant: other,
      otherOrganTxp: other ? text(a.otherOrganTxp) : null,
      otherOrganTxpDetails: other ? text(a.otherOrganTxpDetails) : null,
      birthGender: a.birthGender === MALE,
      hasCardiacIssues: a.hasCardiacIssues === YES,
      hasPulmonaryIssues: a.hasPulmonaryIssues === YES,
      hasImmunoDisease: a.hasImmunoDisease === YES,
      hasHighBloodPressure: a.hasHighBloodPressure === YES,
      hasAllergies: a.hasAllergies === YES,
      medicalConditionComments: text(a.medicalConditionComments),
    },
  };
}

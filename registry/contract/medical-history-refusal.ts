/**
 * The registry's refusal of a medical history from a patient who is not a candidate of the immune-tolerance program
 * (`mayFillMedicalHistory`, docs/decisions/051). A module of its own, outside the contract's index, so that only the
 * medical-history pages carry its text (app/texts/texts-coverage.test.ts follows imports).
 */

/** Reason of a refused submission (409, `errors.form`); the portal translates it. */
export const MedicalHistoryReason = {
  /** The patient is not a candidate of the immune-tolerance program (`mayFillMedicalHistory`). */
  notInProgram: "medical.notInProgram",
} as const;

/** English message of that refusal (the envelope's `message`). */
export const MedicalHistoryMessage = {
  notInProgram: "Only candidates of the immune-tolerance program can submit the medical history",
} as const;

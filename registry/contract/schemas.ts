import { z } from "zod";

/** Request and response shapes of the calls of PLT-019 built so far. */

export const authenticateRequest = z.object({ email: z.string().max(254), password: z.string().max(1000) });
export const authResult = z.object({ token: z.string(), medicalRecordId: z.number().int(), expires: z.string() });
export type AuthResult = z.infer<typeof authResult>;

export const refreshResult = z.object({ token: z.string(), expires: z.string() });
export const validateTokenResult = z.object({ medicalRecordId: z.number().int() });

export const lookupData = z.object({
  languageList: z.array(z.object({ id: z.number().int(), code: z.string(), label: z.string() })),
  genderList: z.array(z.object({ id: z.number().int(), description: z.string() })),
  usStatesList: z.array(z.object({ id: z.number().int(), abbreviation: z.string(), description: z.string() })),
});
export type LookupData = z.infer<typeof lookupData>;

export const addressValidation = z.object({
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip5: z.string(),
});
export type AddressValidation = z.infer<typeof addressValidation>;

export const account = z.object({
  authenticationPreference: z.number().int(),
  registrationDateTime: z.string(),
  isEmailVerified: z.boolean(),
  isMobileVerified: z.boolean(),
});
export type Account = z.infer<typeof account>;

export const ifRegistration = z.object({
  id: z.number().int(),
  medicalRecordId: z.number().int(),
  isOptedOut: z.boolean(),
  currentStatus: z.number().int(),
  declineReason: z.string().nullable(),
  createdDateTime: z.string(),
});

export const medicalRecord = z.object({
  id: z.number().int(),
  firstName: z.string(),
  middleInitial: z.string(),
  lastName: z.string(),
  birthDate: z.string(),
  preferredName: z.string(),
  preferredLanguage: z.number().int(),
  gender: z.number().int(),
  addressIsUs: z.boolean(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  usState: z.number().int(),
  province: z.string(),
  postalCode: z.string(),
  country: z.number().int(),
  email: z.string(),
  phoneNumber: z.string(),
  phoneNumberSecondary: z.string(),
  agreedToHipaa: z.boolean(),
  isOptedOut: z.boolean(),
  entryreferrer: z.string(),
  ifRegistration: ifRegistration.nullable(),
  /** When the latest medical history was submitted (ISO 8601), null when none (MHX-005; contract/medical-history.ts). */
  medicalHistoryDateTime: z.string().nullable().optional(),
  /** When the immune-tolerance consent was signed (ISO 8601), null when not signed (ESG-003; contract/e-sign.ts). */
  eSignDateTime: z.string().nullable().optional(),
});
export type MedicalRecord = z.infer<typeof medicalRecord>;

export const centerReferral = z.object({
  centerId: z.number().int(),
  centerName: z.string(),
  dateReferred: z.string(),
  statusId: z.number().int(),
  status: z.string(),
});

/**
 * The screening list item (SCR-020). status is the registry's (SCR-014); preferredCenterId 0 = none.
 * Lab times are ISO 8601 and prescriptionExpirationDate YYYY-MM-DD; an empty text means not set.
 */
/**
 * A screening's answers (registry/contract/enums.ts codes; the `…Other` texts where the patient chose Other): the
 * patient's screening and a center's referral (contract/staff-center.ts) both carry them.
 */
export const screeningAnswers = z.object({
  kidneyStatus: z.number().int(),
  kidneyStatusOther: z.string(),
  transplantCenterSituation: z.number().int(),
  willingToTransfer: z.number().int(),
  donorStatus: z.number().int(),
  donorStatusOther: z.string(),
  primaryGoal: z.number().int(),
  primaryGoalOther: z.string(),
  transplantType: z.number().int(),
  antigenMatch: z.number().int(),
});
export type ScreeningAnswers = z.infer<typeof screeningAnswers>;

export const screening = z.object({
  id: z.number().int(),
  status: z.number().int(),
  ...screeningAnswers.shape,
  isCleared: z.boolean(),
  isImmunoFreeCandidate: z.boolean(),
  isCenterConfirmed: z.boolean(),
  preferredCenterId: z.number().int(),
  preferredCenter: z.string(),
  centerReferrals: z.array(centerReferral),
  labsOrdered: z.boolean(),
  prescriptionDownloadDateTime: z.string(),
  prescriptionRequestDateTime: z.string(),
  prescriptionExpirationDate: z.string(),
  labsUploadedDateTime: z.string(),
});
export type Screening = z.infer<typeof screening>;

export const passRecord = z.object({
  medicalRecord,
  account: account.nullable(),
  screeningList: z.array(screening),
});
export type PassRecord = z.infer<typeof passRecord>;

/** Demo outbox entry (PLT-015), newest first. */
export const outboxEntry = z.object({
  channel: z.enum(["email", "sms"]),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntry>;

/** Registration answer (PLT-019, ACC-019): auth results, or a refusal with field errors or an address to confirm. */
export const registerAnswer = z.object({
  success: z.boolean(),
  results: authResult.nullable(),
  message: z.string().nullable(),
  errors: z.record(z.string(), z.string()).optional(),
  addressValidation: addressValidation.nullable().optional(),
});
export type RegisterAnswer = z.infer<typeof registerAnswer>;

/** GET /health. */
export const healthResult = z.object({ database: z.literal("ok") });
export type HealthResult = z.infer<typeof healthResult>;

/** POST /revoke-token (sign out everywhere, ACC-032): the time from which earlier tokens are refused. */
export const revokeResult = z.object({ tokensValidAfter: z.string() });
export type RevokeResult = z.infer<typeof revokeResult>;

import { z } from "zod";
import {
  AntigenMatch,
  BiologicalRelative,
  DonorStatus,
  KidneyStatus,
  PrimaryGoal,
  ReferralStatus,
  Transfer,
  TransplantCenterSituation,
} from "./enums";
import type { FieldErrors } from "./registration";
import { ValidationKey } from "./validation-keys";

/**
 * Shapes of the screening and transplant-center calls of PLT-019 (the screening list item and center referral
 * shapes are in schemas.ts: `screening`, `centerReferral`).
 */

/**
 * A transplant center (CEN-013; the spec's two "{hash}" fields are the low-eplet and the
 * NKR-last-12-months counts). `distanceInMiles` is null in the plain list and for a postal code with no known
 * location (the portal shows "--"). `yearRangeLastDate` is the end of the prior-year window, MM/DD/YYYY.
 */
export const transplantCenter = z.object({
  centerId: z.number().int(),
  centerName: z.string(),
  stateAbbr: z.string(),
  distanceInMiles: z.number().nullable(),
  isKidneyForLifeParticipant: z.boolean(),
  isMicrositeCenterOfExcellence: z.boolean(),
  isMicrositeParticipant: z.boolean(),
  isMemberCenter: z.boolean(),
  isRecipientShieldParticipant: z.boolean(),
  performsNonSteroidProtocol: z.boolean(),
  hasVoucherProgram: z.boolean(),
  lowEpletTransplantsLast12Months: z.number().int().nullable(),
  nkrTransplantsLast12Months: z.number().int(),
  yearRangeLdNkrFacilitated: z.number().int(),
  allLivingDonorTransplantsPriorYear: z.number().int().nullable(),
  nkrPercentLdTransplants: z.number(),
  yearRangeLastDate: z.string(),
});
export type TransplantCenter = z.infer<typeof transplantCenter>;

/** The distance filter of the select-center screen (CEN-001): 100, 300, 1000 miles or 0 = any. */
export const DISTANCE_FILTERS = [100, 300, 1000, 0] as const;
export const DEFAULT_DISTANCE_FILTER = 300;

/** Longest free text of a screening (the three "Other" descriptions). */
import { SCREENING_TEXT_MAX } from "./limits";
export { SCREENING_TEXT_MAX };

/** The numeric values of an enumeration object (e.g. KidneyStatus). */
function enumValues(e: Record<string, number>): number[] {
  return Object.values(e);
}
/** A number that is one of an enumeration's values (Unknown, -1, included). */
const enumValue = (e: Record<string, number>) => {
  const values = enumValues(e);
  return z
    .number()
    .int()
    .refine((v) => values.includes(v));
};
const otherText = z
  .string()
  .max(SCREENING_TEXT_MAX)
  .nullish()
  .transform((v) => (v ?? "").trim());

/**
 * The server-bound body of POST /api/pass/{id}/screening and PUT .../screening/{screeningId} (SCR-020):
 * willingToTransfer is sent as `isWillingToTransfer`. The registry computes the status itself (SCR-014);
 * a `status` sent along is ignored. Texts may be left out (empty); every other field is required.
 */
export const screeningBody = z.object({
  kidneyStatus: enumValue(KidneyStatus),
  kidneyStatusOther: otherText,
  transplantCenterSituation: enumValue(TransplantCenterSituation),
  isWillingToTransfer: enumValue(Transfer),
  donorStatus: enumValue(DonorStatus),
  donorStatusOther: otherText,
  primaryGoal: enumValue(PrimaryGoal),
  primaryGoalOther: otherText,
  transplantType: enumValue(BiologicalRelative),
  antigenMatch: enumValue(AntigenMatch),
  isCleared: z.boolean(),
  isCenterConfirmed: z.boolean(),
  isImmunoFreeCandidate: z.boolean(),
  /** 0 = no center; otherwise the centerId of a known center. */
  preferredCenterId: z.number().int().min(0).max(2_147_483_647),
});
export type ScreeningBody = z.infer<typeof screeningBody>;

/**
 * The "Other" rules of a screening body (SCR-004): a description is required when Other is chosen
 * (kidney status, donor status, primary goal). Field -> `validation.required`.
 */
export function screeningBodyErrors(
  b: Pick<ScreeningBody, "kidneyStatus" | "kidneyStatusOther" | "donorStatus" | "donorStatusOther" | "primaryGoal" | "primaryGoalOther">,
): FieldErrors {
  const e: FieldErrors = {};
  if (b.kidneyStatus === KidneyStatus.Other && !b.kidneyStatusOther.trim()) e.kidneyStatusOther = ValidationKey.required;
  if (b.donorStatus === DonorStatus.Other && !b.donorStatusOther.trim()) e.donorStatusOther = ValidationKey.required;
  if (b.primaryGoal === PrimaryGoal.Other && !b.primaryGoalOther.trim()) e.primaryGoalOther = ValidationKey.required;
  return e;
}

/** The display text of a referral status (centerReferral.status). */
export const REFERRAL_STATUS_TEXT: Readonly<Record<number, string>> = {
  [ReferralStatus.PendingCenter]: "Pending Center",
  [ReferralStatus.CenterApproved]: "Center Approved",
  [ReferralStatus.CancelledByPatient]: "Cancelled by Patient",
  [ReferralStatus.CompletedByCenter]: "Completed by Center",
  [ReferralStatus.DeclinedByCenter]: "Declined by Center",
  [ReferralStatus.CancelledByCenter]: "Cancelled by Center",
};

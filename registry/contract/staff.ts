import { z } from "zod";
import { ImmunoFreeStatus, ReferralStatus } from "./enums";

/**
 * The staff calls that move a registration on after the patient's part (docs/decisions/041):
 * transplant-center staff set a referral to Center Approved or Completed by Center, the immune-tolerance program's
 * staff move a record's program stage to Pre-workup Labs or Completed. Each call needs its staff key in a header
 * (never the patient's bearer token) and answers ids and statuses only, never patient data.
 */

/** The header center staff give their key in (setting CENTER_STAFF_KEY). */
export const CENTER_STAFF_KEY_HEADER = "X-Center-Staff-Key";
/** The header program staff give their key in (setting PROGRAM_STAFF_KEY). */
export const PROGRAM_STAFF_KEY_HEADER = "X-Program-Staff-Key";

/** The referral statuses staff may set. */
export const STAFF_REFERRAL_STATUSES = [ReferralStatus.CenterApproved, ReferralStatus.CompletedByCenter] as const;
/** The program stages staff may set. */
export const STAFF_PROGRAM_STAGES = [ImmunoFreeStatus.Preworkuplab, ImmunoFreeStatus.Completed] as const;

/** POST /api/staff/referrals/{referralId}/status */
export const referralStatusBody = z.object({
  statusId: z.union([z.literal(STAFF_REFERRAL_STATUSES[0]), z.literal(STAFF_REFERRAL_STATUSES[1])]),
});
export type ReferralStatusBody = z.infer<typeof referralStatusBody>;

/** POST /api/staff/program/{medicalRecordId}/stage */
export const programStageBody = z.object({
  stage: z.union([z.literal(STAFF_PROGRAM_STAGES[0]), z.literal(STAFF_PROGRAM_STAGES[1])]),
});
export type ProgramStageBody = z.infer<typeof programStageBody>;

/** The answer of a referral status change: ids and the status, no names. */
export const referralStatusResult = z.object({
  referralId: z.number().int(),
  screeningId: z.number().int(),
  centerId: z.number().int(),
  statusId: z.number().int(),
  status: z.string(),
});
export type ReferralStatusResult = z.infer<typeof referralStatusResult>;

/** The answer of a program stage change. */
export const programStageResult = z.object({ medicalRecordId: z.number().int(), stage: z.number().int() });
export type ProgramStageResult = z.infer<typeof programStageResult>;

/** `errors.form` keys of the refusals of these calls. */
export const StaffReason = {
  /** 410: the shared staff keys are retired (STAFF_SHARED_KEYS is off): staff sign in to the staff console. */
  sharedKeysRetired: "staff.sharedKeysRetired",
  /** 401: missing or wrong staff key (or none configured for this kind of staff). */
  staffKeyInvalid: "staff.keyInvalid",
  /** 404: no referral has this id. */
  referralUnknown: "staff.referralUnknown",
  /** 409: the referral was cancelled by the patient or is already completed: nothing more can change. */
  referralClosed: "staff.referralClosed",
  /** 409: the referral already has this status. */
  referralAlreadyAt: "staff.referralAlreadyAt",
  /** 409: Completed by Center before the registration was sent to the center (the lab results recorded). */
  notSentToCenter: "staff.notSentToCenter",
  /** 404: the record is not in the immune-tolerance program. */
  notInProgram: "staff.notInProgram",
  /** 409: the program stage is not the one before the stage asked for (stages move one at a time, never back). */
  stageNotNext: "staff.stageNotNext",
} as const;
export type StaffReasonValue = (typeof StaffReason)[keyof typeof StaffReason];

/** English `message` texts of these calls. */
export const StaffMessage: Record<StaffReasonValue | "referralUpdated" | "stageUpdated", string> = {
  "staff.sharedKeysRetired":
    "The shared staff keys are retired: staff sign in with their own account at /staff (the registry's STAFF_SHARED_KEYS setting is off)",
  "staff.keyInvalid": "A valid staff key is required",
  "staff.referralUnknown": "No referral has this id",
  "staff.referralClosed": "This referral is closed and cannot change",
  "staff.referralAlreadyAt": "The referral already has this status",
  "staff.notSentToCenter": "The registration has not been sent to the center yet (lab results not recorded)",
  "staff.notInProgram": "This record is not in the immune-tolerance program",
  "staff.stageNotNext": "The program stage can only move to the next stage",
  referralUpdated: "Referral status updated",
  stageUpdated: "Program stage updated",
};

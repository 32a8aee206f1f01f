import { z } from "zod";
import { ReferralStatus } from "./enums";
import { screeningAnswers } from "./schemas";

/**
 * The transplant center's area of the staff console (docs/decisions/133): the referrals to the person's center(s),
 * one referral with what the center needs and no more, and the center's steps on it. Every call needs a signed-in
 * staff person with a center grant of the referral's center (registry/http/staff.ts); a referral of another center is
 * answered 404 as if unknown, and the refusal is audited.
 */

const positiveId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((n) => n <= 2_147_483_647);

/** GET /api/staff/center/referrals?status=&centerId= (both optional; centerId one of the person's centers). */
export const centerReferralsQuery = z.object({
  status: z
    .string()
    .regex(/^[1-6]$/)
    .transform(Number)
    .optional(),
  centerId: positiveId.optional(),
});
export type CenterReferralsQuery = z.infer<typeof centerReferralsQuery>;

/** One referral of the list: who and when, its status; no health data. */
export const centerReferralItem = z.object({
  referralId: z.number().int(),
  centerId: z.number().int(),
  centerName: z.string(),
  patientName: z.string(),
  /** ISO 8601. */
  dateReferred: z.string(),
  statusId: z.number().int(),
  status: z.string(),
});
export type CenterReferralItem = z.infer<typeof centerReferralItem>;

/** Where the patient's lab tests are: none ordered yet, ordered (waiting for approval), approved with its requisition, results received. */
export const CenterLabStatus = { none: "none", ordered: "ordered", approved: "approved", resultsReceived: "resultsReceived" } as const;
export type CenterLabStatusValue = (typeof CenterLabStatus)[keyof typeof CenterLabStatus];

/** One referral with what the center needs (docs/decisions/133): the patient's name, birth date, contacts, screening answers, lab status, consent. */
export const centerReferralDetail = z.object({
  referralId: z.number().int(),
  centerId: z.number().int(),
  centerName: z.string(),
  dateReferred: z.string(),
  statusId: z.number().int(),
  status: z.string(),
  /** The center's reason for a declined or cancelled referral; empty otherwise. */
  centerReason: z.string(),
  patient: z.object({
    firstName: z.string(),
    middleInitial: z.string(),
    lastName: z.string(),
    preferredName: z.string(),
    /** YYYY-MM-DD. */
    birthDate: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
  }),
  /** The screening's answers (registry/contract/enums.ts codes; the `…Other` texts where the patient chose Other). */
  screening: screeningAnswers,
  lab: z.object({
    status: z.enum([CenterLabStatus.none, CenterLabStatus.ordered, CenterLabStatus.approved, CenterLabStatus.resultsReceived]),
    requisition: z.string().nullable(),
    /** ISO 8601, or null. */
    orderedAt: z.string().nullable(),
    approvedAt: z.string().nullable(),
    resultsAt: z.string().nullable(),
  }),
  /** The signed immune-tolerance consent (its PDF at …/consent.pdf), or null when not signed. */
  consent: z.object({ signedAt: z.string() }).nullable(),
});
export type CenterReferralDetail = z.infer<typeof centerReferralDetail>;

export const CENTER_REASON_MAX = 500;

/** POST /api/staff/center/referrals/{id}/status: approve (2), complete (4), decline (5) or cancel (6) with a reason. */
export const centerStatusBody = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve") }),
  z.object({ action: z.literal("complete") }),
  z.object({ action: z.literal("decline"), reason: z.string().trim().min(1).max(CENTER_REASON_MAX) }),
  z.object({ action: z.literal("cancel"), reason: z.string().trim().min(1).max(CENTER_REASON_MAX) }),
]);
export type CenterStatusBody = z.infer<typeof centerStatusBody>;
export type CenterAction = CenterStatusBody["action"];

/** The status each action sets. */
export const CENTER_ACTION_STATUS = {
  approve: ReferralStatus.CenterApproved,
  complete: ReferralStatus.CompletedByCenter,
  decline: ReferralStatus.DeclinedByCenter,
  cancel: ReferralStatus.CancelledByCenter,
} as const satisfies Record<CenterAction, number>;

/** The answer of a step: the referral's id and new status. */
export const centerStatusResult = z.object({ referralId: z.number().int(), statusId: z.number().int(), status: z.string() });
export type CenterStatusResult = z.infer<typeof centerStatusResult>;

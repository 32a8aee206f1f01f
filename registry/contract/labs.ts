import { z } from "zod";
import { CHANGE_CENTER_OTHER_MAX } from "./limits";
import { centerReferral } from "./schemas";

/**
 * Shapes of the center selection (CEN-006, CEN-008, CEN-009, CEN-011, PLT-019) and the lab calls (LAB-002, LAB-003, LAB-004, LAB-006, PLT-019).
 */

/** The change-center reasons of CEN-009 (the Additional Center Registration dialog); -1 is the placeholder. */
export const CHANGE_CENTER_REASONS = [1, 2, 3, 4] as const;
export const CHANGE_CENTER_REASON_OTHER = 4;
/** Longest 'Additional Information' text (limits.ts, so browser code can read it too). */

/**
 * POST /api/pass/{id}/screening/{screeningId}/center. `reason` and `other` are the cancel-center details: the
 * registry requires a reason (1-4; 'This is required' = `validation.required` for null, -1 or 0) when the selection
 * changes away from a current center (the change-center decision of CEN-009), and `other` when the reason is Other
 * (4). They are ignored for a first selection and may then be null or left out. `other` is trimmed; at most
 * CHANGE_CENTER_OTHER_MAX characters.
 */
export const selectCenterBody = z.object({
  centerId: z.number().int().min(1).max(2_147_483_647),
  reason: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null),
  // Trimmed first, so the limit counts what is kept (as the portal's form rule does).
  other: z
    .string()
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : v.trim()))
    .pipe(z.string().max(CHANGE_CENTER_OTHER_MAX).nullable()),
});
export type SelectCenterBody = z.infer<typeof selectCenterBody>;

/** Its answer (PLT-019, CEN-008): the selected center and the screening's referrals, newest first. */
export const centerSelection = z.object({
  centerId: z.number().int(),
  centerName: z.string(),
  centerReferrals: z.array(centerReferral),
});
export type CenterSelection = z.infer<typeof centerSelection>;

/**
 * Reasons a whole request was refused (`errors.form`), for the portal to translate. The English `message` of the
 * answer is in LabMessage.
 */
export const LabFormReason = {
  /**
   * 409 on a center selection: the current center's referral is still Pending Center and was referred within the
   * last 3 days (CEN-009) -> 'Please Give Additional Time' (the center is the screening's preferred center;
   * the English `message` names it).
   */
  giveAdditionalTime: "center.giveAdditionalTime",
  /** 409: the center chosen is already the screening's preferred center (the Select button is disabled for it). */
  sameCenter: "center.sameCenter",
  /** 409: this screening is not at a stage where a center can be chosen (screening, ruled out, immune tolerance). */
  centerNotAvailable: "center.notAvailable",
  /** 409: the patient has opted out (DSH-012); nothing is selected or ordered until they opt in. */
  optedOut: "labs.optedOut",
  /** 409 on order-labs: a lab order is waiting for approval and was requested within the last 7 days (LAB-001). */
  orderPending: "labs.orderPending",
  /** 409 on order-labs: an approved, unexpired lab order exists (download it instead). */
  orderCurrent: "labs.orderCurrent",
  /** 409 on order-labs / lab readiness: not at the lab step, or no center selected. */
  labsNotAvailable: "labs.notAvailable",
  /** 409 on lab-tests/download: the lab order is waiting for approval. */
  orderNotApproved: "labs.orderNotApproved",
  /** 409 on lab-results/download: the results are not in yet ('Your lab results are not yet ready.'). */
  resultsPending: "labs.resultsPending",
  /** 401 on the lab staff calls: missing or wrong `X-Lab-Staff-Key`. */
  staffKeyInvalid: "labs.staffKeyInvalid",
  /** 404 on the lab staff calls: no approved lab order has this requisition number. */
  requisitionUnknown: "labs.requisitionUnknown",
} as const;
export type LabFormReasonValue = (typeof LabFormReason)[keyof typeof LabFormReason];

/** English `message` texts of these calls. */
export const LabMessage = {
  giveAdditionalTime: "Please wait at least three (3) days for {{center}} to contact you before you select a new transplant center.",
  sameCenter: "This transplant center is already selected",
  centerNotAvailable: "A transplant center cannot be selected for this registration",
  optedOut: "You have opted out of the registration process",
  orderPending: "Your lab order was requested and is awaiting approval",
  orderCurrent: "Your lab order is ready to download",
  labsNotAvailable: "There is nothing to order for this registration",
  orderNotApproved: "Your lab order is awaiting approval",
  resultsPending: "Your lab results are not yet ready.",
  staffKeyInvalid: "A valid lab staff key is required",
  requisitionUnknown: "No lab order has this requisition number",
  requisitionUpdated: "Successfully updated lab requisition",
  resultsUpdated: "Successfully updated lab results",
} as const;

/**
 * Why there is nothing to download (LAB-003, LAB-004): keys of `labReadiness.reasons`. The registry also
 * answers each as a text in the patient's language (`messages`, from registry/messages).
 */
export const LabIssue = {
  /** The patient opted out (DSH-012). */
  optedOut: "optedOut",
  /** The screening is not at the lab step (Screening, Select Center, ruled out, immune tolerance). */
  wrongStatus: "wrongStatus",
  /** No transplant center is selected. */
  noCenter: "noCenter",
  /** No lab order was placed. */
  noOrder: "noOrder",
  /** The lab order expired (90 days after approval): request labs again. */
  orderExpired: "orderExpired",
} as const;
export type LabIssueKey = (typeof LabIssue)[keyof typeof LabIssue];

/**
 * GET /api/pass/screening/{screeningId}/lab-tests/ready and /lab-results/ready (LAB-003, LAB-004):
 * - 200 `success: true`, `ready: true`: the download is ready (Ready);
 * - 200 `success: false`, `ready: false`, no reasons: not yet (lab order awaiting approval / results not in: Pending);
 * - 409 `success: false`, `reasons` + `messages`: nothing to download (Issues), with `errors.form` =
 *   LabFormReason.optedOut or labsNotAvailable.
 * The same shape comes with a refused download (…/download answering JSON instead of a PDF).
 * `messages` are in the language of `?lang=en|es` when given, else the patient's preferred language.
 */
export const labReadiness = z.object({
  ready: z.boolean(),
  reasons: z.array(z.string()),
  messages: z.array(z.string()),
});
export type LabReadiness = z.infer<typeof labReadiness>;

/** The file names the downloads suggest (LAB-005: lab-tests.pdf / lab-results.pdf). */
export const LAB_TESTS_FILE = "lab-tests.pdf";
export const LAB_RESULTS_FILE = "lab-results.pdf";

/** The header lab staff give the key in (LAB-006) on update-lab-requisition and process-lab-results. */
export const LAB_STAFF_KEY_HEADER = "X-Lab-Staff-Key";

/**
 * Requisition numbers: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B), so they can
 * be read over the phone and typed. Typed input is trimmed, upper-cased, and spaces and hyphens are dropped.
 */
export const REQUISITION_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY";
export const REQUISITION_LENGTH = 8;
export function normalizeRequisition(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "");
}
export function isRequisitionFormat(normalized: string): boolean {
  return new RegExp(`^[${REQUISITION_ALPHABET}]{${REQUISITION_LENGTH}}$`).test(normalized);
}

/**
 * POST /api/pass/lab-result-values/{requisition} (LAB-007 'the recorded values'; docs/decisions/044), with the
 * lab staff key: the values the lab reported for an approved order, `{ "values": [LabValueInput, ...] }`, 1 to
 * LAB_VALUES_MAX of them. Recording again replaces the whole set. Answers `{ recorded: n }`, no patient data.
 * A refused body: 400 with field errors keyed `values` or `values.{index}.{field}` (validation keys).
 */
export type LabValueInput = { name: string; value: string; unit?: string; referenceRange?: string; flag?: string | null };

/** Flags a value may carry (the summary prints them in the patient's language). */
export const LAB_VALUE_FLAGS = ["normal", "low", "high", "abnormal", "critical"] as const;
export type LabValueFlag = (typeof LAB_VALUE_FLAGS)[number];

/** A value as recorded: trimmed, unit and range "" when not given, flag null when not given. */
export type LabValue = { name: string; value: string; unit: string; referenceRange: string; flag: LabValueFlag | null };

/** Most values one order takes, and each field's longest text (characters). */
export const LAB_VALUES_MAX = 100;
export const LAB_VALUE_LIMITS = { name: 80, value: 60, unit: 20, referenceRange: 40 } as const;

export const LabValuesMessage = { recorded: "Successfully recorded lab values" } as const;

/**
 * The body of POST /api/pass/lab-result-values/{requisition} as described to clients (docs/decisions/102); the call
 * checks it with domain/lab-values.ts checkLabValues (texts trimmed, a result may be a number, a flag one of
 * LAB_VALUE_FLAGS or an HL7 abnormal flag, each test name once).
 */
export const labValuesBody = z.object({
  values: z
    .array(
      z.object({
        name: z.string().max(LAB_VALUE_LIMITS.name),
        value: z.union([z.string().max(LAB_VALUE_LIMITS.value), z.number()]),
        unit: z.string().max(LAB_VALUE_LIMITS.unit).nullish(),
        referenceRange: z.string().max(LAB_VALUE_LIMITS.referenceRange).nullish(),
        flag: z.string().nullish(),
      }),
    )
    .min(1)
    .max(LAB_VALUES_MAX),
});
/** Its answer: how many values were recorded. */
export const labValuesRecorded = z.object({ recorded: z.number().int() });

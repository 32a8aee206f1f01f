/** Plain limits shared by the portal's browser code and the registry (no zod here, so the browser can import it). */
export const SCREENING_TEXT_MAX = 500;

/** Medical history (MHX-003, MHX-007): the answers' ranges and text lengths. */
export const MEDICAL_HISTORY_DATE_MIN = "1920-01-01";
export const HEIGHT_FT_MIN = 1;
export const HEIGHT_FT_MAX = 7;
export const HEIGHT_INCHES_MIN = 0;
export const HEIGHT_INCHES_MAX = 11;
/** Weight in pounds, at most one decimal. */
export const WEIGHT_LB_MIN = 50;
export const WEIGHT_LB_MAX = 1000;
/** addlMedicines, otherOrganTxpDetails, medicalConditionComments. */
export const MEDICAL_HISTORY_TEXT_MAX = 1000;
/** otherOrganTxp: which other organ(s). */
export const OTHER_ORGAN_TEXT_MAX = 200;
/** The typed signature of the e-sign page (ESG-002): first and last name (100 each) and a space. */
export const SIGNATURE_NAME_MAX = 201;

/** The 'Additional Information' of the change-center dialog (CEN-010): the same limit as the screening's texts. */
export const CHANGE_CENTER_OTHER_MAX = SCREENING_TEXT_MAX;

/** The registration's birth date: from this day (ACC-011) to today (isoToday). */
export const BIRTH_DATE_MIN = "1920-01-01";

/** Today's date as YYYY-MM-DD in UTC. */
export function isoToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** 'Lab request window 7 days' (LAB-001): a waiting lab order blocks a new request for 7 days (the registry refuses
 * one; the dashboard shows no Request Labs button). */
export const LAB_REQUEST_WINDOW_DAYS = 7;

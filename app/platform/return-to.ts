/**
 * Where a page changed from a check-your-answers page goes back to (SCR-023, MHX-008; docs/decisions/110). The target
 * travels in the Change link (`?returnTo=`) and in the question's form (a hidden field), so it works without
 * JavaScript; it is taken only when it is exactly one of the check pages below (an allow-list, not a pattern), so
 * no value can send the patient anywhere else.
 */
export const RETURN_TO = "returnTo";

/** The screening's summary (the Validate step) and the medical history's review. */
export const SCREENING_SUMMARY = "/screening/patient-validation";
export const MEDICAL_HISTORY_REVIEW = "/medical-history/review";

export type ReturnTarget = typeof SCREENING_SUMMARY | typeof MEDICAL_HISTORY_REVIEW;

/** The return target a value names, when it is one of `allowed`; null for anything else (or nothing). */
export function returnTarget(value: unknown, allowed: readonly ReturnTarget[]): ReturnTarget | null {
  if (typeof value !== "string") return null;
  return allowed.find((target) => target === value) ?? null;
}

/** A page's address carrying the return target, or the address alone when there is none. */
export function withReturnTo(path: string, target: ReturnTarget | null): string {
  return target ? `${path}?${RETURN_TO}=${encodeURIComponent(target)}` : path;
}

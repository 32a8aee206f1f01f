import { describe, expect, it } from "vitest";
import { MEDICAL_HISTORY_REVIEW, returnTarget, SCREENING_SUMMARY, withReturnTo } from "./return-to";

describe("the return target of a Change link (SCR-023, MHX-008; docs/decisions/110)", () => {
  it.each([
    [SCREENING_SUMMARY, [SCREENING_SUMMARY], SCREENING_SUMMARY],
    [MEDICAL_HISTORY_REVIEW, [MEDICAL_HISTORY_REVIEW], MEDICAL_HISTORY_REVIEW],
    // a check page of the other questionnaire is not a way back from this one
    [MEDICAL_HISTORY_REVIEW, [SCREENING_SUMMARY], null],
    // anything else, however close, is refused: no open redirect
    ["//evil.example/screening/patient-validation", [SCREENING_SUMMARY], null],
    ["https://evil.example/screening/patient-validation", [SCREENING_SUMMARY], null],
    ["/screening/patient-validation?x=1", [SCREENING_SUMMARY], null],
    ["/screening/patient-validation/../../landing", [SCREENING_SUMMARY], null],
    ["%2Fscreening%2Fpatient-validation", [SCREENING_SUMMARY], null],
    ["/screening/complete", [SCREENING_SUMMARY], null],
    ["", [SCREENING_SUMMARY], null],
    [null, [SCREENING_SUMMARY], null],
    [undefined, [SCREENING_SUMMARY], null],
  ] as const)("%j allowed %j: %j", (value, allowed, expected) => {
    expect(returnTarget(value, allowed)).toBe(expected);
  });

  it("travels in the query, encoded; no target, the address alone", () => {
    expect(withReturnTo("/screening/donor-situation", SCREENING_SUMMARY)).toBe(
      "/screening/donor-situation?returnTo=%2Fscreening%2Fpatient-validation",
    );
    expect(withReturnTo("/medical-history/heart", null)).toBe("/medical-history/heart");
    const url = new URL(withReturnTo("/medical-history/heart", MEDICAL_HISTORY_REVIEW), "http://portal.invalid");
    expect(returnTarget(url.searchParams.get("returnTo"), [MEDICAL_HISTORY_REVIEW])).toBe(MEDICAL_HISTORY_REVIEW);
  });
});

import { describe, expect, it } from "vitest";
import en from "~/locales/en/index";
import es from "~/locales/es/index";
import { E_SIGN_KEYS } from "../../../registry/contract/e-sign";
import { MEDICAL_HISTORY_KEYS } from "../../../registry/contract/medical-history";
import { MEDICAL_HISTORY_TEXT_MAX, OTHER_ORGAN_TEXT_MAX } from "../../../registry/contract/limits";
import { QUESTIONS } from "./questions";
import { reviewRows } from "./review";
import { PROGRAM_STAGES, immuneToleranceStages } from "~/components/program-stages";
import { MedicalErrorKey } from "./validation";

function text(messages: object, key: string): unknown {
  return key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), messages);
}

function expectKey(key: string) {
  expect(typeof text(en, key), `en ${key}`).toBe("string");
  expect(typeof text(es, key), `es ${key}`).toBe("string");
}

describe("every key the medical history, e-sign and stage rules use exists in English and Spanish", () => {
  it("the questions and their review labels", () => {
    for (const q of QUESTIONS) expectKey(`medical.questions.${q.key}.question`);
    for (const q of QUESTIONS.filter((q) => q.hint)) expectKey(`medical.questions.${q.key}.hint`);
    expectKey("medical.questions.otherOrgan.organLabel");
    expectKey("medical.questions.otherOrgan.detailsLabel");
    const all = {
      receivedKidneyTransplant: "1",
      hadOtherOrganTransplant: "1",
    } as const;
    for (const row of reviewRows(all)) expectKey(`medical.review.${row.labelKey}`);
  });
  it("the portal's and the registry's error keys", () => {
    for (const key of [...Object.values(MedicalErrorKey), ...MEDICAL_HISTORY_KEYS, ...E_SIGN_KEYS]) expectKey(key);
  });
  it("the stages and next actions", () => {
    for (const s of PROGRAM_STAGES) expectKey(s.labelKey);
    for (let reached = 0; reached <= 5; reached += 1) {
      const next = immuneToleranceStages({
        currentStatus: reached,
        isOptedOut: false,
      })!.next;
      expectKey(next.textKey);
      if (next.kind === "link") expectKey(next.labelKey);
    }
    expectKey(immuneToleranceStages({ currentStatus: 1, isOptedOut: true })!.next.textKey);
  });
  it("the length messages name the limits", () => {
    expect(en.medical.errors.textTooLong).toContain(String(MEDICAL_HISTORY_TEXT_MAX));
    expect(en.medical.errors.organTooLong).toContain(String(OTHER_ORGAN_TEXT_MAX));
    expect(es.medical.errors.textTooLong).toContain(String(MEDICAL_HISTORY_TEXT_MAX));
    expect(es.medical.errors.organTooLong).toContain(String(OTHER_ORGAN_TEXT_MAX));
  });
  it("the spec's texts are quoted exactly (MHX-001, MHX-004, MHX-005, ESG-001)", () => {
    expect(en.medical.title).toBe("Medical History Questionnaire");
    expect(en.medical.questionOf).toBe("Question {{number}} of {{total}}");
    expect(en.medical.review.back).toBe("Back to Questions");
    expect(en.medical.review.submit).toBe("Confirm and Submit");
    expect(en.medical.review.none).toBe("None");
    expect(en.medical.complete).toBe("Medical History Complete");
    expect(en.medical.saveFailed).toBe("We were unable to update your profile");
    expect(en.eSign.title).toBe("E-Sign");
  });
});

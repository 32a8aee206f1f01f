import { describe, expect, it } from "vitest";
import type { MedicalHistoryDraft } from "./draft";
import { afterChange, changeHrefOf, withChangeLinks } from "./check-answers";
import { answer } from "./flow";
import { pathOf, positionOfSlug, REVIEW } from "./questions";
import { MEDICAL_HISTORY_REVIEW } from "~/platform/return-to";
import { reviewRows } from "./review";
import { complete } from "./test-answers";

const TODAY = "2025-06-15";
const reviewed: MedicalHistoryDraft = { owner: 1, answers: complete, furthest: REVIEW };

/** The patient opens `slug` from the review and presses Next with `values`: where they go. */
function changeOn(slug: string, values: Record<string, string>): string {
  const got = answer(reviewed, positionOfSlug(slug)!, values, "next", TODAY);
  if (!got.ok) throw new Error(JSON.stringify(got.errors));
  return afterChange(got.draft, TODAY);
}

describe("MHX-008: each review row's Change link", () => {
  it("the way back is the review's own address", () => {
    expect(MEDICAL_HISTORY_REVIEW).toBe(pathOf(REVIEW));
  });

  it("opens the question that asks it, carrying the way back", () => {
    expect(changeHrefOf("heightFt")).toBe("/medical-history/height?returnTo=%2Fmedical-history%2Freview");
    expect(changeHrefOf("otherOrganTxpDetails")).toBe("/medical-history/other-organ?returnTo=%2Fmedical-history%2Freview");
    const rows = withChangeLinks(reviewRows(complete));
    expect(rows.find((r) => r.field === "hasAllergies")?.changeHref).toBe("/medical-history/allergies?returnTo=%2Fmedical-history%2Freview");
    expect(rows.every((r) => r.changeHref.endsWith("?returnTo=%2Fmedical-history%2Freview"))).toBe(true);
  });
});

describe("MHX-008: after a change, back to the review unless a question now needs an answer", () => {
  it.each([
    ["allergies", { hasAllergies: "1" }, "/medical-history/review"],
    ["weight", { weight: "170" }, "/medical-history/review"],
    // No to a kidney transplant hides its two questions: nothing more to answer
    ["kidney-transplant", { receivedKidneyTransplant: "0" }, "/medical-history/review"],
    // Yes to another organ shows 'which organ', unanswered: asked, then back to the review
    ["other-organ-transplant", { hadOtherOrganTransplant: "1" }, "/medical-history/other-organ?returnTo=%2Fmedical-history%2Freview"],
  ] as const)("%s with %j: %s", (slug, values, expected) => {
    expect(changeOn(slug, values)).toBe(expected);
  });
});

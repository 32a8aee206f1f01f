import { describe, expect, it } from "vitest";
import { MEDICAL_HISTORY_FIELDS } from "../../../registry/contract/enums";
import type { Answers } from "./draft";
import { isShown, nextPosition, previousPosition, questionNumber, resumePosition, shownPositions } from "./navigation";
import { pathOf, positionOfSlug, QUESTION_COUNT, QUESTIONS, REVIEW } from "./questions";

const at = (slug: string) => positionOfSlug(slug)!;
const kidneyNo: Answers = { receivedKidneyTransplant: "0" };
const kidneyYes: Answers = { receivedKidneyTransplant: "1" };
const organNo: Answers = { hadOtherOrganTransplant: "0" };
const bothNo: Answers = { ...kidneyNo, ...organNo };

describe("the questions (MHX-001, MHX-002)", () => {
  it("are 15, in the spec's field order, each answer asked once", () => {
    expect(QUESTION_COUNT).toBe(15);
    expect(QUESTIONS.flatMap((q) => q.fields)).toEqual(MEDICAL_HISTORY_FIELDS);
  });
  it("the transplant date and the anti-rejection medicines depend on a kidney transplant, the organ details on another organ", () => {
    expect(QUESTIONS.filter((q) => q.condition).map((q) => [q.slug, q.condition])).toEqual([
      ["last-kidney-transplant", "receivedKidneyTransplant"],
      ["anti-rejection-medicines", "receivedKidneyTransplant"],
      ["other-organ", "hadOtherOrganTransplant"],
    ]);
  });
  it.each([
    ["kidney-transplant", 0, "/medical-history/kidney-transplant"],
    ["other-conditions", 14, "/medical-history/other-conditions"],
    ["review", REVIEW, "/medical-history/review"],
  ])("slug %s is position %i at %s", (slug, position, path) => {
    expect(positionOfSlug(slug)).toBe(position);
    expect(pathOf(position)).toBe(path);
  });
  it.each([[undefined], [null], [""], ["nothing"], ["REVIEW"]])("an unknown slug (%s) has no position", (slug) => {
    expect(positionOfSlug(slug)).toBeUndefined();
  });
});

describe("conditional questions are shown unless their condition is No", () => {
  it.each([
    ["last-kidney-transplant", {}, true],
    ["last-kidney-transplant", kidneyYes, true],
    ["last-kidney-transplant", kidneyNo, false],
    ["anti-rejection-medicines", kidneyNo, false],
    ["other-organ", {}, true],
    ["other-organ", organNo, false],
    ["other-organ", { hadOtherOrganTransplant: "1" }, true],
    ["birth-date", bothNo, true],
  ] as const)("%s with %j: %s", (slug, answers, shown) => {
    expect(isShown(QUESTIONS[at(slug)]!, answers)).toBe(shown);
  });
});

describe("'Question N of M' counts the questions shown", () => {
  it.each([
    ["kidney-transplant", {}, 1, 15],
    ["kidney-transplant", kidneyNo, 1, 13],
    ["birth-date", kidneyNo, 2, 13],
    ["birth-date", kidneyYes, 4, 15],
    ["other-conditions", {}, 15, 15],
    ["other-conditions", bothNo, 12, 12],
    ["birth-gender", bothNo, 6, 12],
    ["other-organ", kidneyNo, 6, 13],
  ] as const)("%s with %j: Question %i of %i", (slug, answers, number, total) => {
    expect(questionNumber(at(slug), answers)).toEqual({ number, total });
  });
  it("a hidden question (never shown: entering redirects) counts as the next place", () => {
    expect(questionNumber(at("last-kidney-transplant"), kidneyNo)).toEqual({
      number: 2,
      total: 13,
    });
  });
  it("lists the positions shown", () => {
    expect(shownPositions(bothNo)).toEqual([0, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14]);
  });
});

describe("Next and Previous skip the conditional questions both ways", () => {
  it.each([
    // from, answers, next, previous
    ["kidney-transplant", kidneyYes, "last-kidney-transplant", null],
    ["kidney-transplant", kidneyNo, "birth-date", null],
    ["kidney-transplant", {}, "last-kidney-transplant", null],
    ["last-kidney-transplant", kidneyYes, "anti-rejection-medicines", "kidney-transplant"],
    ["anti-rejection-medicines", kidneyYes, "birth-date", "last-kidney-transplant"],
    ["birth-date", kidneyYes, "height", "anti-rejection-medicines"],
    ["birth-date", kidneyNo, "height", "kidney-transplant"],
    ["other-organ-transplant", organNo, "birth-gender", "weight"],
    ["other-organ-transplant", { hadOtherOrganTransplant: "1" }, "other-organ", "weight"],
    ["birth-gender", organNo, "heart", "other-organ-transplant"],
    ["birth-gender", { hadOtherOrganTransplant: "1" }, "heart", "other-organ"],
    ["other-conditions", bothNo, "review", "allergies"],
    ["review", bothNo, null, "other-conditions"],
  ] as const)("from %s with %j: next %s, previous %s", (from, answers, next, previous) => {
    const p = at(from);
    if (next !== null) expect(nextPosition(p, answers)).toBe(at(next));
    expect(previousPosition(p, answers)).toBe(previous === null ? null : at(previous));
  });
});

describe("where the patient carries on", () => {
  it.each([
    [0, {}, "kidney-transplant"],
    [7, {}, "other-organ"],
    [7, organNo, "birth-gender"],
    [1, kidneyNo, "birth-date"],
    [REVIEW, {}, "review"],
    [REVIEW + 3, {}, "review"],
  ] as const)("furthest %i with %j: %s", (furthest, answers, slug) => {
    expect(resumePosition(answers, furthest)).toBe(at(slug));
  });
});

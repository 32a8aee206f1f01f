import { describe, expect, it } from "vitest";
import type { MedicalHistoryDraft } from "./draft";
import { answer, backFromReview, enter } from "./flow";
import { positionOfSlug, REVIEW } from "./questions";
import { complete } from "./test-answers";

const TODAY = "2025-06-15";
const at = (slug: string) => positionOfSlug(slug)!;
const draft = (answers: MedicalHistoryDraft["answers"], furthest: number): MedicalHistoryDraft => ({ owner: 1, answers, furthest });

describe("which page a request may show", () => {
  it.each([
    // requested, answers, furthest, outcome (slug shown, or "-> slug" redirect)
    [undefined, {}, 0, "-> kidney-transplant"],
    ["kidney-transplant", {}, 0, "kidney-transplant"],
    ["birth-date", {}, 0, "-> kidney-transplant"],
    ["review", {}, 0, "-> kidney-transplant"],
    ["birth-date", { receivedKidneyTransplant: "1" }, at("birth-date"), "birth-date"],
    ["height", { receivedKidneyTransplant: "1" }, at("birth-date"), "-> birth-date"],
    ["last-kidney-transplant", { receivedKidneyTransplant: "0" }, at("weight"), "-> birth-date"],
    ["anti-rejection-medicines", { receivedKidneyTransplant: "0" }, at("heart"), "-> birth-date"],
    ["other-organ", { hadOtherOrganTransplant: "0" }, at("heart"), "-> birth-gender"],
    // a hidden furthest page (No given with Previous): the next shown, even past the furthest
    ["other-organ", { hadOtherOrganTransplant: "0" }, at("other-organ"), "-> birth-gender"],
    [undefined, { hadOtherOrganTransplant: "0" }, at("other-organ"), "-> birth-gender"],
    ["review", complete, REVIEW, "review"],
    ["review", { ...complete, weight: undefined }, REVIEW, "-> weight"],
    ["review", { ...complete, hadOtherOrganTransplant: "1" }, REVIEW, "-> other-organ"],
    ["heart", complete, REVIEW, "heart"],
    [undefined, complete, REVIEW, "-> review"],
  ] as const)("%s with %j (furthest %i): %s", (requested, answers, furthest, outcome) => {
    const got = enter(draft(answers, furthest), requested === undefined ? undefined : positionOfSlug(requested), TODAY);
    if (outcome.startsWith("-> ")) expect(got).toEqual({ ok: false, redirectTo: at(outcome.slice(3)) });
    else expect(got).toEqual({ ok: true, position: at(outcome) });
  });
});

describe("Next and Previous", () => {
  it("Next checks the answer, keeps it, moves on and records the furthest page", () => {
    const got = answer(draft({}, 0), 0, { receivedKidneyTransplant: "1" }, "next", TODAY);
    expect(got).toEqual({
      ok: true,
      draft: draft({ receivedKidneyTransplant: "1" }, at("last-kidney-transplant")),
      goTo: at("last-kidney-transplant"),
    });
  });
  it("Next with a No skips the conditional questions", () => {
    const got = answer(draft({}, 0), 0, { receivedKidneyTransplant: "0" }, "next", TODAY);
    expect(got.ok && [got.goTo, got.draft.furthest]).toEqual([at("birth-date"), at("birth-date")]);
  });
  it("Next refuses an answer that fails the checks, keeping the draft as it was", () => {
    expect(answer(draft({}, 0), 0, {}, "next", TODAY)).toEqual({
      ok: false,
      errors: { receivedKidneyTransplant: "medical.errors.chooseYesNo" },
    });
  });
  it("Next on the last question goes to the review", () => {
    const got = answer(draft(complete, at("other-conditions")), at("other-conditions"), { medicalConditionComments: "" }, "next", TODAY);
    expect(got.ok && [got.goTo, got.draft.furthest]).toEqual([REVIEW, REVIEW]);
  });
  it("Next from an earlier question keeps a further furthest page", () => {
    const got = answer(draft(complete, REVIEW), at("weight"), { weight: "170" }, "next", TODAY);
    expect(got.ok && [got.goTo, got.draft.furthest, got.draft.answers.weight]).toEqual([at("other-organ-transplant"), REVIEW, "170"]);
  });
  it("changing a No to Yes walks the revealed questions again before the review", () => {
    const got = answer(draft({ ...complete, receivedKidneyTransplant: "0" }, REVIEW), 0, { receivedKidneyTransplant: "1" }, "next", TODAY);
    expect(got.ok && [got.goTo, got.draft.furthest]).toEqual([at("last-kidney-transplant"), at("last-kidney-transplant")]);
  });
  it("Previous keeps what was typed, checked or not, and goes back past skipped questions", () => {
    const got = answer(draft({ receivedKidneyTransplant: "0" }, at("birth-date")), at("birth-date"), { birthDate: "not yet" }, "previous", TODAY);
    expect(got).toEqual({
      ok: true,
      draft: draft({ receivedKidneyTransplant: "0", birthDate: "not yet" }, at("birth-date")),
      goTo: 0,
    });
  });
  it("Previous on the first question stays there", () => {
    const got = answer(draft({}, 0), 0, { receivedKidneyTransplant: "1" }, "previous", TODAY);
    expect(got.ok && got.goTo).toBe(0);
  });
  it("an answer posted for the review (no question) changes nothing and goes where the patient was", () => {
    const d = draft(complete, REVIEW);
    expect(answer(d, REVIEW, { weight: "1" }, "next", TODAY)).toEqual({
      ok: true,
      draft: d,
      goTo: REVIEW,
    });
  });
  it("'Back to Questions' goes to the last question shown", () => {
    expect(backFromReview(draft(complete, REVIEW))).toBe(at("other-conditions"));
  });
});

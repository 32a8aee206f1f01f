import { describe, expect, it } from "vitest";
import { initialDraft } from "./draft";
import { answerSummary, sentence, willingnessAnswerKey, type SummarySource } from "./answer-summary-model";
import { NOT_INTERESTED_GOAL_TEXT } from "./step-machine";
import { otherStatusStaying } from "./test-answers";

const blank: SummarySource = { ...initialDraft() };
const s = (patch: Partial<SummarySource>): SummarySource => ({ ...blank, ...patch });

describe("sentence (SCR-017)", () => {
  it.each([
    ["yes", "Yes."],
    ["Yes", "Yes."],
    ["already.", "Already."],
    ["really!", "Really!"],
    ["why?", "Why?"],
    ["  padded text  ", "Padded text."],
    ["élan", "Élan."],
    ["3 days", "3 days."],
    ["", ""],
    ["   ", ""],
  ] as const)("%j -> %j", (input, output) => {
    expect(sentence(input)).toBe(output);
  });
});

describe("willingness in the summary", () => {
  it.each([
    [1, "screening.summary.yes"],
    [0, "screening.summary.no"],
    [-1, "screening.summary.unknown"],
    [7, "screening.summary.unknown"],
  ] as const)("%i -> %s", (v, key) => expect(willingnessAnswerKey(v)).toBe(key));
});

describe("answer summary (SCR-017)", () => {
  it.each([[null], [undefined]])("no data (%s)", (v) => {
    expect(answerSummary(v)).toEqual({ kind: "noData", messageKey: "screening.summary.noData" });
  });

  it("no answers: incomplete", () => {
    expect(answerSummary(blank)).toEqual({ kind: "incomplete", messageKey: "screening.summary.incomplete" });
  });

  it("a full granular screening, numbered across groups", () => {
    const summary = answerSummary(
      s({
        ...otherStatusStaying,
        donorStatus: 4,
        donorStatusOther: "a cousin",
        primaryGoal: 6,
        primaryGoalOther: "learn more",
      }),
    );
    expect(summary).toEqual({
      kind: "answers",
      titleKey: "screening.summary.title",
      groups: [
        {
          categoryKey: "screening.summary.categoryHealth",
          items: [
            { number: 1, questionKey: "screening.patientSituation.question", answerKey: "screening.patientSituation.other", detailText: "stage 4" },
          ],
        },
        {
          categoryKey: "screening.summary.categoryCenter",
          items: [
            { number: 2, questionKey: "screening.centerRegistration.question", answerKey: "screening.summary.yes" },
            { number: 3, questionKey: "screening.centerSelection.question", answerText: "City Hospital" },
            { number: 4, questionKey: "screening.summary.willingToTransferQuestion", answerKey: "screening.summary.no" },
          ],
        },
        {
          categoryKey: "screening.summary.categoryDonor",
          items: [
            { number: 5, questionKey: "screening.donorSituation.question", answerKey: "screening.donorSituation.other", detailText: "a cousin" },
          ],
        },
        {
          categoryKey: "screening.summary.categoryGoals",
          items: [{ number: 6, questionKey: "screening.primaryGoal.question", answerKey: "screening.primaryGoal.other", detailText: "learn more" }],
        },
      ],
    });
  });

  it("the post-transplant path: relation and antigen answers", () => {
    const summary = answerSummary(s({ kidneyStatus: 2, transplantType: 3, antigenMatch: 1 }));
    expect(summary.kind === "answers" && summary.groups).toEqual([
      {
        categoryKey: "screening.summary.categoryHealth",
        items: [
          { number: 1, questionKey: "screening.patientSituation.question", answerKey: "screening.patientSituation.transplanted" },
          { number: 2, questionKey: "screening.postTransplant.question", answerKey: "screening.postTransplant.sibling" },
          { number: 3, questionKey: "screening.postTransplant.antigenQuestion", answerKey: "screening.postTransplant.antigenYes" },
        ],
      },
    ]);
  });

  it.each([
    [
      "'Not interested in finding a living donor' is summarized and not repeated",
      NOT_INTERESTED_GOAL_TEXT,
      { answerKey: "screening.summary.notInterestedInDonor" },
    ],
    ["another text is a detail", "Not interested", { answerKey: "screening.primaryGoal.other", detailText: "Not interested" }],
    ["a blank text gives no detail", "  ", { answerKey: "screening.primaryGoal.other" }],
  ] as const)("goal Other: %s", (_n, text, expected) => {
    const summary = answerSummary(s({ primaryGoal: 6, primaryGoalOther: text }));
    expect(summary.kind === "answers" && summary.groups[0]!.items[0]).toEqual({
      number: 1,
      questionKey: "screening.primaryGoal.question",
      ...expected,
    });
  });

  it.each([
    [
      "not registered: willingness shown, no center",
      s({ transplantCenterSituation: 2, willingToTransfer: 1 }),
      [
        ["screening.centerRegistration.question", "screening.summary.no"],
        ["screening.summary.willingToTransferQuestion", "screening.summary.yes"],
      ],
    ],
    [
      "registered, center without a name, unknown willingness",
      s({ transplantCenterSituation: 1, preferredCenterId: 5 }),
      [
        ["screening.centerRegistration.question", "screening.summary.yes"],
        ["screening.summary.willingToTransferQuestion", "screening.summary.unknown"],
      ],
    ],
    // Decision 034: a center chosen on the select-center page after answering "No" is not "the center you are registered with".
    [
      "not registered, a center selected later",
      s({ transplantCenterSituation: 2, willingToTransfer: 1, preferredCenterId: 3, preferredCenter: "Member Center" }),
      [
        ["screening.centerRegistration.question", "screening.summary.no"],
        ["screening.summary.willingToTransferQuestion", "screening.summary.yes"],
      ],
    ],
    [
      "registered with a named center",
      s({ transplantCenterSituation: 1, willingToTransfer: 0, preferredCenterId: 3, preferredCenter: "City Hospital" }),
      [
        ["screening.centerRegistration.question", "screening.summary.yes"],
        ["screening.centerSelection.question", undefined],
        ["screening.summary.willingToTransferQuestion", "screening.summary.no"],
      ],
    ],
    [
      "an unknown situation value",
      s({ transplantCenterSituation: 7 }),
      [
        ["screening.centerRegistration.question", "screening.summary.unknown"],
        ["screening.summary.willingToTransferQuestion", "screening.summary.unknown"],
      ],
    ],
  ] as const)("center answers: %s", (_n, source, expected) => {
    const summary = answerSummary(source);
    expect(summary.kind === "answers" && summary.groups[0]!.items.map((i) => [i.questionKey, i.answerKey])).toEqual(expected);
  });

  it.each([
    ["kidney transplanted without immunosuppression", s({ kidneyStatus: 3 }), "screening.patientSituation.transplantedNoImmunosuppression"],
    ["an unknown kidney value", s({ kidneyStatus: 42 }), "screening.summary.unknown"],
    ["goal understand options", s({ primaryGoal: 1 }), "screening.primaryGoal.understandOptions"],
    ["an unknown goal value", s({ primaryGoal: 42 }), "screening.summary.unknown"],
    ["donor has donor (Other text ignored)", s({ donorStatus: 1, donorStatusOther: "stale" }), "screening.donorSituation.hasDonor"],
  ] as const)("%s", (_n, source, key) => {
    const summary = answerSummary(source);
    const item = summary.kind === "answers" ? summary.groups[0]!.items[0] : undefined;
    expect(item?.answerKey).toBe(key);
    expect(item?.detailText).toBeUndefined();
  });
});

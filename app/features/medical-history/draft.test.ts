import { describe, expect, it } from "vitest";
import { answersFromSubmission, draftFromUnknown, newDraft, withAnswers } from "./draft";
import { positionOfSlug, REVIEW } from "./questions";

const at = (slug: string) => positionOfSlug(slug)!;

describe("a new draft", () => {
  it("starts at the first question with the answers given, trimmed, empty ones and unknown fields dropped", () => {
    expect(
      newDraft(7, {
        birthDate: " 1961-04-12 ",
        weight: "",
        ...({ nope: "x" } as object),
      }),
    ).toEqual({
      owner: 7,
      answers: { birthDate: "1961-04-12" },
      furthest: 0,
    });
    expect(newDraft(7)).toEqual({ owner: 7, answers: {}, furthest: 0 });
  });
});

describe("the draft read back from the session", () => {
  const good = {
    owner: 7,
    answers: { receivedKidneyTransplant: "1", weight: "165" },
    furthest: 3,
  };
  it("is kept when well formed and this patient's", () => {
    expect(draftFromUnknown(good, 7)).toEqual(good);
  });
  it.each([
    ["nothing", undefined],
    ["null", null],
    ["a text", "draft"],
    ["another patient's", { ...good, owner: 8 }],
    ["no owner", { answers: {}, furthest: 0 }],
    ["a fractional position", { ...good, furthest: 1.5 }],
    ["a negative position", { ...good, furthest: -1 }],
    ["a position past the review", { ...good, furthest: REVIEW + 1 }],
    ["a text position", { ...good, furthest: "3" }],
    ["no answers", { owner: 7, furthest: 0 }],
    ["answers as a list", { owner: 7, answers: ["1"], furthest: 0 }],
    ["null answers", { owner: 7, answers: null, furthest: 0 }],
  ])("is refused when %s", (_, value) => {
    expect(draftFromUnknown(value, 7)).toBeNull();
  });
  it("drops unknown fields and answers that are not text", () => {
    expect(
      draftFromUnknown(
        {
          owner: 7,
          answers: { weight: 165, heightFt: "5", extra: "x" },
          furthest: REVIEW,
        },
        7,
      ),
    ).toEqual({
      owner: 7,
      answers: { heightFt: "5" },
      furthest: REVIEW,
    });
  });
});

describe("answers of an earlier submission", () => {
  const stored = {
    receivedKidneyTransplant: true,
    lastKidneyTxpDate: "2019-03-27",
    addlMedicines: "Tacrolimus",
    birthDate: "1961-04-12",
    heightFt: 5,
    heightInches: 0,
    weight: 165.5,
    hadOtherOrganTransplant: false,
    otherOrganTxp: null,
    otherOrganTxpDetails: null,
    birthGender: false,
    hasCardiacIssues: true,
    hasPulmonaryIssues: false,
    hasImmunoDisease: false,
    hasHighBloodPressure: true,
    hasAllergies: false,
    medicalConditionComments: null,
  };
  it("become the draft's text answers (1/0, numbers as text, nulls left out)", () => {
    expect(answersFromSubmission(stored)).toEqual({
      receivedKidneyTransplant: "1",
      lastKidneyTxpDate: "2019-03-27",
      addlMedicines: "Tacrolimus",
      birthDate: "1961-04-12",
      heightFt: "5",
      heightInches: "0",
      weight: "165.5",
      hadOtherOrganTransplant: "0",
      birthGender: "0",
      hasCardiacIssues: "1",
      hasPulmonaryIssues: "0",
      hasImmunoDisease: "0",
      hasHighBloodPressure: "1",
      hasAllergies: "0",
    });
  });
  it("read male as 1 and the other organ's answers when given", () => {
    const a = answersFromSubmission({
      ...stored,
      birthGender: true,
      hadOtherOrganTransplant: true,
      otherOrganTxp: "Liver",
      otherOrganTxpDetails: "2001",
      medicalConditionComments: "None really",
    });
    expect([a.birthGender, a.hadOtherOrganTransplant, a.otherOrganTxp, a.otherOrganTxpDetails, a.medicalConditionComments]).toEqual([
      "1",
      "1",
      "Liver",
      "2001",
      "None really",
    ]);
  });
});

describe("keeping a question's answers", () => {
  const draft = {
    owner: 7,
    answers: {
      receivedKidneyTransplant: "0",
      birthDate: "1961-04-12",
      hadOtherOrganTransplant: "0",
    },
    furthest: at("heart"),
  };
  it("stores only the question's fields, trimmed, and removes an emptied one", () => {
    const d = withAnswers(draft, at("birth-date"), {
      birthDate: " 1960-01-02 ",
      weight: "999",
    });
    expect(d.answers).toEqual({
      receivedKidneyTransplant: "0",
      birthDate: "1960-01-02",
      hadOtherOrganTransplant: "0",
    });
    expect(withAnswers(draft, at("birth-date"), { birthDate: "  " }).answers.birthDate).toBeUndefined();
    expect(withAnswers(draft, at("birth-date"), {}).answers.birthDate).toBeUndefined();
  });
  it("stores both fields of a two-field question", () => {
    expect(withAnswers(draft, at("height"), { heightFt: "5", heightInches: "7" }).answers).toMatchObject({
      heightFt: "5",
      heightInches: "7",
    });
  });
  it.each([
    // question, value, furthest after
    ["kidney-transplant", "1", "last-kidney-transplant"],
    ["kidney-transplant", "", "last-kidney-transplant"],
    ["kidney-transplant", "0", "heart"],
    ["other-organ-transplant", "1", "other-organ"],
    ["other-organ-transplant", "0", "heart"],
  ] as const)("a No changed on %s to '%s' cuts the furthest page back to %s", (slug, value, furthest) => {
    const field = slug === "kidney-transplant" ? "receivedKidneyTransplant" : "hadOtherOrganTransplant";
    expect(withAnswers(draft, at(slug), { [field]: value }).furthest).toBe(at(furthest));
  });
  it("a revealed question before the furthest page keeps the earlier furthest page", () => {
    const early = { ...draft, furthest: at("kidney-transplant") };
    expect(
      withAnswers(early, at("kidney-transplant"), {
        receivedKidneyTransplant: "1",
      }).furthest,
    ).toBe(0);
  });
  it("a first answer (nothing before) never cuts", () => {
    const fresh = { owner: 7, answers: {}, furthest: at("kidney-transplant") };
    expect(withAnswers(fresh, 0, { receivedKidneyTransplant: "1" }).furthest).toBe(0);
  });
  it("the review position keeps the draft as it is", () => {
    expect(withAnswers(draft, REVIEW, { birthDate: "2000-01-01" })).toBe(draft);
  });
});

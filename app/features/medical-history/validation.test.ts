import { describe, expect, it } from "vitest";
import { checkMedicalHistory } from "../../../registry/contract/medical-history";
import { submissionBody } from "./body";
import type { Answers } from "./draft";
import { complete } from "./test-answers";
import { positionOfSlug, QUESTIONS } from "./questions";
import { firstInvalidPosition, questionErrors } from "./validation";
import { parseWeight } from "./weight";

const TODAY = "2025-06-15";
const q = (slug: string) => QUESTIONS[positionOfSlug(slug)!]!;
const long = (n: number) => "x".repeat(n);

describe("each question's checks (MHX-003)", () => {
  it.each([
    // question, answers, errors
    ["kidney-transplant", {}, { receivedKidneyTransplant: "medical.errors.chooseYesNo" }],
    ["kidney-transplant", { receivedKidneyTransplant: "2" }, { receivedKidneyTransplant: "medical.errors.chooseYesNo" }],
    ["kidney-transplant", { receivedKidneyTransplant: "yes" }, { receivedKidneyTransplant: "medical.errors.chooseYesNo" }],
    ["kidney-transplant", { receivedKidneyTransplant: "1" }, {}],
    ["kidney-transplant", { receivedKidneyTransplant: "0" }, {}],
    ["heart", {}, { hasCardiacIssues: "medical.errors.chooseYesNo" }],
    ["allergies", { hasAllergies: "0" }, {}],
    ["birth-gender", {}, { birthGender: "medical.errors.chooseBirthGender" }],
    ["birth-gender", { birthGender: "2" }, { birthGender: "medical.errors.chooseBirthGender" }],
    ["birth-gender", { birthGender: "1" }, {}],
    ["birth-gender", { birthGender: "0" }, {}],
    ["last-kidney-transplant", {}, { lastKidneyTxpDate: "medical.errors.lastKidneyTxpDateRequired" }],
    ["last-kidney-transplant", { lastKidneyTxpDate: "27/03/2019" }, { lastKidneyTxpDate: "medical.errors.dateInvalid" }],
    ["last-kidney-transplant", { lastKidneyTxpDate: "2019-02-30" }, { lastKidneyTxpDate: "medical.errors.dateInvalid" }],
    ["last-kidney-transplant", { lastKidneyTxpDate: "2025-06-16" }, { lastKidneyTxpDate: "validation.dateInFuture" }],
    ["last-kidney-transplant", { lastKidneyTxpDate: "2025-06-15" }, {}],
    ["last-kidney-transplant", { lastKidneyTxpDate: "1919-12-31" }, { lastKidneyTxpDate: "validation.dateTooEarly" }],
    ["last-kidney-transplant", { lastKidneyTxpDate: "1920-01-01" }, {}],
    ["birth-date", {}, { birthDate: "medical.errors.birthDateRequired" }],
    ["birth-date", { birthDate: "tomorrow" }, { birthDate: "medical.errors.dateInvalid" }],
    ["birth-date", { birthDate: "2030-01-01" }, { birthDate: "validation.dateInFuture" }],
    ["birth-date", { birthDate: "1961-04-12" }, {}],
    [
      "height",
      {},
      {
        heightFt: "validation.heightFtRange",
        heightInches: "validation.heightInchesRange",
      },
    ],
    [
      "height",
      { heightFt: "0", heightInches: "12" },
      {
        heightFt: "validation.heightFtRange",
        heightInches: "validation.heightInchesRange",
      },
    ],
    ["height", { heightFt: "8", heightInches: "0" }, { heightFt: "validation.heightFtRange" }],
    ["height", { heightFt: "5.5", heightInches: "0" }, { heightFt: "validation.heightFtRange" }],
    ["height", { heightFt: "1", heightInches: "-1" }, { heightInches: "validation.heightInchesRange" }],
    ["height", { heightFt: "1", heightInches: "0" }, {}],
    ["height", { heightFt: "7", heightInches: "11" }, {}],
    ["weight", {}, { weight: "medical.errors.weightRequired" }],
    ["weight", { weight: "heavy" }, { weight: "validation.weightRange" }],
    ["weight", { weight: "165 lb" }, { weight: "validation.weightRange" }],
    ["weight", { weight: "-165" }, { weight: "validation.weightRange" }],
    ["weight", { weight: "49.9" }, { weight: "validation.weightRange" }],
    ["weight", { weight: "1000.1" }, { weight: "validation.weightRange" }],
    ["weight", { weight: "165.25" }, { weight: "validation.weightRange" }],
    ["weight", { weight: "50" }, {}],
    ["weight", { weight: "1000" }, {}],
    ["weight", { weight: "165.5" }, {}],
    ["weight", { weight: "165,5" }, {}],
    ["anti-rejection-medicines", {}, {}],
    ["anti-rejection-medicines", { addlMedicines: long(1000) }, {}],
    ["anti-rejection-medicines", { addlMedicines: long(1001) }, { addlMedicines: "medical.errors.textTooLong" }],
    ["other-conditions", { medicalConditionComments: long(1001) }, { medicalConditionComments: "medical.errors.textTooLong" }],
    ["other-conditions", {}, {}],
    ["other-organ", {}, { otherOrganTxp: "medical.errors.otherOrganRequired" }],
    ["other-organ", { otherOrganTxp: "Liver" }, {}],
    ["other-organ", { otherOrganTxp: long(200), otherOrganTxpDetails: long(1000) }, {}],
    ["other-organ", { otherOrganTxp: long(201) }, { otherOrganTxp: "medical.errors.organTooLong" }],
    [
      "other-organ",
      { otherOrganTxpDetails: long(1001) },
      {
        otherOrganTxp: "medical.errors.otherOrganRequired",
        otherOrganTxpDetails: "medical.errors.textTooLong",
      },
    ],
  ] as const)("%s with %j: %j", (slug, answers, errors) => {
    expect(questionErrors(q(slug), answers, TODAY)).toEqual(errors);
  });

  it.each([
    ["165", 165],
    [" 165.5 ", 165.5],
    ["72,5", 72.5],
    ["1000", 1000],
    ["12345", null],
    ["1e3", null],
    ["", null],
    [".5", null],
    ["5.", null],
  ] as const)("weight '%s' reads as %s", (text, pounds) => {
    expect(parseWeight(text)).toBe(pounds);
  });
});

describe("one birth date per person (docs/decisions/129)", () => {
  it("the birth date must be the registered one, when it is known", () => {
    expect(questionErrors(q("birth-date"), { birthDate: "2015-06-01" }, TODAY, "1961-04-12")).toEqual({
      birthDate: "medical.errors.birthDateNotRegistered",
    });
    expect(questionErrors(q("birth-date"), { birthDate: "1961-04-12" }, TODAY, "1961-04-12")).toEqual({});
    // An unknown registered birth date leaves the check to the registry.
    expect(questionErrors(q("birth-date"), { birthDate: "2015-06-01" }, TODAY)).toEqual({});
    // A date that is not acceptable anyway says so first.
    expect(questionErrors(q("birth-date"), { birthDate: "2099-01-01" }, TODAY, "1961-04-12")).toEqual({ birthDate: "validation.dateInFuture" });
  });

  it("a draft with another birth date is neither complete nor sent", () => {
    expect(firstInvalidPosition({ ...complete, birthDate: "2015-06-01" }, TODAY, "1961-04-12")).toBe(positionOfSlug("birth-date"));
    expect(submissionBody({ ...complete, birthDate: "2015-06-01" }, TODAY, "1961-04-12")).toEqual({
      ok: false,
      position: positionOfSlug("birth-date"),
    });
    expect(submissionBody(complete, TODAY, "1961-04-12").ok).toBe(true);
  });
});

describe("the first question to fix", () => {
  it("is none for a complete draft", () => {
    expect(firstInvalidPosition(complete, TODAY)).toBeNull();
  });
  it.each([
    ["a yes/no left out", { ...complete, hasAllergies: undefined }, "allergies"],
    ["the transplant date after a Yes", { ...complete, lastKidneyTxpDate: undefined }, "last-kidney-transplant"],
    ["the organ after a Yes", { ...complete, hadOtherOrganTransplant: "1" }, "other-organ"],
    ["the first of several", { ...complete, birthDate: "x", weight: "x" }, "birth-date"],
  ])("is %s", (_, answers, slug) => {
    expect(firstInvalidPosition(answers as Answers, TODAY)).toBe(positionOfSlug(slug));
  });
  it("ignores questions that do not apply (an old date after a No)", () => {
    expect(
      firstInvalidPosition(
        {
          ...complete,
          receivedKidneyTransplant: "0",
          lastKidneyTxpDate: "not a date",
        },
        TODAY,
      ),
    ).toBeNull();
  });
});

describe("the portal's checks agree with the registry's", () => {
  it.each([
    ["a complete draft", complete],
    [
      "no kidney transplant, another organ",
      {
        ...complete,
        receivedKidneyTransplant: "0",
        hadOtherOrganTransplant: "1",
        otherOrganTxp: "Heart",
      },
    ],
    [
      "the lowest values",
      {
        ...complete,
        heightFt: "1",
        heightInches: "0",
        weight: "50",
        lastKidneyTxpDate: "1920-01-01",
        birthDate: TODAY,
      },
    ],
    [
      "the highest values",
      {
        ...complete,
        heightFt: "7",
        heightInches: "11",
        weight: "1000",
        addlMedicines: long(1000),
      },
    ],
  ])("%s passes both", (_, answers) => {
    const built = submissionBody(answers as Answers, TODAY);
    expect(built.ok).toBe(true);
    if (built.ok) expect(checkMedicalHistory(built.body as unknown as Record<string, unknown>, TODAY)).toMatchObject({ ok: true });
  });
});

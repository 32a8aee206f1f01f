import { describe, expect, it } from "vitest";
import { submissionBody } from "./body";
import type { Answers } from "./draft";
import { positionOfSlug } from "./questions";
import { complete } from "./test-answers";

const TODAY = "2025-06-15";

describe("the body sent to the registry (MHX-007, PLT-019)", () => {
  it("sends yes/no as booleans, birth gender false for female, numbers as numbers, texts trimmed", () => {
    expect(submissionBody({ ...complete, addlMedicines: "Tacrolimus 2 mg" }, TODAY)).toEqual({
      ok: true,
      body: {
        receivedKidneyTransplant: true,
        lastKidneyTxpDate: "2019-03-27",
        addlMedicines: "Tacrolimus 2 mg",
        birthDate: "1961-04-12",
        heightFt: 5,
        heightInches: 7,
        weight: 165,
        hadOtherOrganTransplant: false,
        otherOrganTxp: null,
        otherOrganTxpDetails: null,
        birthGender: false,
        hasCardiacIssues: false,
        hasPulmonaryIssues: true,
        hasImmunoDisease: false,
        hasHighBloodPressure: true,
        hasAllergies: false,
        medicalConditionComments: null,
      },
    });
  });

  it("birth gender is true for male (1), a decimal comma is a point, an empty optional text is null", () => {
    const r = submissionBody(
      {
        ...complete,
        birthGender: "1",
        weight: "165,5",
        addlMedicines: undefined,
      },
      TODAY,
    );
    expect(r.ok && [r.body.birthGender, r.body.weight, r.body.addlMedicines]).toEqual([true, 165.5, null]);
  });

  it("drops the answers of questions that no longer apply (a No given after answering them)", () => {
    const a: Answers = {
      ...complete,
      receivedKidneyTransplant: "0",
      hadOtherOrganTransplant: "0",
      otherOrganTxp: "Liver",
      otherOrganTxpDetails: "In 2001",
    };
    const r = submissionBody(a, TODAY);
    expect(r.ok && [r.body.lastKidneyTxpDate, r.body.addlMedicines, r.body.otherOrganTxp, r.body.otherOrganTxpDetails]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it("sends the other organ's answers after a Yes, and the comments", () => {
    const r = submissionBody(
      {
        ...complete,
        hadOtherOrganTransplant: "1",
        otherOrganTxp: " Liver ",
        otherOrganTxpDetails: "In 2001",
        medicalConditionComments: " Asthma ",
      },
      TODAY,
    );
    expect(r.ok && [r.body.hadOtherOrganTransplant, r.body.otherOrganTxp, r.body.otherOrganTxpDetails, r.body.medicalConditionComments]).toEqual([
      true,
      "Liver",
      "In 2001",
      "Asthma",
    ]);
  });

  it("refuses a draft with a question to fix, naming the first", () => {
    expect(submissionBody({ ...complete, heightFt: undefined }, TODAY)).toEqual({ ok: false, position: positionOfSlug("height") });
    expect(submissionBody({}, TODAY)).toEqual({ ok: false, position: 0 });
  });
});

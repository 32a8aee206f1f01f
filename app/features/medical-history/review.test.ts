import { describe, expect, it } from "vitest";
import { patientDate } from "../../../registry/contract/patient-dates";
import { displayWeight, reviewRows } from "./review";
import { complete } from "./test-answers";

describe("the review table (MHX-004)", () => {
  it("has one row per answer of the questions shown: yes/no, dates, height in feet and inches, 'None' for an empty text", () => {
    expect(reviewRows({ ...complete, addlMedicines: undefined })).toEqual([
      {
        field: "receivedKidneyTransplant",
        labelKey: "receivedKidneyTransplant",
        value: { kind: "yes" },
      },
      {
        field: "lastKidneyTxpDate",
        labelKey: "lastKidneyTxpDate",
        value: { kind: "date", iso: "2019-03-27" },
      },
      {
        field: "addlMedicines",
        labelKey: "addlMedicines",
        value: { kind: "none" },
      },
      {
        field: "birthDate",
        labelKey: "birthDate",
        value: { kind: "date", iso: "1961-04-12" },
      },
      {
        field: "heightFt",
        labelKey: "height",
        value: { kind: "height", feet: "5", inches: "7" },
      },
      {
        field: "weight",
        labelKey: "weight",
        value: { kind: "weight", pounds: "165" },
      },
      {
        field: "hadOtherOrganTransplant",
        labelKey: "hadOtherOrganTransplant",
        value: { kind: "no" },
      },
      {
        field: "birthGender",
        labelKey: "birthGender",
        value: { kind: "female" },
      },
      {
        field: "hasCardiacIssues",
        labelKey: "hasCardiacIssues",
        value: { kind: "no" },
      },
      {
        field: "hasPulmonaryIssues",
        labelKey: "hasPulmonaryIssues",
        value: { kind: "yes" },
      },
      {
        field: "hasImmunoDisease",
        labelKey: "hasImmunoDisease",
        value: { kind: "no" },
      },
      {
        field: "hasHighBloodPressure",
        labelKey: "hasHighBloodPressure",
        value: { kind: "yes" },
      },
      {
        field: "hasAllergies",
        labelKey: "hasAllergies",
        value: { kind: "no" },
      },
      {
        field: "medicalConditionComments",
        labelKey: "medicalConditionComments",
        value: { kind: "none" },
      },
    ]);
  });

  it("leaves out the questions skipped, shows the other organ's rows after a Yes, male, and texts", () => {
    const rows = reviewRows({
      ...complete,
      receivedKidneyTransplant: "0",
      hadOtherOrganTransplant: "1",
      otherOrganTxp: "Liver",
      birthGender: "1",
      medicalConditionComments: "Asthma",
    });
    const byField = Object.fromEntries(rows.map((r) => [r.field, r.value]));
    expect(byField.lastKidneyTxpDate).toBeUndefined();
    expect(byField.addlMedicines).toBeUndefined();
    expect(byField.otherOrganTxp).toEqual({ kind: "text", text: "Liver" });
    expect(byField.otherOrganTxpDetails).toEqual({ kind: "none" });
    expect(byField.birthGender).toEqual({ kind: "male" });
    expect(byField.medicalConditionComments).toEqual({
      kind: "text",
      text: "Asthma",
    });
    expect(rows).toHaveLength(14);
  });

  it.each([
    ["no answers at all", {}],
    ["half a height", { heightFt: "5" }],
    ["unknown choices", { receivedKidneyTransplant: "7", birthGender: "x" }],
  ])("reads 'None' for %s", (_, answers) => {
    const rows = reviewRows(answers);
    for (const r of rows) expect(r.value, r.field).toEqual({ kind: "none" });
  });
});

describe("dates in the patient's language, the month as a word (decision 093)", () => {
  it.each([
    ["2019-03-07", "en", "March 7, 2019"],
    ["2019-03-07", "es", "7 de marzo de 2019"],
    ["2019-3-7", "en", "2019-3-7"],
    ["", "es", ""],
  ])("the answer %s in %s reads %s", (iso, lang, text) => {
    expect(patientDate(iso, lang)).toBe(text);
  });
});

describe("weights in the patient's language", () => {
  it.each([
    ["165,5", "en", "165.5"],
    ["165.5", "en", "165.5"],
    ["165.5", "es", "165,5"],
    ["165,5", "es", "165,5"],
    ["1200", "en", "1200"],
    ["1200", "es", "1200"],
    ["165", "en", "165"],
    ["heavy", "en", "heavy"],
  ])("%s in %s reads %s", (typed, lang, text) => {
    expect(displayWeight(typed, lang)).toBe(text);
  });
});

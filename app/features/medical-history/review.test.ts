import { describe, expect, it } from "vitest";
import { patientDate } from "../../../registry/contract/patient-dates";
import { displayWeight, reviewRows } from "./review";
import { complete } from "./test-answers";

/** One row of the review table as reviewRows gives it: the label is the field's own unless named. */
const row = (field: string, value: object, labelKey = field) => ({ field, labelKey, value });

describe("the review table (MHX-004)", () => {
  it("has one row per answer of the questions shown: yes/no, dates, height in feet and inches, 'None' for an empty text", () => {
    expect(reviewRows({ ...complete, addlMedicines: undefined })).toEqual([
      row("receivedKidneyTransplant", { kind: "yes" }),
      row("lastKidneyTxpDate", { kind: "date", iso: "2019-03-27" }),
      row("addlMedicines", { kind: "none" }),
      row("birthDate", { kind: "date", iso: "1961-04-12" }),
      row("heightFt", { kind: "height", feet: "5", inches: "7" }, "height"),
      row("weight", { kind: "weight", pounds: "165" }),
      row("hadOtherOrganTransplant", { kind: "no" }),
      row("birthGender", { kind: "female" }),
      row("hasCardiacIssues", { kind: "no" }),
      row("hasPulmonaryIssues", { kind: "yes" }),
      row("hasImmunoDisease", { kind: "no" }),
      row("hasHighBloodPressure", { kind: "yes" }),
      row("hasAllergies", { kind: "no" }),
      row("medicalConditionComments", { kind: "none" }),
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

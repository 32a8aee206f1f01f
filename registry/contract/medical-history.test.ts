import { describe, expect, it } from "vitest";
import {
  checkMedicalHistory,
  isValidWeight,
  medicalDateError,
  MedicalHistoryKey,
  medicalHistoryAnswersOf,
  medicalHistoryErrors,
  type MedicalHistoryBody,
} from "./medical-history";
import { ValidationKey } from "./validation-keys";
import { HISTORY } from "../testing/medical-histories";

const TODAY = "2025-03-10";

/** A valid body: a kidney recipient with no other organ transplant. */
function body(overrides: Partial<Record<keyof MedicalHistoryBody, unknown>> = {}): MedicalHistoryBody {
  return {
    ...HISTORY,
    receivedKidneyTransplant: true,
    lastKidneyTxpDate: "2015-06-01",
    addlMedicines: "Tacrolimus",
    weight: 150.5,
    hasHighBloodPressure: true,
    ...overrides,
  } as MedicalHistoryBody;
}

describe("medicalDateError", () => {
  it.each([
    ["2025-03-10", undefined],
    ["1920-01-01", undefined],
    ["2025-03-11", MedicalHistoryKey.dateInFuture],
    ["1919-12-31", MedicalHistoryKey.dateTooEarly],
    ["2025-02-30", ValidationKey.invalidValue],
    ["03/10/2025", ValidationKey.invalidValue],
    ["", ValidationKey.invalidValue],
  ])("%s -> %s", (value, key) => {
    expect(medicalDateError(value, TODAY)).toBe(key);
  });
});

describe("isValidWeight", () => {
  it.each([
    [50, true],
    [1000, true],
    [150.5, true],
    [0.1 + 150.2, true],
    [49.9, false],
    [1000.1, false],
    [150.25, false],
    [-5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])("%s -> %s", (weight, valid) => {
    expect(isValidWeight(weight)).toBe(valid);
  });
});

describe("medicalHistoryErrors (MHX-003)", () => {
  it.each<[string, Partial<Record<keyof MedicalHistoryBody, unknown>>, Record<string, string>]>([
    ["a complete kidney recipient", {}, {}],
    ["no kidney transplant: no date, no medicines", { receivedKidneyTransplant: false, lastKidneyTxpDate: null, addlMedicines: null }, {}],
    ["no kidney transplant: empty texts count as not given", { receivedKidneyTransplant: false, lastKidneyTxpDate: "", addlMedicines: "  " }, {}],
    ["the transplant date is required with a transplant", { lastKidneyTxpDate: null }, { lastKidneyTxpDate: ValidationKey.required }],
    ["the medicines are optional with a transplant", { addlMedicines: null }, {}],
    [
      "a transplant date sent without a transplant",
      { receivedKidneyTransplant: false, addlMedicines: null },
      { lastKidneyTxpDate: ValidationKey.invalidValue },
    ],
    [
      "medicines sent without a transplant",
      { receivedKidneyTransplant: false, lastKidneyTxpDate: null },
      { addlMedicines: ValidationKey.invalidValue },
    ],
    ["a future transplant date", { lastKidneyTxpDate: "2025-03-11" }, { lastKidneyTxpDate: MedicalHistoryKey.dateInFuture }],
    ["a transplant date before 1920", { lastKidneyTxpDate: "1919-12-31" }, { lastKidneyTxpDate: MedicalHistoryKey.dateTooEarly }],
    ["today's birth date", { birthDate: TODAY }, {}],
    ["a future birth date", { birthDate: "2030-01-01" }, { birthDate: MedicalHistoryKey.dateInFuture }],
    ["an empty birth date", { birthDate: "" }, { birthDate: ValidationKey.required }],
    ["a birth date that is not a date", { birthDate: "1980-02-30" }, { birthDate: ValidationKey.invalidValue }],
    ["1 ft 0 in", { heightFt: 1, heightInches: 0 }, {}],
    ["7 ft 11 in", { heightFt: 7, heightInches: 11 }, {}],
    ["0 ft", { heightFt: 0 }, { heightFt: MedicalHistoryKey.heightFtRange }],
    ["8 ft", { heightFt: 8 }, { heightFt: MedicalHistoryKey.heightFtRange }],
    ["5.5 ft", { heightFt: 5.5 }, { heightFt: MedicalHistoryKey.heightFtRange }],
    ["12 in", { heightInches: 12 }, { heightInches: MedicalHistoryKey.heightInchesRange }],
    ["-1 in", { heightInches: -1 }, { heightInches: MedicalHistoryKey.heightInchesRange }],
    ["a negative weight", { weight: -5 }, { weight: MedicalHistoryKey.weightRange }],
    ["two decimals of weight", { weight: 150.25 }, { weight: MedicalHistoryKey.weightRange }],
    ["another organ, named", { hadOtherOrganTransplant: true, otherOrganTxp: "Liver", otherOrganTxpDetails: null }, {}],
    ["another organ, not named", { hadOtherOrganTransplant: true, otherOrganTxp: " " }, { otherOrganTxp: ValidationKey.required }],
    ["an organ sent without another transplant", { otherOrganTxp: "Liver" }, { otherOrganTxp: ValidationKey.invalidValue }],
    ["organ details sent without another transplant", { otherOrganTxpDetails: "2010" }, { otherOrganTxpDetails: ValidationKey.invalidValue }],
    [
      "every problem at once",
      { receivedKidneyTransplant: false, birthDate: "2026-01-01", heightFt: 9, heightInches: 13, weight: 20, otherOrganTxp: "Heart" },
      {
        lastKidneyTxpDate: ValidationKey.invalidValue,
        addlMedicines: ValidationKey.invalidValue,
        birthDate: MedicalHistoryKey.dateInFuture,
        heightFt: MedicalHistoryKey.heightFtRange,
        heightInches: MedicalHistoryKey.heightInchesRange,
        weight: MedicalHistoryKey.weightRange,
        otherOrganTxp: ValidationKey.invalidValue,
      },
    ],
  ])("%s", (_name, overrides, errors) => {
    expect(medicalHistoryErrors(body(overrides), TODAY)).toEqual(errors);
  });
});

describe("medicalHistoryAnswersOf", () => {
  it("trims texts, stores empty ones as null and drops the answers of questions that do not apply", () => {
    expect(
      medicalHistoryAnswersOf(
        body({
          addlMedicines: "  Tacrolimus  ",
          medicalConditionComments: "",
          hadOtherOrganTransplant: true,
          otherOrganTxp: " Liver ",
          otherOrganTxpDetails: "",
        }),
      ),
    ).toMatchObject({ addlMedicines: "Tacrolimus", medicalConditionComments: null, otherOrganTxp: "Liver", otherOrganTxpDetails: null });
    expect(medicalHistoryAnswersOf(body({ receivedKidneyTransplant: false, lastKidneyTxpDate: "", addlMedicines: "" }))).toMatchObject({
      lastKidneyTxpDate: null,
      addlMedicines: null,
    });
  });
});

describe("checkMedicalHistory", () => {
  it("answers the stored answers of a valid body", () => {
    const checked = checkMedicalHistory(body() as unknown as Record<string, unknown>, TODAY);
    expect(checked).toEqual({ ok: true, answers: medicalHistoryAnswersOf(body()) });
  });

  it("names each type problem: left out -> required, too long -> tooLong, other types -> invalidValue", () => {
    const raw: Record<string, unknown> = {
      ...body(),
      hasAllergies: undefined,
      birthGender: null,
      hasCardiacIssues: "yes",
      heightFt: "5",
      weight: "180",
      addlMedicines: 5,
      medicalConditionComments: "x".repeat(1001),
      birthDate: "1980-05-17T00:00:00Z",
    };
    delete raw.hasAllergies;
    expect(checkMedicalHistory(raw, TODAY)).toEqual({
      ok: false,
      errors: {
        hasAllergies: ValidationKey.required,
        birthGender: ValidationKey.required,
        hasCardiacIssues: ValidationKey.invalidValue,
        heightFt: ValidationKey.invalidValue,
        weight: ValidationKey.invalidValue,
        addlMedicines: ValidationKey.invalidValue,
        medicalConditionComments: ValidationKey.tooLong,
        birthDate: ValidationKey.invalidValue,
      },
    });
  });

  it("applies the rules once the types are right", () => {
    expect(checkMedicalHistory({ ...body(), heightFt: 8 } as Record<string, unknown>, TODAY)).toEqual({
      ok: false,
      errors: { heightFt: MedicalHistoryKey.heightFtRange },
    });
  });
});

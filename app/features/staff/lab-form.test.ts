import { describe, expect, it } from "vitest";
import { LAB_VALUE_ROWS, labValueFields, valueDefaults, valueErrors, valuesFromForm } from "./lab-form";

describe("the lab's values form (docs/decisions/133)", () => {
  it("has six rows of test, result, unit, range and flag, filled from the values recorded", () => {
    expect(labValueFields()).toHaveLength(LAB_VALUE_ROWS * 5);
    expect(labValueFields(1)).toEqual(["name1", "value1", "unit1", "range1", "flag1"]);
    expect(valueDefaults([{ name: "Creatinine", value: "1.1", unit: "mg/dL", referenceRange: "0.6-1.2", flag: null }])).toEqual({
      name1: "Creatinine",
      value1: "1.1",
      unit1: "mg/dL",
      range1: "0.6-1.2",
      flag1: "",
    });
  });

  it("takes the rows typed (blank rows left out, trimmed), remembering each row; none typed is an error", () => {
    const typed = { name1: " Creatinine ", value1: "1.1", unit1: "mg/dL", range1: "", flag1: "", name3: "eGFR", value3: "55", flag3: "L" };
    expect(valuesFromForm(typed)).toEqual({
      ok: true,
      values: [
        { name: "Creatinine", value: "1.1", unit: "mg/dL", referenceRange: "", flag: null },
        { name: "eGFR", value: "55", unit: "", referenceRange: "", flag: "L" },
      ],
      rows: [0, 2],
    });
    expect(valuesFromForm({ name1: "  " })).toEqual({ ok: false, errors: { name1: "validation.required" } });
  });

  it("puts the registry's errors of value i on the form row it came from", () => {
    expect(valueErrors({ "values.1.referenceRange": "validation.textTooLong", "values.0.name": "validation.required" }, [0, 2])).toEqual({
      range3: "validation.textTooLong",
      name1: "validation.required",
    });
    expect(valueErrors({ values: "validation.invalidValue", "values.7.name": "x", other: "y" }, [2])).toEqual({ name3: "validation.invalidValue" });
    expect(valueErrors(undefined, [])).toEqual({});
  });
});

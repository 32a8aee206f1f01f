import { describe, expect, it } from "vitest";
import { checkLabValues, flagOf } from "./lab-values";
import { parseLabValuesFile } from "./lab-values-file";

describe("flagOf", () => {
  it.each([
    [undefined, null],
    [null, null],
    ["", null],
    ["  ", null],
    ["High", "high"],
    [" low ", "low"],
    ["N", "normal"],
    ["h", "high"],
    ["L", "low"],
    ["A", "abnormal"],
    ["LL", "critical"],
    ["HH", "critical"],
    ["AA", "critical"],
    ["critical", "critical"],
    ["very high", undefined],
    ["+", undefined],
    [3, undefined],
  ])("%j -> %j", (input, flag) => expect(flagOf(input)).toBe(flag));
});

describe("checkLabValues", () => {
  it("trims, fills the optional fields and keeps the order", () => {
    expect(
      checkLabValues([
        {
          name: " Creatinine ",
          value: 1.9,
          unit: "mg/dL ",
          referenceRange: "0.6-1.2",
          flag: "H",
        },
        { name: "ABO", value: "O Rh+" },
      ]),
    ).toEqual({
      ok: true,
      values: [
        {
          name: "Creatinine",
          value: "1.9",
          unit: "mg/dL",
          referenceRange: "0.6-1.2",
          flag: "high",
        },
        {
          name: "ABO",
          value: "O Rh+",
          unit: "",
          referenceRange: "",
          flag: null,
        },
      ],
    });
  });

  it("names every problem with its place and an English reason", () => {
    const checked = checkLabValues([
      { name: "A", value: "" },
      { name: "a", value: "2", flag: "?" },
    ]);
    expect(checked).toEqual({
      ok: false,
      problems: [
        {
          path: "values.0.value",
          key: "validation.required",
          reason: "the result is missing",
        },
        {
          path: "values.1.flag",
          key: "validation.invalidValue",
          reason: expect.stringMatching(/^the flag must be blank or one of normal, low/),
        },
        {
          path: "values.1.name",
          key: "validation.invalidValue",
          reason: 'the test name "a" is given twice',
        },
      ],
    });
  });

  it("the limits: at most 100 values, each text within its length", () => {
    expect(
      checkLabValues(
        Array.from({ length: 100 }, (_, i) => ({
          name: `T${i}`,
          value: "v".repeat(60),
        })),
      ).ok,
    ).toBe(true);
    expect(checkLabValues([{ name: "n".repeat(80), value: "v".repeat(61) }])).toMatchObject({
      ok: false,
      problems: [{ path: "values.0.value", key: "validation.textTooLong?max=60" }],
    });
    expect(checkLabValues(Array.from({ length: 101 }, (_, i) => ({ name: `T${i}`, value: "1" })))).toMatchObject({ ok: false });
  });
});

describe("parseLabValuesFile", () => {
  it("reads a CSV with headers in any spelling, quoted fields and blank lines", () => {
    const csv = '\uFEFFTest,Result,Units,Reference Range,flag\r\nCreatinine,1.9,mg/dL,0.6-1.2,H\r\n\r\n"HLA typing","A2, A24",,,\n';
    expect(parseLabValuesFile("values.CSV", csv)).toEqual({
      ok: true,
      rows: [
        {
          name: "Creatinine",
          value: "1.9",
          unit: "mg/dL",
          referenceRange: "0.6-1.2",
          flag: "H",
        },
        {
          name: "HLA typing",
          value: "A2, A24",
          unit: "",
          referenceRange: "",
          flag: "",
        },
      ],
      where: ["line 2", "line 4"],
    });
  });

  it.each([
    ["v.csv", "", /empty/],
    ["v.csv", "name,value,comment\nA,1,x", /unknown column "comment"/],
    ["v.csv", "name,unit\nA,mg", /lacks the column value/],
    ["v.csv", "name,value,result\nA,1,2", /repeats the column value/],
    ["v.csv", "name,value\nA,1,2", /line 2: more values/],
    ["v.csv", 'name,value\n"A,1', /not closed/],
    ["v.json", "{", /not valid JSON/],
    ["v.json", '{"name":"A"}', /array of values/],
    ["v.txt", "name,value", /must end in .csv or .json/],
  ])("%s %j is refused", (file, text, error) => {
    const parsed = parseLabValuesFile(file, text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });

  it("reads JSON as an array or { values }", () => {
    expect(parseLabValuesFile("v.json", '[{"name":"A","value":"1"}]')).toEqual({
      ok: true,
      rows: [{ name: "A", value: "1" }],
      where: ["value 1"],
    });
    expect(parseLabValuesFile("v.json", '{"values":[{"name":"A","value":"1"}]}')).toMatchObject({ ok: true, rows: [{ name: "A" }] });
  });
});

import { describe, expect, it } from "vitest";
import { RegistryMessage } from "../contract/envelope";
import { LabFormReason } from "../contract/labs";
import { testDatabases } from "../db/test-databases";
import { TEST_SETTINGS, useRegistry, type TestRegistry } from "../testing/harness";
import { approveOne, CENTER_A, download, patientWithScreening, pdfTextIfInstalled, selectCenter, signIn } from "./labs-fixtures";

/** POST /api/pass/lab-result-values/{requisition} (docs/decisions/044) through the HTTP handler. */

const KEY = { "x-lab-staff-key": TEST_SETTINGS.labStaffKey };

const VALUES = [
  {
    name: "Creatinine",
    value: "1.9",
    unit: "mg/dL",
    referenceRange: "0.6-1.2",
    flag: "H",
  },
  {
    name: "Potassium",
    value: "4.1",
    unit: "mmol/L",
    referenceRange: "3.5-5.1",
    flag: "normal",
  },
  { name: "Blood type", value: "O Rh+" },
  {
    name: "HIV-1/2 Ag/Ab",
    value: "Nonreactive",
    referenceRange: "Nonreactive",
    flag: "",
  },
];

describe.each(testDatabases())("recorded lab values on $name", (target) => {
  const t = useRegistry(target);
  const record = (requisition: string, body: unknown, headers: Record<string, string> = KEY) =>
    t.call("POST", `/api/pass/lab-result-values/${encodeURIComponent(requisition)}`, { headers, body });
  const stored = () =>
    t.db.query<Record<string, unknown>>(
      "select position, name, value, unit, reference_range, flag from lab_result_values order by lab_order_id, position",
    );

  async function approvedOrder(t: TestRegistry, n = 1, english = true) {
    const p = await patientWithScreening(t, n);
    if (english) await t.db.query("update medical_records set preferred_language = 1 where id = $1", [p.medicalRecordId]);
    await selectCenter(t, p, CENTER_A);
    const { requisition } = await approveOne(t);
    return { ...p, requisition };
  }
  const resultsText = async (p: { screeningId: number; token: string }) =>
    pdfTextIfInstalled((await download(t, `/api/pass/screening/${p.screeningId}/lab-results/download`, p.token)).bytes);

  it("records the values (flags normalized), and the results summary the patient downloads lists them", async () => {
    const p = await approvedOrder(t);
    const a = await record(p.requisition.toLowerCase(), { values: VALUES });
    expect([a.status, a.body]).toEqual([
      200,
      {
        success: true,
        results: { recorded: 4 },
        message: "Successfully recorded lab values",
      },
    ]);
    expect(await stored()).toEqual([
      {
        position: 1,
        name: "Creatinine",
        value: "1.9",
        unit: "mg/dL",
        reference_range: "0.6-1.2",
        flag: "high",
      },
      {
        position: 2,
        name: "Potassium",
        value: "4.1",
        unit: "mmol/L",
        reference_range: "3.5-5.1",
        flag: "normal",
      },
      {
        position: 3,
        name: "Blood type",
        value: "O Rh+",
        unit: "",
        reference_range: "",
        flag: null,
      },
      {
        position: 4,
        name: "HIV-1/2 Ag/Ab",
        value: "Nonreactive",
        unit: "",
        reference_range: "Nonreactive",
        flag: null,
      },
    ]);
    expect(
      (
        await t.call("GET", `/api/pass/process-lab-results/${p.requisition}`, {
          headers: KEY,
        })
      ).status,
    ).toBe(200);
    await signIn(t, p);
    const text = await resultsText(p);
    if (text !== null) {
      for (const expected of ["Lab Results", "Test", "Result", "Unit", "Reference range", "Flag", "Potassium", "mmol/L", "3.5-5.1", "O Rh+"]) {
        expect(text, expected).toContain(expected);
      }
      expect(text).toMatch(/Creatinine\s+1\.9\s+mg\/dL\s+0\.6-1\.2\s+High/);
      expect(text).not.toContain("The detailed values have been sent");
    }
    const audits = await t.db.query<{ detail: unknown }>("select detail from audit_log where action = 'labs.values.record'");
    expect(audits).toEqual([{ detail: { labOrderId: expect.any(Number), count: 4 } }]);
  });

  it("values recorded after the results replace the set and the generated summary; Spanish flags and headings", async () => {
    const p = await approvedOrder(t, 1, false);
    await t.call("GET", `/api/pass/process-lab-results/${p.requisition}`, {
      headers: KEY,
    });
    await signIn(t, p);
    const before = await resultsText(p);
    if (before !== null) expect(before).toContain("Hemograma completo");
    await record(p.requisition, { values: VALUES });
    const corrected = await record(p.requisition, {
      values: [{ name: "Creatinina", value: "2.4", unit: "mg/dL", flag: "HH" }],
    });
    expect(corrected.body.results).toEqual({ recorded: 1 });
    expect(await stored()).toEqual([
      {
        position: 1,
        name: "Creatinina",
        value: "2.4",
        unit: "mg/dL",
        reference_range: "",
        flag: "critical",
      },
    ]);
    const after = await resultsText(p);
    if (after !== null) {
      expect(after).toMatch(/Creatinina\s+2\.4\s+mg\/dL\s+Crítico/);
      for (const expected of ["Análisis", "Resultado", "Valores de referencia", "Indicador"]) expect(after, expected).toContain(expected);
      expect(after).not.toContain("Potassium");
    }
  });

  it("who may call: only with the lab staff key (401 before anything is read); an unknown requisition is 404", async () => {
    const p = await approvedOrder(t);
    const cases: Array<[string, Record<string, string>]> = [
      ["no key", {}],
      ["a wrong key", { "x-lab-staff-key": "wrong-key" }],
      ["a patient's token", { authorization: `Bearer ${p.token}` }],
    ];
    for (const [name, headers] of cases) {
      const a = await record(p.requisition, { values: VALUES }, headers);
      expect([name, a.status, a.body.errors]).toEqual([name, 401, { form: LabFormReason.staffKeyInvalid }]);
    }
    const unknown = await record(p.requisition === "AAAAAAAA" ? "CCCCCCCC" : "AAAAAAAA", { values: VALUES });
    expect([unknown.status, unknown.body.errors]).toEqual([404, { form: LabFormReason.requisitionUnknown }]);
    const badRequisition = await record("12; drop", { values: VALUES });
    expect([badRequisition.status, badRequisition.body.errors]).toEqual([400, { requisition: "validation.invalidValue" }]);
    expect(
      (
        await t.call("GET", `/api/pass/lab-result-values/${p.requisition}`, {
          headers: KEY,
        })
      ).status,
    ).toBe(405);
    expect(await stored()).toEqual([]);
  });

  it("bad input: 400 with an error per value and field, nothing stored", async () => {
    const p = await approvedOrder(t);
    const cases: Array<[string, unknown, Record<string, string>]> = [
      ["no values", {}, { values: "validation.invalidValue" }],
      ["an empty list", { values: [] }, { values: "validation.required" }],
      ["a text", { values: "Creatinine 1.9" }, { values: "validation.invalidValue" }],
      [
        "too many",
        {
          values: Array.from({ length: 101 }, (_, i) => ({
            name: `T${i}`,
            value: "1",
          })),
        },
        { values: "validation.invalidValue" },
      ],
      [
        "missing name and value, a bad flag",
        { values: [{ name: " ", value: null, flag: "very high" }] },
        {
          "values.0.name": "validation.required",
          "values.0.value": "validation.required",
          "values.0.flag": "validation.invalidValue",
        },
      ],
      [
        "too long, not text, a line break",
        {
          values: [
            {
              name: "x".repeat(81),
              value: { v: 1 },
              unit: "mg\ndL",
              referenceRange: "r".repeat(41),
            },
          ],
        },
        {
          "values.0.name": "validation.textTooLong?max=80",
          "values.0.value": "validation.invalidValue",
          "values.0.unit": "validation.invalidCharacters",
          "values.0.referenceRange": "validation.textTooLong?max=40",
        },
      ],
      [
        "a repeated name",
        {
          values: [
            { name: "Creatinine", value: "1" },
            { name: "creatinine ", value: "2" },
          ],
        },
        { "values.1.name": "validation.invalidValue" },
      ],
      ["not an object", { values: ["Creatinine"] }, { "values.0": "validation.invalidValue" }],
    ];
    for (const [name, body, errors] of cases) {
      const a = await record(p.requisition, body);
      expect([name, a.status, a.body.message, a.body.errors]).toEqual([name, 400, RegistryMessage.badRequest, errors]);
    }
    const notJson = await t.call("POST", `/api/pass/lab-result-values/${p.requisition}`, { headers: KEY, rawBody: "{values:" });
    expect(notJson.status).toBe(400);
    const nul = await record(p.requisition, {
      values: [{ name: "Creat\u0000inine", value: "1" }],
    });
    expect(nul.status).toBe(400);
    expect(await stored()).toEqual([]);
  });
});

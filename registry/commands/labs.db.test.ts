import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { approveOne, CENTER_A, patientWithScreening, selectCenter } from "../areas/labs-fixtures";
import { testDatabases } from "../db/test-databases";
import { renderPdf } from "../domain/pdf";
import type { RegistryConfig } from "../settings";
import { useRegistry } from "../testing/harness";
import { approveLabsCommand, approveTarget, attachLabResultsCommand, recordLabValuesCommand } from "./cli-labs";
import { approveLabs, labOrdersReport, pdfProblem } from "./labs";

describe("approve-labs arguments", () => {
  it.each([
    [["--all"], { all: true }],
    [["--order", "12"], { orderId: 12 }],
    [["--screening=7"], { screeningId: 7 }],
  ])("%j -> %j", (args, target) => expect(approveTarget(args)).toEqual(target));

  it.each([[[]], [["--all", "--order", "1"]], [["--order", "0"]], [["--screening", "x"]], [["--requisition", "K7P4ACDE"]]])("refuses %j", (args) => {
    expect(() => approveTarget(args)).toThrow();
  });
});

describe("pdfProblem", () => {
  it("accepts a PDF that opens and names what is wrong otherwise", async () => {
    expect(await pdfProblem(await renderPdf({ title: "Report", lang: "en", blocks: [] }))).toBeNull();
    expect(await pdfProblem(new Uint8Array())).toMatch(/empty/);
    expect(await pdfProblem(new TextEncoder().encode("<html>"))).toMatch(/not a PDF/);
    expect(await pdfProblem(new TextEncoder().encode("%PDF-1.7 broken"))).toMatch(/cannot be read/);
    expect(await pdfProblem(new Uint8Array(10 * 1024 * 1024 + 1))).toMatch(/larger than 10 MB/);
  });
});

describe.each(testDatabases())("lab staff commands on $name", (target) => {
  const t = useRegistry(target);
  const config = () => ({ settings: t.settings }) as RegistryConfig;

  it("approve-labs prints requisition numbers; list-lab-orders shows ids, dates and states, never names", async () => {
    const ana = await patientWithScreening(t, 1);
    const ben = await patientWithScreening(t, 2);
    await selectCenter(t, ana, CENTER_A);
    await selectCenter(t, ben, CENTER_A);
    const before = await labOrdersReport(t.db, t.clock);
    expect(before.split("\n")[0]).toMatch(/^order\s+screening\s+record\s+requested \(UTC\)\s+state\s+requisition\s+valid until\s+results document$/);
    expect(before.match(/waiting for approval/g)).toHaveLength(2);

    const [orderOfAna] = await t.db.query<{ id: number }>("select id from lab_orders where screening_id = $1", [ana.screeningId]);
    let out = "";
    await approveLabsCommand(t.db, config(), ["--order", String(orderOfAna!.id)], (s) => (out += s));
    expect(out).toMatch(
      new RegExp(
        `^approved lab order ${orderOfAna!.id} \\(screening ${
          ana.screeningId
        }\\): requisition [34679ACDEFGHJKMNPQRTUVWXY]{8}, valid until \\d{4}-\\d{2}-\\d{2}\\n$`,
      ),
    );
    await expect(approveLabs(t.db, t.settings, { orderId: orderOfAna!.id })).rejects.toThrow(/not waiting for approval/);
    out = "";
    await approveLabsCommand(t.db, config(), ["--all"], (s) => (out += s));
    expect(out).toContain(`(screening ${ben.screeningId})`);
    out = "";
    await approveLabsCommand(t.db, config(), ["--all"], (s) => (out += s));
    expect(out).toBe("No lab order is waiting for approval.\n");

    const after = await labOrdersReport(t.db, t.clock);
    expect(after.match(/ approved /g)).toHaveLength(2);
    for (const secret of ["Ana", "Lopez", "patient1@example.org", "Lakeside"]) expect(after).not.toContain(secret);
    expect(await labOrdersReport(t.db, new Date("2099-01-01T00:00:00Z"))).toMatch(/ expired /);
  });

  it("attach-lab-results reads a PDF file and refuses anything else", async () => {
    const p = await patientWithScreening(t);
    await selectCenter(t, p, CENTER_A);
    const { requisition } = await approveOne(t);
    const dir = mkdtempSync(path.join(os.tmpdir(), "attach-"));
    const good = path.join(dir, "results.pdf");
    writeFileSync(good, await renderPdf({ title: "Results", lang: "en", blocks: [] }));
    const bad = path.join(dir, "results.txt");
    writeFileSync(bad, "not a pdf");
    let out = "";
    await attachLabResultsCommand(t.db, [requisition, good], (s) => (out += s));
    expect(out).toMatch(new RegExp(`^attached .*results\\.pdf \\(\\d+ bytes\\) to requisition ${requisition}`));
    await expect(attachLabResultsCommand(t.db, [requisition, bad], () => {})).rejects.toThrow(/not a PDF/);
    await expect(attachLabResultsCommand(t.db, [requisition, path.join(dir, "missing.pdf")], () => {})).rejects.toThrow(/cannot read .*ENOENT/);
    await expect(attachLabResultsCommand(t.db, [requisition], () => {})).rejects.toThrow(/usage/);
    expect(await t.db.query("select results_source, results_at from lab_orders")).toEqual([{ results_source: "attached", results_at: null }]);
    expect(await labOrdersReport(t.db, t.clock)).toMatch(/ attached/);
  });
});

describe.each(testDatabases())("record-lab-values on $name", (target) => {
  const t = useRegistry(target);

  it("records the values of a CSV or JSON file; a wrong file records nothing and says where", async () => {
    const p = await patientWithScreening(t);
    await selectCenter(t, p, CENTER_A);
    const { requisition } = await approveOne(t);
    const other = requisition === "AAAAAAAA" ? "CCCCCCCC" : "AAAAAAAA";
    const dir = mkdtempSync(path.join(os.tmpdir(), "values-"));
    const file = (name: string, text: string | Uint8Array) => {
      writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    const stored = () => t.db.query("select name, value, unit, reference_range, flag from lab_result_values order by position");
    let out = "";
    const csv = file("v.csv", "name,value,unit,reference range,flag\nCreatinine,1.9,mg/dL,0.6-1.2,H\nABO,O Rh+,,,\n");
    await recordLabValuesCommand(t.db, [requisition.toLowerCase(), csv], (s) => (out += s));
    expect(out).toBe(`recorded 2 values for requisition ${requisition}.\n`);
    expect(await stored()).toEqual([
      { name: "Creatinine", value: "1.9", unit: "mg/dL", reference_range: "0.6-1.2", flag: "high" },
      { name: "ABO", value: "O Rh+", unit: "", reference_range: "", flag: null },
    ]);

    const bad = file("bad.csv", "name,value,flag\nCreatinine,,H\nCreatinine,2,up\n");
    await expect(recordLabValuesCommand(t.db, [requisition, bad], () => {})).rejects.toThrow(
      /not recorded, 3 problems:\n {2}line 2: the result is missing\n {2}line 3: the flag must be blank.*\n {2}line 3: the test name "Creatinine" is given twice/,
    );
    const json = file("bad.json", '[{"name":"A"}]');
    await expect(recordLabValuesCommand(t.db, [requisition, json], () => {})).rejects.toThrow(/value 1: the result is missing/);
    const latin1 = file("latin1.csv", new Uint8Array([0x6e, 0x61, 0x6d, 0xe9]));
    await expect(recordLabValuesCommand(t.db, [requisition, latin1], () => {})).rejects.toThrow(/not UTF-8/);
    await expect(recordLabValuesCommand(t.db, [requisition, path.join(dir, "missing.csv")], () => {})).rejects.toThrow(/ENOENT/);
    const ok = file("ok.json", '[{"name":"A","value":"1"}]');
    await expect(recordLabValuesCommand(t.db, [other, ok], () => {})).rejects.toThrow(/no lab order has the requisition number/);
    await expect(recordLabValuesCommand(t.db, ["12", ok], () => {})).rejects.toThrow(/not a requisition number/);
    await expect(recordLabValuesCommand(t.db, [requisition], () => {})).rejects.toThrow(/usage/);
    expect(await stored()).toHaveLength(2);

    // A JSON file replaces the set.
    out = "";
    const replacement = file("v.json", JSON.stringify({ values: [{ name: "Potassium", value: "4.1", unit: "mmol/L" }] }));
    await recordLabValuesCommand(t.db, [requisition, replacement], (s) => (out += s));
    expect(out).toBe(`recorded 1 value for requisition ${requisition}.\n`);
    expect(await stored()).toEqual([{ name: "Potassium", value: "4.1", unit: "mmol/L", reference_range: "", flag: null }]);
  });
});

import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { approveOne, CENTER_A, patientWithScreening, selectCenter } from "../areas/labs-fixtures";
import { testDatabases } from "../db/test-databases";
import { renderPdf } from "../domain/pdf";
import type { RegistryConfig } from "../settings";
import { useRegistry } from "../testing/harness";
import { approveLabsCommand, approveTarget, attachLabResultsCommand } from "./cli-labs";
import { approveLabs, labOrdersReport, pdfProblem } from "./labs";

describe("approve-labs arguments", () => {
  it.each([
    [["--all"], { all: true }],
    [["--order", "12"], { orderId: 12 }],
    [["--screening=7"], { screeningId: 7 }],
  ])("%j -> %j", (args, target) => expect(approveTarget(args)).toEqual(target));

  it.each([[[]], [["--all", "--order", "1"]], [["--order", "0"]], [["--screening", "x"]], [["--requisition", "K7P4ACDE"]]])(
    "refuses %j",
    (args) => {
      expect(() => approveTarget(args)).toThrow();
    },
  );
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
  const config = () => ({ settings: t.settings } as RegistryConfig);

  it("approve-labs prints requisition numbers; list-lab-orders shows ids, dates and states, never names", async () => {
    const ana = await patientWithScreening(t, 1);
    const ben = await patientWithScreening(t, 2);
    await selectCenter(t, ana, CENTER_A);
    await selectCenter(t, ben, CENTER_A);
    const before = await labOrdersReport(t.db, t.clock);
    expect(before.split("\n")[0]).toMatch(
      /^order\s+screening\s+record\s+requested \(UTC\)\s+state\s+requisition\s+valid until\s+results document$/,
    );
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
    await expect(attachLabResultsCommand(t.db, [requisition, path.join(dir, "missing.pdf")], () => {})).rejects.toThrow(
      /cannot read .*ENOENT/,
    );
    await expect(attachLabResultsCommand(t.db, [requisition], () => {})).rejects.toThrow(/usage/);
    expect(await t.db.query("select results_source, results_at from lab_orders")).toEqual([
      { results_source: "attached", results_at: null },
    ]);
    expect(await labOrdersReport(t.db, t.clock)).toMatch(/ attached/);
  });
});

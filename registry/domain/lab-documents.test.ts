import { describe, expect, it } from "vitest";
import type { LabValue } from "../contract/labs";
import { labResultsSummaryPdf } from "./lab-documents";
import { columnWidths } from "./pdf";
import { aLabDocument } from "../testing/lab-documents";
import { itWithPoppler, pdfText } from "../testing/pdf-text";

/** The lab results PDF's values table (LAB-007): units are one token, never cut across lines. */

const facts = aLabDocument();

const values: LabValue[] = [
  { name: "eGFR", value: "58", unit: "mL/min/1.73m2", referenceRange: "> 60", flag: "low" },
  { name: "Creatinine", value: "1.9", unit: "mg/dL", referenceRange: "0.6-1.2", flag: "high" },
  { name: "Albumin/creatinine ratio", value: "45", unit: "mg/g creat", referenceRange: "< 30", flag: null },
];

describe("the lab results PDF's units", () => {
  itWithPoppler.each(["en", "es"] as const)("in %s, every unit is printed whole on one line, 'mL/min/1.73m2' too", async (lang) => {
    const text = pdfText(await labResultsSummaryPdf({ ...facts, lang, resultsAt: facts.now, values }));
    const lines = text.split("\n");
    for (const unit of ["mL/min/1.73m2", "mg/dL"])
      expect(
        lines.some((l) => l.includes(unit)),
        `${unit} in:\n${text}`,
      ).toBe(true);
    // A unit with a space wraps between its words only.
    expect(lines.some((l) => /\bmg\/g\b/.test(l))).toBe(true);
    expect(text).not.toMatch(/mL\/min\/1\.7?\s*\n/);
  });
});

describe("column widths", () => {
  it.each([
    ["the shares when no column needs more", [0.5, 0.25, 0.25], [0, 0, 0], 400, [200, 100, 100]],
    ["a column widened to its minimum, the room taken from the others by their shares", [0.5, 0.25, 0.25], [0, 0, 160], 400, [160, 80, 160]],
    ["another column then below its own minimum is held there too", [0.5, 0.25, 0.25], [0, 90, 160], 400, [150, 90, 160]],
    ["minimums that cannot all fit: the shares stand", [0.5, 0.25, 0.25], [300, 0, 160], 400, [200, 100, 100]],
  ])("%s", (_n, shares, minimums, total, widths) => {
    const got = columnWidths(shares, minimums, total);
    got.forEach((w, i) => expect(w).toBeCloseTo(widths[i]!, 6));
    expect(got.reduce((a, b) => a + b, 0)).toBeCloseTo(total, 6);
  });
});

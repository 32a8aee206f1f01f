import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

describe("csv", () => {
  it("quotes every cell and doubles quotes; empty for null", () => {
    expect(csvLine(["a", 1, null, 'say "hi", then go'])).toBe('"a","1","","say ""hi"", then go"\r\n');
  });

  it("prefixes cells a spreadsheet would run as a formula", () => {
    for (const cell of ['=HYPERLINK("http://x")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
      expect(csvCell(cell)).toBe(`"'${cell.replace(/"/g, '""')}"`);
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell(-1)).toBe('"\'-1"');
  });
});

import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DECISIONS_INDEX, readDecisions, renderDecisionIndex } from "../../scripts/decisions.mjs";
import {
  outsideCitation,
  readRequirements,
  renderTraceability,
  scanCitations,
  sectionCitations,
  standAloneCitations,
  traceability,
  TRACEABILITY_FILE,
  unknownIds,
} from "../../scripts/requirements.mjs";

describe("docs/requirements", () => {
  const requirements = readRequirements();
  const citations = scanCitations();

  it("defines each id once, with a statement and at least one source", () => {
    const ids = requirements.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(requirements.length).toBeGreaterThan(100);
    for (const r of requirements) {
      expect(r.text.length, r.id).toBeGreaterThan(20);
      expect(r.sources.length, r.id).toBeGreaterThan(0);
      for (const source of r.sources) expect(source, r.id).toMatch(/^(?:(?:000|001) §\d+(?:\.\d+)?|R(?:1[0-3]|[1-9])|ARCHITECTURE)$/);
    }
  });

  it("is cited only by ids that exist", () => {
    expect(unknownIds(requirements, citations)).toEqual([]);
  });

  it("traces every requirement to code and to a test that cite its id", () => {
    const untraced = traceability(requirements, citations)
      .filter((row) => row.code.length === 0 || row.tests.length === 0)
      .map((row) => `${row.requirement.id}: ${row.code.length === 0 ? "no code" : ""} ${row.tests.length === 0 ? "no test" : ""}`.trim());
    expect(untraced).toEqual([]);
  });

  it("is what the code cites: no citation of a specification section remains outside docs/", () => {
    expect(sectionCitations()).toEqual([]);
  });

  it("stands alone: docs/, README.md, app/, registry/ and server/ cite no file outside the repository, no reading as Dn, no issue number", () => {
    expect(standAloneCitations()).toEqual([]);
  });

  it.each([
    ["See `../shared/spec/ARCHITECTURE.md`.", "the specification's files"],
    ["the readings of DECISIONS.md", "the specification's files"],
    ["as STACK.md measured", "the stack notes"],
    ["| ACC-022 | After 10 failed sign-ins ... | D6 |", "a reading by its old name"],
    ["(issue 12, item 9)", "an issue number"],
    ["Issue #13's goals", "an issue number"],
    ["issues 10 and 11", "an issue number"],
  ])("refuses %j", (line, what) => {
    expect(outsideCitation(line)).toContain(what);
  });

  it.each([
    "amended by decision 087 (R6, docs/readings.md)",
    "// Requirement SCR-014: the status on save",
    "Checking 0, Pending 1, Ready 2, Issues 3.",
    "| DSH-013 | ... | R12 |",
  ])("accepts %j", (line) => {
    expect(outsideCitation(line)).toBeNull();
  });

  it("has a current traceability table (run `npm run docs`)", () => {
    expect(fs.readFileSync(TRACEABILITY_FILE, "utf8")).toBe(renderTraceability(traceability(requirements, citations)));
  });
});

describe("docs/decisions", () => {
  const decisions = readDecisions();

  it("numbers the records uniquely, each with a title, a status and a date", () => {
    const numbers = decisions.map((d) => d.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const d of decisions) {
      expect(d.file.startsWith(`${d.number}-`), d.file).toBe(true);
      expect(d.title, d.file).not.toBe("");
      expect(d.status, d.file).not.toBe("");
      expect(d.date, d.file).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("has a current index (run `npm run docs`)", () => {
    expect(fs.readFileSync(DECISIONS_INDEX, "utf8")).toBe(renderDecisionIndex(decisions));
  });

  it("accounts for every number up to the highest in its index: a record, or a number never taken", () => {
    const index = renderDecisionIndex(decisions);
    const highest = Math.max(...decisions.map((d) => Number(d.number)));
    const missing = [];
    for (let n = 1; n <= highest; n++) {
      const number = String(n).padStart(3, "0");
      const listed = index.includes(`| ${number} | [`) || new RegExp(`Numbers without a record \\([^)]*\\b${number}\\b`).test(index);
      if (!listed) missing.push(number);
    }
    expect(missing).toEqual([]);
    expect(
      renderDecisionIndex([
        { file: "001-a.md", number: "001", title: "A", status: "accepted", date: "2026-01-01" },
        { file: "003-c.md", number: "003", title: "C", status: "accepted", date: "2026-01-02" },
      ]),
    ).toContain("Numbers without a record (002)");
  });
});

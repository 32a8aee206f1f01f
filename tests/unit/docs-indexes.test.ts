import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DECISIONS_INDEX, readDecisions, renderDecisionIndex } from "../../scripts/decisions.mjs";
import {
  readRequirements,
  renderTraceability,
  scanCitations,
  sectionCitations,
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
      for (const source of r.sources) expect(source, r.id).toMatch(/^(?:(?:000|001) §\d+(?:\.\d+)?|D(?:1[0-3]|[1-9])|ARCHITECTURE)$/);
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
});

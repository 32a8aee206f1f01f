// The requirements of docs/requirements/ and where the code and the tests cite them.
// `npm run docs` rewrites docs/requirements/traceability.md; tests/unit/docs-indexes.test.ts checks that it is current,
// that every cited id exists, that every requirement is traced to code and to a test by its id, and that no code cites
// a section of the specification documents instead of a requirement.
// Node built-ins only.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const REQUIREMENTS_DIR = "docs/requirements";
/** The requirement files, in the order the traceability table lists them. */
export const AREA_FILES = ["platform.md", "accounts.md", "dashboard.md", "screening.md", "centers.md", "labs.md", "medical-history.md", "e-sign.md"];
const ID = /\b(?:PLT|ACC|DSH|SCR|CEN|LAB|MHX|ESG)-\d{3}\b/g;
/** A citation of a section of the two specification documents (the document number, a space, the section sign). */
const SECTION = /\b(?:000|001) \u00a7\d/;
const SCANNED = ["app", "registry", "server", "config", "scripts", "tests", "vite", "server.ts"];
const CODE_EXTENSIONS = /\.(ts|tsx|mjs|js)$/;
/** Files whose comments may cite: the code, plus the notes and styles kept beside it. */
const COMMENTED_EXTENSIONS = /\.(ts|tsx|mjs|js|md|css)$/;

/**
 * @typedef {{ id: string, text: string, sources: string[], file: string }} Requirement
 * Every requirement, with its sources (a section of a specification document, a reading "R6" of docs/readings.md,
 * "ARCHITECTURE") and the file defining it.
 * @returns {Requirement[]}
 */
export function readRequirements(dir = path.join(root, REQUIREMENTS_DIR)) {
  /** @type {Requirement[]} */
  const requirements = [];
  for (const file of AREA_FILES) {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    for (const line of text.split("\n")) {
      const row = /^\| ((?:PLT|ACC|DSH|SCR|CEN|LAB|MHX|ESG)-\d{3}) \| (.+) \| ([^|]+) \|$/.exec(line);
      if (!row) continue;
      const [, id = "", text = "", sourceList = ""] = row;
      const sources = sourceList
        .split(";")
        .map((s) => s.trim())
        .filter(Boolean);
      requirements.push({ id, text, sources, file });
    }
  }
  return requirements;
}

function listFiles(entry, extensions = CODE_EXTENSIONS) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return extensions.test(entry) ? [entry] : [];
  const out = [];
  for (const name of fs.readdirSync(full).sort()) {
    if (name === "node_modules" || name.startsWith(".") || name.startsWith("build")) continue;
    out.push(...listFiles(path.posix.join(entry, name), extensions));
  }
  return out;
}

export function isTestFile(file) {
  return file.startsWith("tests/") || /\.test\.tsx?$/.test(file) || /\.spec\.ts$/.test(file);
}

/** Each scanned file with the requirement ids it cites. */
export function scanCitations(files = SCANNED.flatMap((entry) => listFiles(entry))) {
  return files
    .filter((file) => file !== "scripts/requirements.mjs")
    .map((file) => ({ file, ids: new Set(fs.readFileSync(path.join(root, file), "utf8").match(ID) ?? []) }));
}

/**
 * Lines of the code (and of the notes and styles beside it) that cite a section of the specification documents
 * instead of the requirement stating its rule, as "file:line". docs/requirements and docs/decisions are not scanned.
 */
export function sectionCitations(files = SCANNED.flatMap((entry) => listFiles(entry, COMMENTED_EXTENSIONS))) {
  const found = [];
  for (const file of files) {
    const lines = fs.readFileSync(path.join(root, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (SECTION.test(line)) found.push(`${file}:${i + 1}`);
    });
  }
  return found;
}

/** What the docs and the code must not lean on: a file outside the repository, the readings by their old names, an issue. */
const OUTSIDE = [
  { pattern: /shared\/spec|\bDECISIONS\.md\b/, what: "the specification's files (say what they say, or cite docs/requirements)" },
  { pattern: /\bSTACK\.md\b/, what: "the stack notes (docs/stack.md)" },
  { pattern: /\bD\d+\b/, what: "a reading by its old name (R1-R13 of docs/readings.md)" },
  { pattern: /\b[Ii]ssue #?\d|\bissues #?\d/, what: "an issue number (the sentence it stands for, or a decision number)" },
];
const STAND_ALONE = ["docs", "README.md", "app", "registry", "server"];
const TEXT_EXTENSIONS = /\.(ts|tsx|mjs|js|md|css|json)$/;

/** What `line` cites that a reader of the repository alone could not follow, or null. */
export function outsideCitation(line) {
  return OUTSIDE.find(({ pattern }) => pattern.test(line))?.what ?? null;
}

/**
 * Lines of docs/, README.md, app/, registry/ and server/ that cite a file outside the repository, a reading as "D6" or
 * an issue by its number, as "file:line: what to cite instead". Decision numbers ("decision 087") are the way to cite.
 */
export function standAloneCitations(files = STAND_ALONE.flatMap((entry) => listFiles(entry, TEXT_EXTENSIONS))) {
  const found = [];
  for (const file of files) {
    const lines = fs.readFileSync(path.join(root, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      const what = outsideCitation(line);
      if (what) found.push(`${file}:${i + 1}: ${what}`);
    });
  }
  return found;
}

/** For each requirement, the code files and the test files citing its id. */
export function traceability(requirements = readRequirements(), citations = scanCitations()) {
  return requirements.map((requirement) => {
    const code = [];
    const tests = [];
    for (const citation of citations) {
      if (!citation.ids.has(requirement.id)) continue;
      (isTestFile(citation.file) ? tests : code).push(citation.file);
    }
    return { requirement, code, tests };
  });
}

/** Ids cited somewhere that no requirement file defines. */
export function unknownIds(requirements = readRequirements(), citations = scanCitations()) {
  const known = new Set(requirements.map((r) => r.id));
  const unknown = [];
  for (const citation of citations) for (const id of citation.ids) if (!known.has(id)) unknown.push(`${citation.file}: ${id}`);
  return unknown;
}

function cell(files) {
  return files.length === 0 ? "**none**" : files.map((file) => `\`${file}\``).join("<br>");
}

export function renderTraceability(rows = traceability()) {
  const lines = [
    "# Traceability: requirement → code → tests",
    "",
    "Generated by `npm run docs` from the requirement files and the citations in the code; do not edit by hand.",
    "A file traces to a requirement when it cites the requirement's id (in a comment or a test title).",
    "",
  ];
  for (const file of AREA_FILES) {
    const inFile = rows.filter((row) => row.requirement.file === file);
    lines.push(`## [${file.replace(/\.md$/, "")}](${file})`, "", "| id | code | tests |", "|---|---|---|");
    for (const { requirement, code, tests } of inFile) lines.push(`| ${requirement.id} | ${cell(code)} | ${cell(tests)} |`);
    lines.push("");
  }
  return lines.join("\n");
}

export const TRACEABILITY_FILE = path.join(root, REQUIREMENTS_DIR, "traceability.md");

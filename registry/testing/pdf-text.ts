import { execFileSync } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { it } from "vitest";

/**
 * The tests that read a PDF back use Debian's poppler-utils (pdftotext, pdffonts, pdfinfo). CI and `npm test` install
 * it; on a machine without it those tests are skipped, and registry/testing/system-tools-setup.ts says so in one line
 * (in CI, where it must be there, it fails the run instead).
 */
export const POPPLER_PACKAGE = "poppler-utils";
const POPPLER_TOOLS = ["pdftotext", "pdffonts", "pdfinfo"] as const;
type PopplerTool = (typeof POPPLER_TOOLS)[number];

/** Where a program is on PATH, or null. */
export function systemTool(name: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return null;
}

/** The poppler-utils programs not found on PATH (none where the package is installed). */
export function missingPopplerTools(): PopplerTool[] {
  return POPPLER_TOOLS.filter((name) => systemTool(name) === null);
}

/** Whether poppler-utils is installed: a test whose read-back of a PDF is one check among many runs it only then. */
export const hasPoppler = missingPopplerTools().length === 0;

/** `it` for a test that reads a PDF back with poppler-utils: skipped where the package is not installed. */
export const itWithPoppler = it.skipIf(!hasPoppler);

/** Runs a poppler-utils program on a PDF (written to a temporary file) with `args` before the file and `after` it. */
export function poppler(name: PopplerTool, bytes: Uint8Array, args: string[] = [], after: string[] = []): string {
  const program = systemTool(name);
  if (!program) throw new Error(`${name} is not installed (Debian package ${POPPLER_PACKAGE}); run this test with itWithPoppler`);
  const dir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, bytes);
    return execFileSync(program, [...args, file, ...after], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as printed (pdftotext -layout). */
export function pdfText(bytes: Uint8Array): string {
  return poppler("pdftotext", bytes, ["-layout"], ["-"]);
}

/** pdfText where poppler-utils is installed, else null (see hasPoppler). */
export function pdfTextIfInstalled(bytes: Uint8Array): string | null {
  return hasPoppler ? pdfText(bytes) : null;
}

/** The fonts of a PDF (pdffonts' table). */
export function pdfFonts(bytes: Uint8Array): string {
  return poppler("pdffonts", bytes);
}

/**
 * pdfinfo's answer for a PDF ("Tagged: yes" ...; with `-struct-text`, the tagged structure with each element's text in
 * reading order).
 */
export function pdfInfo(bytes: Uint8Array, args: string[] = []): string {
  return poppler("pdfinfo", bytes, args);
}

/**
 * The texts of a tagged PDF's structure elements in reading order, one space apart (a cell's wrapped lines joined), as
 * a screen reader reads them.
 */
export function pdfReadingText(bytes: Uint8Array): string {
  return Array.from(pdfInfo(bytes, ["-struct-text"]).matchAll(/^\s*"(.*)"$/gm), (m) => m[1]!).join(" ");
}

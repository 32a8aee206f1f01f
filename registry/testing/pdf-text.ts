import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PDFTOTEXT = "/usr/bin/pdftotext";

/** The text of a PDF (pdftotext from poppler-utils, which CI installs), or null where it is not installed. */
export function pdfText(bytes: Uint8Array): string | null {
  if (!existsSync(PDFTOTEXT)) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), "labs-pdf-"));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, bytes);
    return execFileSync(PDFTOTEXT, ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const PDFINFO = "/usr/bin/pdfinfo";

/**
 * pdfinfo's answer for a PDF ("Tagged: yes" ...; with `-struct-text`, the tagged structure with each element's text in
 * reading order), or null where poppler-utils is not installed.
 */
export function pdfInfo(bytes: Uint8Array, args: string[] = []): string | null {
  if (!existsSync(PDFINFO)) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), "pdf-info-"));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, bytes);
    return execFileSync(PDFINFO, [...args, file], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The texts of a tagged PDF's structure elements in reading order, one space apart (a cell's wrapped lines joined), as
 * a screen reader reads them; null where poppler-utils is not installed.
 */
export function pdfReadingText(bytes: Uint8Array): string | null {
  const structure = pdfInfo(bytes, ["-struct-text"]);
  if (structure === null) return null;
  return Array.from(structure.matchAll(/^\s*"(.*)"$/gm), (m) => m[1]!).join(" ");
}

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

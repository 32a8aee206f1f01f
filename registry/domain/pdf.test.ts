import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { renderPdf, toWinAnsi, wrapText } from "./pdf";

const PDFTOTEXT = "/usr/bin/pdftotext";

describe("toWinAnsi", () => {
  it.each([
    ["María José Núñez", "María José Núñez"],
    ["it’s “quoted” — yes…", "it's \"quoted\" - yes..."],
    ["emoji 😀 and 漢字", "emoji ? and ??"],
    ["tab\there", "tab here"],
    ["line\nbreak", "line\nbreak"],
  ])("%j -> %j", (input, expected) => expect(toWinAnsi(input)).toBe(expected));
});

describe("wrapText", () => {
  it("keeps every line within the width, splits words longer than a line and keeps paragraph breaks", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrapText(`${"word ".repeat(40)}\n${"x".repeat(200)}`, font, 11, 200);
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(200);
    expect(lines.join("").replace(/ /g, "")).toBe(`${"word".repeat(40)}${"x".repeat(200)}`);
  });
});

describe("renderPdf", () => {
  it("writes a PDF whose text reads back (title, fields, list, signature, footer on every page)", async () => {
    const bytes = await renderPdf({
      title: "Orden de laboratorio",
      lang: "es",
      footer: "Registro - página {page} de {pages}",
      blocks: [
        { kind: "heading", text: "Paciente" },
        { kind: "fields", rows: [["Nombre", "María Núñez"], ["Requisición", "K7P4-9QX2"]] },
        { kind: "paragraph", text: "texto ".repeat(1500) },
        { kind: "list", items: ["Hemograma completo"] },
        { kind: "signature", caption: "Firmado electrónicamente", rows: [["Firmado por", "María Núñez"]] },
      ],
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const parsed = await PDFDocument.load(bytes);
    expect(parsed.getPageCount()).toBeGreaterThan(1);
    expect(parsed.getTitle()).toBe("Orden de laboratorio");
    if (!existsSync(PDFTOTEXT)) return; // CI installs poppler-utils; the text check runs there
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "pdf-")), "t.pdf");
    writeFileSync(file, bytes);
    const text = execFileSync(PDFTOTEXT, ["-layout", file, "-"], { encoding: "utf8" });
    for (const expected of ["Orden de laboratorio", "María Núñez", "K7P4-9QX2", "Hemograma completo", "Firmado electrónicamente"]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(`página 1 de ${parsed.getPageCount()}`);
    expect(text).toContain(`página ${parsed.getPageCount()} de ${parsed.getPageCount()}`);
  });
});

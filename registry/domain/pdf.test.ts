import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { itWithPoppler, pdfText } from "../testing/pdf-text";
import { embedTypeface, renderPdf, wrapText } from "./pdf";

describe("wrapText", () => {
  it("keeps every line within the width, splits words longer than a line and keeps paragraph breaks", async () => {
    const text = `${"word ".repeat(40)}\n${"x".repeat(200)}\n${"王小明".repeat(30)}`;
    const face = await embedTypeface(await PDFDocument.create(), "regular", text);
    const lines = wrapText(text, face, 11, 200);
    expect(lines.length).toBeGreaterThan(6);
    for (const line of lines) expect(face.width(line, 11)).toBeLessThanOrEqual(200);
    expect(lines.join("").replace(/ /g, "")).toBe(`${"word".repeat(40)}${"x".repeat(200)}${"王小明".repeat(30)}`);
  });
});

describe("renderPdf", () => {
  const render = () =>
    renderPdf({
      title: "Orden de laboratorio",
      lang: "es",
      footer: "Registro - página {page} de {pages}",
      blocks: [
        { kind: "heading", text: "Paciente" },
        {
          kind: "fields",
          rows: [
            ["Nombre", "María Núñez"],
            ["Requisición", "K7P4-9QX2"],
          ],
        },
        { kind: "paragraph", text: "texto ".repeat(1500) },
        { kind: "list", items: ["Hemograma completo"] },
        { kind: "signature", caption: "Firmado electrónicamente", rows: [["Firmado por", "María Núñez"]] },
      ],
    });

  it("writes a PDF of several pages with its title", async () => {
    const bytes = await render();
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const parsed = await PDFDocument.load(bytes);
    expect(parsed.getPageCount()).toBeGreaterThan(1);
    expect(parsed.getTitle()).toBe("Orden de laboratorio");
  });

  itWithPoppler("whose text reads back (title, fields, list, signature, footer on every page)", async () => {
    const bytes = await render();
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    const text = pdfText(bytes);
    for (const expected of ["Orden de laboratorio", "María Núñez", "K7P4-9QX2", "Hemograma completo", "Firmado electrónicamente"]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(`página 1 de ${pages}`);
    expect(text).toContain(`página ${pages} de ${pages}`);
  });

  itWithPoppler("prints a signature row marked whole unbroken on its own line, smaller when it must be (docs/decisions/129)", async () => {
    const hash = "0123456789abcdef".repeat(4);
    const long = "f0".repeat(80);
    const bytes = await renderPdf({
      title: "Consentimiento",
      lang: "es",
      blocks: [
        {
          kind: "signature",
          caption: "Firma electrónica",
          rows: [
            ["Firmado por", "María Núñez"],
            ["SHA-256 del documento", hash, "whole"],
            ["Otro valor que no cabe a tamaño normal", long, "whole"],
          ],
        },
      ],
    });
    const face = await embedTypeface(await PDFDocument.create(), "regular", long);
    expect(face.width(long, 11)).toBeGreaterThan(484); // wider than the block at the body size
    const lines = pdfText(bytes).split("\n");
    expect(lines.filter((line) => line.includes(hash))).toHaveLength(1);
    expect(lines.filter((line) => line.includes(long))).toHaveLength(1);
    expect(lines.find((line) => line.includes(hash))!.trim()).toBe(hash);
  });
});

import { PDFArray, PDFBool, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, PDFString, PDFHexString } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { consentDocument, signedConsentPdf } from "../areas/e-sign-document";
import { labOrderPdf, labResultsSummaryPdf } from "./lab-documents";
import { renderPdf } from "./pdf";
import { aLabDocument } from "../testing/lab-documents";
import { hasPoppler, itWithPoppler, pdfInfo } from "../testing/pdf-text";

/** Tagged PDFs (docs/decisions/046): the catalog entries, read with pdf-lib, and the structure as poppler reads it. */

const dictAt = (dict: PDFDict, key: string) => dict.lookup(PDFName.of(key), PDFDict);
const arrayAt = (dict: PDFDict, key: string) => dict.lookup(PDFName.of(key), PDFArray);

async function catalogOf(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const catalog = doc.catalog;
  const text = (v: unknown) => (v instanceof PDFString || v instanceof PDFHexString ? v.decodeText() : undefined);
  return { doc, catalog, text };
}

const SPEC = {
  title: "Resultados de laboratorio",
  lang: "es",
  footer: "Registro - página {page} de {pages}",
  blocks: [
    { kind: "heading", text: "Paciente" },
    { kind: "fields", rows: [["Nombre", "María Núñez"]] },
    { kind: "paragraph", text: "El laboratorio informó estos resultados." },
    { kind: "list", items: ["Hemograma completo"] },
    {
      kind: "table",
      columns: ["Análisis", "Resultado"],
      widths: [1, 1],
      rows: Array.from({ length: 70 }, (_, i) => [`Prueba ${i + 1}`, "1,9"]),
    },
    { kind: "signature", caption: "Firmado", rows: [["Firmado por", "María Núñez"]] },
  ],
} as const satisfies Parameters<typeof renderPdf>[0];

describe("tagged PDFs", () => {
  it("the catalog: MarkInfo Marked, the structure tree with its parent tree, /Lang, the title shown as the window title", async () => {
    const bytes = await renderPdf(SPEC);
    const { doc, catalog, text } = await catalogOf(bytes);
    expect(dictAt(catalog, "MarkInfo").get(PDFName.of("Marked"))).toBe(PDFBool.True);
    expect(text(catalog.lookup(PDFName.of("Lang")))).toBe("es");
    expect(dictAt(catalog, "ViewerPreferences").get(PDFName.of("DisplayDocTitle"))).toBe(PDFBool.True);
    expect(doc.getTitle()).toBe("Resultados de laboratorio");

    const root = dictAt(catalog, "StructTreeRoot");
    expect(root.get(PDFName.of("Type"))).toBe(PDFName.of("StructTreeRoot"));
    const [document] = arrayAt(root, "K").asArray();
    expect(doc.context.lookup(document as PDFRef, PDFDict).get(PDFName.of("S"))).toBe(PDFName.of("Document"));

    // Every page points into the parent tree, which has one entry per page with one owner per marked content.
    const pages = doc.getPages();
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.map((p) => (p.node.get(PDFName.of("StructParents")) as PDFNumber).asNumber())).toEqual(pages.map((_, i) => i));
    const nums = arrayAt(dictAt(root, "ParentTree"), "Nums").asArray();
    expect(nums.length).toBe(2 * pages.length);
    expect((root.get(PDFName.of("ParentTreeNextKey")) as PDFNumber).asNumber()).toBe(pages.length);
    for (let i = 0; i < pages.length; i += 1) {
      const owners = doc.context.lookup(nums[2 * i + 1]!, PDFArray);
      expect(owners.size()).toBeGreaterThan(0);
    }
  });

  itWithPoppler(
    "pdfinfo reads it as tagged, with headings, paragraph, list and tables in reading order; footers and bullets are artifacts",
    async () => {
      const bytes = await renderPdf({
        ...SPEC,
        blocks: SPEC.blocks.map((b) => (b.kind === "table" ? { ...b, rows: b.rows.slice(0, 1) } : b)),
      });
      expect(pdfInfo(bytes)).toMatch(/^Tagged:\s+yes$/m);
      const structure = pdfInfo(bytes, ["-struct-text"]);
      const outline = structure
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean)
        .join(" | ");
      expect(outline).toBe(
        [
          "Document",
          "H1 (block)",
          '"Resultados de laboratorio"',
          "H2 (block)",
          '"Paciente"',
          "Table (block)",
          "TR",
          "TH:",
          "/Scope /Row",
          '"Nombre"',
          "TD",
          '"María Núñez"',
          "P (block)",
          '"El laboratorio informó estos resultados."',
          "L (block)",
          "LI (block)",
          "LBody (block)",
          '"Hemograma completo"',
          "Table (block)",
          "TR",
          "TH:",
          "/Scope /Column",
          '"Análisis"',
          "TH:",
          "/Scope /Column",
          '"Resultado"',
          "TR",
          "TD",
          '"Prueba 1"',
          "TD",
          '"1,9"',
          "Div",
          "P (block)",
          '"Firmado"',
          "Table (block)",
          "TR",
          "TH:",
          "/Scope /Row",
          '"Firmado por"',
          "TD",
          '"María Núñez"',
        ].join(" | "),
      );
    },
  );

  itWithPoppler("a table over pages: its header is tagged once (the repeat is an artifact), each row's text stays in its cells", async () => {
    const structure = pdfInfo(await renderPdf(SPEC), ["-struct-text"]);
    expect(structure.match(/"Análisis"/g)).toHaveLength(1);
    for (const n of [1, 35, 70]) expect(structure).toContain(`"Prueba ${n}"`);
    expect(structure).not.toContain("página");
  });

  const facts = aLabDocument({ patient: { firstName: "Ana", middleInitial: "M", lastName: "Lopez", birthDate: "1980-05-17" } });
  const documents: Array<[string, () => Promise<Uint8Array>, string, string]> = [
    ["the lab order", () => labOrderPdf(facts), "en", "Lab Order"],
    [
      "the lab results",
      () =>
        labResultsSummaryPdf({
          ...facts,
          lang: "es",
          resultsAt: facts.now,
          values: [{ name: "Creatinina", value: "1,9", unit: "mg/dL", referenceRange: "", flag: "high" }],
        }),
      "es",
      "Resultados de laboratorio",
    ],
    [
      "the signed consent",
      () => {
        const d = consentDocument({ firstName: "Ana", lastName: "Lopez", lang: "es", day: facts.now });
        return signedConsentPdf(d.content, {
          typedName: "Ana Lopez",
          signedAt: facts.now,
          hash: d.hash,
          clientAddress: "198.51.100.7",
          userAgent: "Test",
        });
      },
      "es",
      consentTitle(),
    ],
  ];
  it.each(documents)("%s is tagged, in the patient's language, its title the first heading", async (_, make, lang, title) => {
    const bytes = await make();
    const { catalog, text } = await catalogOf(bytes);
    expect(text(catalog.lookup(PDFName.of("Lang")))).toBe(lang);
    expect(dictAt(catalog, "MarkInfo").get(PDFName.of("Marked"))).toBe(PDFBool.True);
    if (!hasPoppler) return; // the rest reads the structure back with pdfinfo
    const structure = pdfInfo(bytes, ["-struct-text"]);
    expect(pdfInfo(bytes)).toMatch(/^Tagged:\s+yes$/m);
    // The first element is the H1, its text (one marked content per printed line) the title.
    const h1 = /^Document\n\s+H1 \(block\)\n((?:\s+".*"\n)+)/.exec(structure)?.[1] ?? "";
    const lines = [...h1.matchAll(/"(.*)"/g)].map((m) => m[1]);
    expect(lines.join(" ")).toBe(title);
    expect(structure).toContain("H2 (block)");
  });
});

function consentTitle(): string {
  return consentDocument({ firstName: "Ana", lastName: "Lopez", lang: "es", day: new Date("2025-03-10T12:00:00Z") }).content.title;
}

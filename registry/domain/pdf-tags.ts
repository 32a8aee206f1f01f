/**
 * The structure of a tagged PDF (PDF 1.7 §14.7-14.8, PDF/UA), built with pdf-lib's low-level objects
 * (docs/decisions/046): a structure tree (StructTreeRoot > Document > H1, H2, P, L/LI/LBody, Table/TR/TH/TD, Div),
 * marked content with an MCID around every text a structure element owns, the parent tree that maps each page's MCIDs
 * back to their elements, /MarkInfo << /Marked true >>, and everything else (bullets, rules, frames, page footers)
 * marked as artifacts.
 */
import type { PDFDict, PDFDocument, PDFPage, PDFRef } from "@cantoo/pdf-lib";
import { pdfLib } from "./pdf-libraries";

/** The standard structure types used here. */
export type StructType = "Document" | "H1" | "H2" | "P" | "L" | "LI" | "LBody" | "Table" | "TR" | "TH" | "TD" | "Div";

/** One structure element: its dictionary (registered, so kids and pages can point at it) and its kids so far. */
export class StructElement {
  readonly kids: Array<StructElement | { page: PDFPage; mcid: number }> = [];
  constructor(
    readonly type: StructType,
    readonly dict: PDFDict,
    readonly ref: PDFRef,
  ) {}
}

type PageMarks = { index: number; owners: PDFRef[] };

export class PdfTagger {
  private readonly pages = new Map<PDFPage, PageMarks>();
  readonly root: StructElement;
  private readonly treeRoot: PDFDict;
  private readonly treeRootRef: PDFRef;
  /** pdf-lib, loaded before any document is made (loadPdfLibraries, docs/decisions/142). */
  private readonly lib = pdfLib();

  constructor(private readonly doc: PDFDocument) {
    this.treeRoot = doc.context.obj({ Type: "StructTreeRoot" });
    this.treeRootRef = doc.context.register(this.treeRoot);
    this.root = this.element("Document", null);
  }

  /** A new element under `parent` (the Document when null is not given for the root). */
  element(type: StructType, parent: StructElement | null, attributes?: { scope?: "Row" | "Column" }): StructElement {
    const dict = this.doc.context.obj({ Type: "StructElem", S: type });
    dict.set(this.lib.PDFName.of("P"), parent ? parent.ref : this.treeRootRef);
    if (attributes?.scope) dict.set(this.lib.PDFName.of("A"), this.doc.context.obj({ O: "Table", Scope: attributes.scope }));
    const element = new StructElement(type, dict, this.doc.context.register(dict));
    parent?.kids.push(element);
    return element;
  }

  private marks(page: PDFPage): PageMarks {
    let m = this.pages.get(page);
    if (!m) {
      m = { index: this.pages.size, owners: [] };
      this.pages.set(page, m);
      page.node.set(this.lib.PDFName.of("StructParents"), this.lib.PDFNumber.of(m.index));
    }
    return m;
  }

  /** Draws content owned by `element` on `page`, as marked content with the next MCID of the page. */
  content(page: PDFPage, element: StructElement, draw: () => void): void {
    const m = this.marks(page);
    const mcid = m.owners.length;
    m.owners.push(element.ref);
    element.kids.push({ page, mcid });
    // The property list inline (an operand string is written as is).
    page.pushOperators(
      this.lib.PDFOperator.of(this.lib.PDFOperatorNames.BeginMarkedContentSequence, [this.lib.PDFName.of(element.type), `<</MCID ${mcid}>>`]),
    );
    draw();
    page.pushOperators(this.lib.PDFOperator.of(this.lib.PDFOperatorNames.EndMarkedContent));
  }

  /** Draws what is not content (decoration, page furniture) as an artifact, so assistive technology skips it. */
  artifact(page: PDFPage, draw: () => void, pagination = false): void {
    const operator = pagination
      ? this.lib.PDFOperator.of(this.lib.PDFOperatorNames.BeginMarkedContentSequence, [this.lib.PDFName.of("Artifact"), "<</Type /Pagination>>"])
      : this.lib.PDFOperator.of(this.lib.PDFOperatorNames.BeginMarkedContent, [this.lib.PDFName.of("Artifact")]);
    page.pushOperators(operator);
    draw();
    page.pushOperators(this.lib.PDFOperator.of(this.lib.PDFOperatorNames.EndMarkedContent));
  }

  /** Writes every element's kids, the parent tree, and the catalog entries of a tagged document. */
  finish(): void {
    const { context } = this.doc;
    const write = (element: StructElement) => {
      const kids = this.lib.PDFArray.withContext(context);
      let page: PDFPage | undefined;
      for (const kid of element.kids) {
        if (kid instanceof StructElement) {
          kids.push(kid.ref);
          write(kid);
          continue;
        }
        // A marked-content reference: the bare MCID when on the element's page, else with its own page.
        page ??= kid.page;
        kids.push(kid.page === page ? this.lib.PDFNumber.of(kid.mcid) : context.obj({ Type: "MCR", Pg: kid.page.ref, MCID: kid.mcid }));
      }
      if (page) element.dict.set(this.lib.PDFName.of("Pg"), page.ref);
      element.dict.set(this.lib.PDFName.of("K"), kids);
    };
    write(this.root);
    const nums = this.lib.PDFArray.withContext(context);
    for (const m of this.pages.values()) {
      nums.push(this.lib.PDFNumber.of(m.index));
      nums.push(context.register(context.obj(m.owners)));
    }
    this.treeRoot.set(this.lib.PDFName.of("K"), context.obj([this.root.ref]));
    this.treeRoot.set(this.lib.PDFName.of("ParentTree"), context.register(context.obj({ Nums: nums })));
    this.treeRoot.set(this.lib.PDFName.of("ParentTreeNextKey"), this.lib.PDFNumber.of(this.pages.size));
    this.doc.catalog.set(this.lib.PDFName.of("StructTreeRoot"), this.treeRootRef);
    this.doc.catalog.set(this.lib.PDFName.of("MarkInfo"), context.obj({ Marked: true }));
  }
}

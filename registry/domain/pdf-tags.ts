/**
 * The structure of a tagged PDF (PDF 1.7 §14.7-14.8, PDF/UA), built with pdf-lib's low-level objects
 * (docs/decisions/046): a structure tree (StructTreeRoot > Document > H1, H2, P, L/LI/LBody, Table/TR/TH/TD, Div),
 * marked content with an MCID around every text a structure element owns, the parent tree that maps each page's MCIDs
 * back to their elements, /MarkInfo << /Marked true >>, and everything else (bullets, rules, frames, page footers)
 * marked as artifacts.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFOperator, PDFOperatorNames, type PDFDocument, type PDFPage, type PDFRef } from "@cantoo/pdf-lib";

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

  constructor(private readonly doc: PDFDocument) {
    this.treeRoot = doc.context.obj({ Type: "StructTreeRoot" });
    this.treeRootRef = doc.context.register(this.treeRoot);
    this.root = this.element("Document", null);
  }

  /** A new element under `parent` (the Document when null is not given for the root). */
  element(type: StructType, parent: StructElement | null, attributes?: { scope?: "Row" | "Column" }): StructElement {
    const dict = this.doc.context.obj({ Type: "StructElem", S: type });
    dict.set(PDFName.of("P"), parent ? parent.ref : this.treeRootRef);
    if (attributes?.scope) dict.set(PDFName.of("A"), this.doc.context.obj({ O: "Table", Scope: attributes.scope }));
    const element = new StructElement(type, dict, this.doc.context.register(dict));
    parent?.kids.push(element);
    return element;
  }

  private marks(page: PDFPage): PageMarks {
    let m = this.pages.get(page);
    if (!m) {
      m = { index: this.pages.size, owners: [] };
      this.pages.set(page, m);
      page.node.set(PDFName.of("StructParents"), PDFNumber.of(m.index));
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
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of(element.type), `<</MCID ${mcid}>>`]));
    draw();
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  }

  /** Draws what is not content (decoration, page furniture) as an artifact, so assistive technology skips it. */
  artifact(page: PDFPage, draw: () => void, pagination = false): void {
    const operator = pagination
      ? PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of("Artifact"), "<</Type /Pagination>>"])
      : PDFOperator.of(PDFOperatorNames.BeginMarkedContent, [PDFName.of("Artifact")]);
    page.pushOperators(operator);
    draw();
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  }

  /** Writes every element's kids, the parent tree, and the catalog entries of a tagged document. */
  finish(): void {
    const { context } = this.doc;
    const write = (element: StructElement) => {
      const kids = PDFArray.withContext(context);
      let page: PDFPage | undefined;
      for (const kid of element.kids) {
        if (kid instanceof StructElement) {
          kids.push(kid.ref);
          write(kid);
          continue;
        }
        // A marked-content reference: the bare MCID when on the element's page, else with its own page.
        page ??= kid.page;
        kids.push(kid.page === page ? PDFNumber.of(kid.mcid) : context.obj({ Type: "MCR", Pg: kid.page.ref, MCID: kid.mcid }));
      }
      if (page) element.dict.set(PDFName.of("Pg"), page.ref);
      element.dict.set(PDFName.of("K"), kids);
    };
    write(this.root);
    const nums = PDFArray.withContext(context);
    for (const m of this.pages.values()) {
      nums.push(PDFNumber.of(m.index));
      nums.push(context.register(context.obj(m.owners)));
    }
    this.treeRoot.set(PDFName.of("K"), context.obj([this.root.ref]));
    this.treeRoot.set(PDFName.of("ParentTree"), context.register(context.obj({ Nums: nums })));
    this.treeRoot.set(PDFName.of("ParentTreeNextKey"), PDFNumber.of(this.pages.size));
    this.doc.catalog.set(PDFName.of("StructTreeRoot"), this.treeRootRef);
    this.doc.catalog.set(PDFName.of("MarkInfo"), context.obj({ Marked: true }));
  }
}

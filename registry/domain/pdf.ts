/**
 * Simple documents as PDF (lab orders, lab results, the signed consent): a title and a list of blocks laid out
 * top to bottom on US Letter pages, with real text (pdftotext reads it back). The fonts are embedded subsets of Noto
 * Sans, Noto Sans SC and Noto Sans KR, so names print as typed in Latin (Vietnamese, Polish...), Greek, Cyrillic,
 * Chinese, Japanese and Korean;
 * bidirectional controls are removed and a character no font has prints as U+FFFD (docs/decisions/028).
 * The caller supplies every text already in the patient's language; this module only lays it out.
 */
import type { Color, PDFDocument, PDFFont, PDFPage } from "@cantoo/pdf-lib";
import { cachedFontkit, fontsFor, type FontFace, type FontStyle } from "./pdf-fonts";
import { printable, splitRuns } from "./pdf-text";
import { loadPdfLibraries, pdfLib } from "./pdf-libraries";
import { PdfTagger, type StructElement } from "./pdf-tags";

export type PdfBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  /** Label/value rows, the label in bold. */
  | { kind: "fields"; rows: Array<[label: string, value: string]> }
  | { kind: "list"; items: string[] }
  /**
   * A table: a bold header row, then rows of cells; `widths` are the columns' shares of the text width. A column in
   * `keepWhole` never has a word cut across lines (a unit such as "mL/min/1.73m2"): it is widened to its longest word.
   */
  | { kind: "table"; columns: string[]; widths: number[]; rows: string[][]; keepWhole?: number[] }
  /**
   * A framed block: the caption in bold, then label/value rows (e.g. signed by, signed at, document hash). A row
   * marked "whole" prints its value on a line of its own under the label, across the block, smaller when it needs to
   * be to fit: never cut across lines (a hash that a reader copies, docs/decisions/129).
   */
  | { kind: "signature"; caption: string; rows: SignatureRow[] };

/** A signature block's row: label and value, "whole" for a value printed unbroken on its own line. */
export type SignatureRow = [label: string, value: string] | [label: string, value: string, "whole"];

export type PdfDocumentSpec = {
  title: string;
  /** BCP 47 language of the texts (the document's /Lang). */
  lang: string;
  blocks: PdfBlock[];
  /** Printed at the bottom of every page, e.g. the registry's name; "{page}" and "{pages}" are replaced. */
  footer?: string;
  /** Metadata. */
  author?: string;
  subject?: string;
  /** The creation date recorded in the file (defaults to now). */
  createdAt?: Date;
};

const PAGE = { width: 612, height: 792 }; // US Letter, points
const MARGIN = 54;
const WIDTH = PAGE.width - 2 * MARGIN;
const SIZE = { title: 18, heading: 13, body: 11, footer: 8 };
const LEADING = 1.35;
/** The ink of text and rules (pdf-lib is loaded by then: loadPdfLibraries). */
const ink = (): Color => pdfLib().rgb(0.1, 0.1, 0.1);

/** A style's fonts in one document: draws a line in runs, each with the first font that has its glyphs. */
export class Typeface {
  /** Width at size 1 of each character, per font (glyphs are drawn unshaped, so a text's width is their sum). */
  private readonly advances: Array<Map<string, number>>;
  constructor(
    private readonly faces: FontFace[],
    private readonly fonts: readonly PDFFont[],
  ) {
    this.advances = fonts.map(() => new Map());
  }
  private runWidth(face: number, text: string): number {
    const advances = this.advances[face]!;
    let sum = 0;
    for (const ch of text) {
      let w = advances.get(ch);
      if (w === undefined) advances.set(ch, (w = this.fonts[face]!.widthOfTextAtSize(ch, 1)));
      sum += w;
    }
    return sum;
  }
  width(text: string, size: number): number {
    return splitRuns(text, this.faces).reduce((sum, run) => sum + this.runWidth(run.face, run.text), 0) * size;
  }
  draw(page: PDFPage, text: string, o: { x: number; y: number; size: number; color: Color }) {
    let x = o.x;
    for (const run of splitRuns(text, this.faces)) {
      page.drawText(run.text, { ...o, x, font: this.fonts[run.face]! });
      x += this.runWidth(run.face, run.text) * o.size;
    }
  }
}

/**
 * Splits text (made printable) into lines no wider than `width` at `size` (words longer than a line are cut). Widths
 * add up (the fonts are drawn without kerning), so each word is measured once.
 */
export function wrapText(text: string, face: Typeface, size: number, width: number): string[] {
  const lines: string[] = [];
  const space = face.width(" ", size);
  for (const paragraph of printable(text).split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const word of paragraph.split(/ +/)) {
      const wordWidth = face.width(word, size);
      if (line && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      [line, lineWidth] = [word, wordWidth];
      if (wordWidth <= width) continue;
      let part = "";
      let partWidth = 0;
      for (const ch of word) {
        const w = face.width(ch, size);
        if (part && partWidth + w > width) {
          lines.push(part);
          [part, partWidth] = ["", 0];
        }
        part += ch;
        partWidth += w;
      }
      [line, lineWidth] = [part, partWidth];
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Lays the blocks out top to bottom, page after page. Every text is drawn as marked content of a structure element
 * (docs/decisions/046), every decoration as an artifact.
 */
class Layout {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  constructor(
    private readonly doc: PDFDocument,
    readonly tags: PdfTagger,
    readonly regular: Typeface,
    readonly bold: Typeface,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }
  /** Makes room for `height` points, starting a new page when the current one is full. */
  room(height: number) {
    if (this.y - height < MARGIN + SIZE.footer * 2) this.newPage();
  }
  gap(points: number) {
    this.y -= points;
  }
  /** Draws one line of `element`'s text at the current height. */
  text(element: StructElement, text: string, face: Typeface, size: number, x: number) {
    this.tags.content(this.page, element, () => face.draw(this.page, text, { x, y: this.y, size, color: ink() }));
  }
  /** Draws decoration (not content). */
  decoration(draw: (page: PDFPage) => void) {
    this.tags.artifact(this.page, () => draw(this.page));
  }
  line(element: StructElement, text: string, face: Typeface, size: number, x = MARGIN) {
    const step = size * LEADING;
    this.room(step);
    this.y -= step;
    this.text(element, text, face, size, x);
  }
  lines(element: StructElement, text: string, face: Typeface, size: number, x = MARGIN, width = WIDTH) {
    for (const l of wrapText(text, face, size, width)) this.line(element, l, face, size, x);
  }
  /**
   * Label/value rows as a table of row headers (TH, scope Row) and their cells (TD). A "whole" row: the label on its
   * line, the value unbroken on the next, across `width`, at the body size or smaller to fit.
   */
  rows(parent: StructElement, rows: ReadonlyArray<SignatureRow>, x = MARGIN, width = WIDTH) {
    const table = this.tags.element("Table", parent);
    const split = rows.filter((row) => row[2] !== "whole");
    const labelWidth = Math.min(width * 0.4, Math.max(0, ...split.map(([label]) => this.bold.width(printable(label), SIZE.body))) + 12);
    for (const [label, value, whole] of rows) {
      const tr = this.tags.element("TR", table);
      const th = this.tags.element("TH", tr, { scope: "Row" });
      const td = this.tags.element("TD", tr);
      if (whole === "whole") {
        this.lines(th, label, this.bold, SIZE.body, x, width);
        const text = printable(value);
        this.line(td, text, this.regular, wholeSize(this.regular, text, width), x);
        continue;
      }
      const labelLines = wrapText(label, this.bold, SIZE.body, labelWidth - 8);
      const valueLines = wrapText(value, this.regular, SIZE.body, width - labelWidth);
      const count = Math.max(labelLines.length, valueLines.length);
      this.room(count * SIZE.body * LEADING);
      for (let i = 0; i < count; i += 1) {
        this.y -= SIZE.body * LEADING;
        if (labelLines[i]) this.text(th, labelLines[i]!, this.bold, SIZE.body, x);
        if (valueLines[i]) this.text(td, valueLines[i]!, this.regular, SIZE.body, x + labelWidth);
      }
    }
  }
}

/** The size at which a text fits `width` on one line: the body size, or smaller (never below 6 points). */
export function wholeSize(face: Typeface, text: string, width: number): number {
  const atOne = face.width(text, 1);
  return atOne > 0 ? Math.max(6, Math.min(SIZE.body, Math.floor((width / atOne) * 10) / 10)) : SIZE.body;
}

const CELL_GAP = 6;

/**
 * The columns' widths: their shares of `total`, each at least its `minimums` entry, the room for that taken from the
 * other columns in proportion to their shares (none below its own minimum). When the minimums cannot all fit, the
 * shares stand.
 */
export function columnWidths(shares: readonly number[], minimums: readonly number[], total: number): number[] {
  const min = (i: number) => minimums[i] ?? 0;
  const widths = shares.map(() => 0);
  /** Shares `room` among `columns` in proportion to their shares. */
  const share = (columns: number[], room: number) => {
    const sum = columns.reduce((a, i) => a + shares[i]!, 0);
    for (const i of columns) widths[i] = sum > 0 ? (shares[i]! / sum) * room : room / columns.length;
  };
  let free = shares.map((_, i) => i);
  share(free, total);
  if (free.reduce((a, i) => a + min(i), 0) > total) return widths;
  for (;;) {
    const short = free.filter((i) => widths[i]! < min(i));
    if (short.length === 0) return widths;
    for (const i of short) widths[i] = min(i);
    free = free.filter((i) => !short.includes(i));
    const taken = widths.reduce((a, w, i) => (free.includes(i) ? a : a + w), 0);
    share(free, total - taken);
  }
}

/** The width of a text's longest word (the words wrapText keeps whole when they fit). */
function longestWord(text: string, face: Typeface): number {
  return Math.max(
    0,
    ...printable(text)
      .split(/\s+/)
      .map((word) => face.width(word, SIZE.body)),
  );
}

/** The lines of each cell of a row, wrapped to its column. */
const wrapRow = (cells: string[], widths: number[], face: Typeface) => cells.map((cell, i) => wrapText(cell, face, SIZE.body, widths[i]! - CELL_GAP));
const rowHeight = (wrapped: string[][]) => Math.max(1, ...wrapped.map((w) => w.length)) * SIZE.body * LEADING + 4;

/** Draws one table row (its room already made): each cell's lines as its element's content, or as an artifact. */
function tableRow(layout: Layout, wrapped: string[][], xs: number[], face: Typeface, cells: Array<StructElement | null>): void {
  const count = Math.max(1, ...wrapped.map((w) => w.length));
  for (let line = 0; line < count; line += 1) {
    layout.y -= SIZE.body * LEADING;
    wrapped.forEach((w, i) => {
      const text = w[line];
      if (!text) return;
      const cell = cells[i];
      const draw = () => face.draw(layout.page, text, { x: xs[i]!, y: layout.y, size: SIZE.body, color: ink() });
      if (cell) layout.tags.content(layout.page, cell, draw);
      else layout.decoration(draw);
    });
  }
  layout.y -= 4;
}

/** A table: a header row of column headers (TH, scope Column), repeated as an artifact on each new page, then its rows. */
function drawTable(layout: Layout, parent: StructElement, block: Extract<PdfBlock, { kind: "table" }>) {
  const table = layout.tags.element("Table", parent);
  const keep = new Set(block.keepWhole ?? []);
  const minimums = block.columns.map((heading, i) =>
    keep.has(i)
      ? Math.max(longestWord(heading, layout.bold), ...block.rows.map((row) => longestWord(row[i] ?? "", layout.regular))) + CELL_GAP + 0.01
      : 0,
  );
  const widths = columnWidths(block.widths, minimums, WIDTH);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const head = wrapRow(block.columns, widths, layout.bold);
  const header = (cells: Array<StructElement | null>) => {
    tableRow(layout, head, xs, layout.bold, cells);
    layout.decoration((page) =>
      page.drawLine({ start: { x: MARGIN, y: layout.y + 2 }, end: { x: MARGIN + WIDTH, y: layout.y + 2 }, thickness: 0.75, color: ink() }),
    );
  };
  layout.room(rowHeight(head) * 2);
  const headRow = layout.tags.element("TR", table);
  header(block.columns.map(() => layout.tags.element("TH", headRow, { scope: "Column" })));
  for (const row of block.rows) {
    const wrapped = wrapRow(row, widths, layout.regular);
    // A row that starts a new page gets the header again above it (page furniture: the header is tagged once).
    const pageBefore = layout.page;
    layout.room(rowHeight(wrapped));
    if (layout.page !== pageBefore) header(block.columns.map(() => null));
    const tr = layout.tags.element("TR", table);
    tableRow(
      layout,
      wrapped,
      xs,
      layout.regular,
      row.map(() => layout.tags.element("TD", tr)),
    );
  }
  layout.gap(SIZE.body * 0.6);
}

function drawBlock(layout: Layout, parent: StructElement, block: PdfBlock) {
  const tags = layout.tags;
  switch (block.kind) {
    case "heading":
      layout.room(SIZE.heading * LEADING * 3);
      layout.gap(SIZE.heading * 0.6);
      layout.lines(tags.element("H2", parent), block.text, layout.bold, SIZE.heading);
      layout.gap(2);
      return;
    case "paragraph":
      layout.lines(tags.element("P", parent), block.text, layout.regular, SIZE.body);
      layout.gap(SIZE.body * 0.6);
      return;
    case "fields":
      layout.rows(parent, block.rows);
      layout.gap(SIZE.body * 0.6);
      return;
    case "list": {
      const list = tags.element("L", parent);
      for (const item of block.items) {
        const body = tags.element("LBody", tags.element("LI", list));
        const lines = wrapText(item, layout.regular, SIZE.body, WIDTH - 16);
        lines.forEach((text, i) => {
          layout.line(body, text, layout.regular, SIZE.body, MARGIN + 16);
          if (i === 0) layout.decoration((page) => page.drawCircle({ x: MARGIN + 6, y: layout.y + SIZE.body * 0.33, size: 1.8, color: ink() }));
        });
      }
      layout.gap(SIZE.body * 0.6);
      return;
    }
    case "table":
      drawTable(layout, parent, block);
      return;
    case "signature": {
      const pad = 10;
      const inner = WIDTH - 2 * pad;
      const height =
        (wrapText(block.caption, layout.bold, SIZE.body, inner).length +
          block.rows.reduce(
            (n, [label, value, whole]) =>
              n +
              (whole === "whole"
                ? wrapText(label, layout.bold, SIZE.body, inner).length + 1
                : wrapText(value, layout.regular, SIZE.body, inner * 0.6).length),
            0,
          )) *
          SIZE.body *
          LEADING +
        2 * pad;
      layout.room(height + SIZE.body);
      layout.gap(SIZE.body * 0.6);
      const top = layout.y;
      const frame = tags.element("Div", parent);
      layout.gap(pad / 2);
      layout.lines(tags.element("P", frame), block.caption, layout.bold, SIZE.body, MARGIN + pad, inner);
      layout.rows(frame, block.rows, MARGIN + pad, inner);
      layout.gap(pad);
      layout.decoration((page) =>
        page.drawRectangle({ x: MARGIN, y: layout.y, width: WIDTH, height: top - layout.y, borderColor: ink(), borderWidth: 1 }),
      );
      layout.gap(SIZE.body * 0.6);
      return;
    }
  }
}

/** Every text of the document by the style it is printed in (the title, headings, labels and captions in bold). */
function styledTexts(spec: PdfDocumentSpec): Record<FontStyle, string> {
  const bold: string[] = [spec.title];
  const regular: string[] = [spec.footer?.replace(/\{pages?\}/g, "0123456789") ?? ""];
  for (const block of spec.blocks) {
    switch (block.kind) {
      case "heading":
        bold.push(block.text);
        break;
      case "paragraph":
        regular.push(block.text);
        break;
      case "list":
        regular.push(...block.items);
        break;
      case "table":
        bold.push(...block.columns);
        regular.push(...block.rows.flat());
        break;
      case "signature":
        bold.push(block.caption);
      // falls through: the rows as in "fields"
      case "fields":
        for (const [label, value] of block.rows) {
          bold.push(label);
          regular.push(value);
        }
        break;
    }
  }
  return { regular: printable(regular.join("\n")), bold: printable(bold.join("\n")) };
}

/**
 * OpenType features off: glyphs are drawn one after the other by their advance widths (pdf-lib does not apply glyph
 * positioning), so shaping would only cost time (most of a document's rendering) and replace letters by ligatures.
 */
const NO_FEATURES = Object.fromEntries(
  ["rvrn", "ltra", "ltrm", "frac", "numr", "dnom", "ccmp", "locl", "rlig", "mark", "mkmk", "calt", "clig", "liga", "rclt", "curs", "kern"].map(
    (f) => [f, false],
  ),
);

/** The style's fonts that the text needs, embedded as subsets (only the glyphs drawn end up in the file). */
export async function embedTypeface(doc: PDFDocument, style: FontStyle, text: string): Promise<Typeface> {
  await loadPdfLibraries();
  doc.registerFontkit(cachedFontkit);
  const faces = await fontsFor(style, text);
  return new Typeface(faces, await Promise.all(faces.map((face) => doc.embedFont(face.bytes, { subset: true, features: NO_FEATURES }))));
}

/** Renders the document; the result starts with "%PDF-". */
export async function renderPdf(spec: PdfDocumentSpec): Promise<Uint8Array> {
  await loadPdfLibraries();
  const { PDFDocument, rgb } = pdfLib();
  const doc = await PDFDocument.create();
  const created = spec.createdAt ?? new Date();
  doc.setTitle(printable(spec.title), { showInWindowTitleBar: true });
  doc.setLanguage(spec.lang);
  if (spec.author) doc.setAuthor(printable(spec.author));
  if (spec.subject) doc.setSubject(printable(spec.subject));
  doc.setCreator("Kidney transplant registry");
  doc.setProducer("Kidney transplant registry");
  doc.setCreationDate(created);
  doc.setModificationDate(created);
  const texts = styledTexts(spec);
  const tags = new PdfTagger(doc);
  const layout = new Layout(doc, tags, await embedTypeface(doc, "regular", texts.regular), await embedTypeface(doc, "bold", texts.bold));
  layout.lines(tags.element("H1", tags.root), spec.title, layout.bold, SIZE.title);
  layout.gap(SIZE.body);
  for (const block of spec.blocks) drawBlock(layout, tags.root, block);
  if (spec.footer) {
    const total = layout.pages.length;
    layout.pages.forEach((page, i) => {
      const text = printable(spec.footer!.replace("{page}", String(i + 1)).replace("{pages}", String(total)));
      tags.artifact(page, () => layout.regular.draw(page, text, { x: MARGIN, y: MARGIN / 2, size: SIZE.footer, color: rgb(0.3, 0.3, 0.3) }), true);
    });
  }
  tags.finish();
  return doc.save();
}

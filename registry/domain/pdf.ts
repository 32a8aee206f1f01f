/**
 * Simple documents as PDF (lab orders, lab results, the signed consent): a title and a list of blocks laid out
 * top to bottom on US Letter pages, in the standard Helvetica fonts, with real text (pdftotext reads it back).
 * The caller supplies every text already in the patient's language; this module only lays it out.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "@cantoo/pdf-lib";

export type PdfBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  /** Label/value rows, the label in bold. */
  | { kind: "fields"; rows: Array<[label: string, value: string]> }
  | { kind: "list"; items: string[] }
  /** A framed block: the caption in bold, then label/value rows (e.g. signed by, signed at, document hash). */
  | { kind: "signature"; caption: string; rows: Array<[label: string, value: string]> };

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
const INK = rgb(0.1, 0.1, 0.1);

/**
 * The standard fonts encode WinAnsi only (Latin-1 plus a few signs, enough for English and Spanish). Anything else
 * (e.g. an emoji in a name) becomes "?" instead of failing the whole document; common typography is mapped first.
 */
export function toWinAnsi(text: string): string {
  const mapped = text
    .normalize("NFC")
    .replace(/[\u2018\u2019\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201F]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/[\u00A0\u2007\u202F]/g, " ")
    .replace(/[\t\r]/g, " ");
  let out = "";
  for (const ch of mapped) {
    const code = ch.codePointAt(0) ?? 63;
    out += ch === "\n" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) || ch === "\u20ac" ? ch : "?";
  }
  return out;
}

/** Splits text into lines no wider than `width` at `size` (words longer than a line are cut). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of toWinAnsi(text).split("\n")) {
    let line = "";
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

class Layout {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
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
  line(text: string, font: PDFFont, size: number, x = MARGIN) {
    const step = size * LEADING;
    this.room(step);
    this.y -= step;
    this.page.drawText(text, { x, y: this.y, size, font, color: INK });
  }
  lines(text: string, font: PDFFont, size: number, x = MARGIN, width = WIDTH) {
    for (const l of wrapText(text, font, size, width)) this.line(l, font, size, x);
  }
  rows(rows: Array<[string, string]>, x = MARGIN, width = WIDTH) {
    const labelWidth = Math.min(width * 0.4, Math.max(...rows.map(([label]) => this.bold.widthOfTextAtSize(toWinAnsi(label), SIZE.body))) + 12);
    for (const [label, value] of rows) {
      const labelLines = wrapText(label, this.bold, SIZE.body, labelWidth - 8);
      const valueLines = wrapText(value, this.regular, SIZE.body, width - labelWidth);
      const count = Math.max(labelLines.length, valueLines.length);
      this.room(count * SIZE.body * LEADING);
      for (let i = 0; i < count; i += 1) {
        this.y -= SIZE.body * LEADING;
        const label = labelLines[i];
        const value = valueLines[i];
        if (label) this.page.drawText(label, { x, y: this.y, size: SIZE.body, font: this.bold, color: INK });
        if (value) this.page.drawText(value, { x: x + labelWidth, y: this.y, size: SIZE.body, font: this.regular, color: INK });
      }
    }
  }
}

function drawBlock(layout: Layout, block: PdfBlock) {
  switch (block.kind) {
    case "heading":
      layout.room(SIZE.heading * LEADING * 3);
      layout.gap(SIZE.heading * 0.6);
      layout.lines(block.text, layout.bold, SIZE.heading);
      layout.gap(2);
      return;
    case "paragraph":
      layout.lines(block.text, layout.regular, SIZE.body);
      layout.gap(SIZE.body * 0.6);
      return;
    case "fields":
      layout.rows(block.rows);
      layout.gap(SIZE.body * 0.6);
      return;
    case "list":
      for (const item of block.items) {
        const lines = wrapText(item, layout.regular, SIZE.body, WIDTH - 16);
        lines.forEach((text, i) => {
          layout.line(text, layout.regular, SIZE.body, MARGIN + 16);
          if (i === 0) layout.page.drawCircle({ x: MARGIN + 6, y: layout.y + SIZE.body * 0.33, size: 1.8, color: INK });
        });
      }
      layout.gap(SIZE.body * 0.6);
      return;
    case "signature": {
      const pad = 10;
      const inner = WIDTH - 2 * pad;
      const height =
        (wrapText(block.caption, layout.bold, SIZE.body, inner).length +
          block.rows.reduce((n, [, value]) => n + wrapText(value, layout.regular, SIZE.body, inner * 0.6).length, 0)) *
          SIZE.body *
          LEADING +
        2 * pad;
      layout.room(height + SIZE.body);
      layout.gap(SIZE.body * 0.6);
      const top = layout.y;
      layout.gap(pad / 2);
      layout.lines(block.caption, layout.bold, SIZE.body, MARGIN + pad, inner);
      layout.rows(block.rows, MARGIN + pad, inner);
      layout.gap(pad);
      layout.page.drawRectangle({ x: MARGIN, y: layout.y, width: WIDTH, height: top - layout.y, borderColor: INK, borderWidth: 1 });
      layout.gap(SIZE.body * 0.6);
      return;
    }
  }
}

/** Renders the document; the result starts with "%PDF-". */
export async function renderPdf(spec: PdfDocumentSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const created = spec.createdAt ?? new Date();
  doc.setTitle(toWinAnsi(spec.title), { showInWindowTitleBar: true });
  doc.setLanguage(spec.lang);
  if (spec.author) doc.setAuthor(toWinAnsi(spec.author));
  if (spec.subject) doc.setSubject(toWinAnsi(spec.subject));
  doc.setCreator("Kidney transplant registry");
  doc.setProducer("Kidney transplant registry");
  doc.setCreationDate(created);
  doc.setModificationDate(created);
  const layout = new Layout(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  layout.lines(spec.title, layout.bold, SIZE.title);
  layout.gap(SIZE.body);
  for (const block of spec.blocks) drawBlock(layout, block);
  if (spec.footer) {
    const total = layout.pages.length;
    layout.pages.forEach((page, i) => {
      const text = toWinAnsi(spec.footer!.replace("{page}", String(i + 1)).replace("{pages}", String(total)));
      page.drawText(text, { x: MARGIN, y: MARGIN / 2, size: SIZE.footer, font: layout.regular, color: rgb(0.3, 0.3, 0.3) });
    });
  }
  return doc.save();
}

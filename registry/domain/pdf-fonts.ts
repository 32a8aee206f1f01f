import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type FontkitModule from "@cantoo/fontkit";
import type { PDFDocument } from "@cantoo/pdf-lib";
import { fontkit, loadPdfLibraries } from "./pdf-libraries";

/**
 * The fonts of the PDFs (docs/decisions/028), shipped with the project in registry/fonts/ (SIL Open Font License 1.1,
 * registry/fonts/OFL.txt; where each file comes from and how it was made: registry/fonts/README.md), never downloaded:
 * Noto Sans (Latin with Vietnamese and other extended Latin, Greek, Cyrillic) first, then Noto Sans SC (Chinese
 * ideographs, Japanese kana, CJK punctuation), then Noto Sans KR subset to what only it has after those two (Hangul).
 * Each file is read once, when a document first needs it, and kept for the life of the process (at most the six
 * files, about 28 MB) with its parsed tables; documents embed only the glyphs they use.
 */

export type FontStyle = "regular" | "bold";

/** One font file, read: its bytes and the code points it has a glyph for. */
export type FontFace = { file: string; bytes: Uint8Array; has(codePoint: number): boolean };

/**
 * The folder of the font files: `fonts/` next to the bundle in the build (scripts/build.mjs bundles this module into
 * build/*.js and copies the fonts to build/fonts/), registry/fonts/ (`../fonts` from registry/domain/) when running the
 * sources. The first of the two that holds NotoSans-Regular.ttf, looked up on the first read (again after a failure).
 */
let fontDir: string | undefined;
function fontsFolder(): string {
  if (fontDir !== undefined) return fontDir;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, "fonts"), path.resolve(here, "..", "fonts")];
  const found = candidates.find((dir) => existsSync(path.join(dir, "NotoSans-Regular.ttf")));
  if (found === undefined) throw new Error(`PDF fonts not found: no NotoSans-Regular.ttf in ${candidates.join(" or ")}`);
  fontDir = found;
  return found;
}

/** The files of each style (in registry/fonts/), in the order a character looks for its glyph. */
const FILES: Record<FontStyle, string[]> = {
  regular: ["NotoSans-Regular.ttf", "NotoSansSC-Regular.ttf", "NotoSansKR-Hangul-Regular.ttf"],
  bold: ["NotoSans-Bold.ttf", "NotoSansSC-Bold.ttf", "NotoSansKR-Hangul-Bold.ttf"],
};

const loaded = new Map<string, Promise<FontFace>>();
/** The parsed font of each face's bytes: parsing (and the layout tables it decodes on use) is done once per process. */
const parsed = new WeakMap<Uint8Array, ReturnType<typeof FontkitModule.create>>();

/** fontkit for PDFDocument.registerFontkit, answering the parsed font for the bytes of a face read here. */
export const cachedFontkit: Parameters<PDFDocument["registerFontkit"]>[0] = {
  create: (bytes, postscriptName) => parsed.get(bytes) ?? (postscriptName ? fontkit().create(bytes, postscriptName) : fontkit().create(bytes)),
};

async function readFace(file: string): Promise<FontFace> {
  await loadPdfLibraries();
  const bytes = new Uint8Array(await readFile(path.join(fontsFolder(), file)));
  const font = fontkit().create(bytes);
  if (!("characterSet" in font)) throw new Error(`not a single font: ${file}`);
  const codePoints = new Set(font.characterSet);
  parsed.set(bytes, font);
  return { file, bytes, has: (codePoint) => codePoints.has(codePoint) };
}

/** The style's font at `index` of its fallback order (read on first use, then cached; a failed read is retried). */
export function fontFace(style: FontStyle, index: number): Promise<FontFace> {
  const file = FILES[style][index];
  if (file === undefined) throw new RangeError(`no font ${index} for ${style}`);
  let face = loaded.get(file);
  if (!face) {
    face = readFace(file);
    loaded.set(file, face);
    face.catch(() => loaded.delete(file));
  }
  return face;
}

/**
 * The style's fonts that `text` needs: the first one always, each next one read only while some character has no
 * glyph in the fonts before it (so a document in Latin letters never reads the big CJK files) and kept only when it
 * has some of those glyphs.
 */
export async function fontsFor(style: FontStyle, text: string): Promise<FontFace[]> {
  const faces = [await fontFace(style, 0)];
  let missing = [...new Set(text)].map((ch) => ch.codePointAt(0)!).filter((cp) => !faces[0]!.has(cp));
  for (let i = 1; missing.length > 0 && i < FILES[style].length; i += 1) {
    const face = await fontFace(style, i);
    const still = missing.filter((cp) => !face.has(cp));
    if (still.length < missing.length) faces.push(face);
    missing = still;
  }
  return faces;
}

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import fontkit from "@cantoo/fontkit";
import type { PDFDocument } from "@cantoo/pdf-lib";

/**
 * The fonts of the PDFs (docs/decisions/028), shipped in npm packages (SIL Open Font License 1.1) and read from
 * node_modules, never downloaded: Noto Sans (Latin with Vietnamese and other extended Latin, Greek, Cyrillic) first,
 * then Noto Sans SC (Chinese ideographs, Japanese kana, CJK punctuation), then Noto Sans KR (Hangul). Each file is
 * read once, when a document first needs it, and kept for the life of the process (at most the six files, about
 * 35 MB) with its parsed tables; documents embed only the glyphs they use.
 */

export type FontStyle = "regular" | "bold";

/** One font file, read: its bytes and the code points it has a glyph for. */
export type FontFace = { file: string; bytes: Uint8Array; has(codePoint: number): boolean };

const require = createRequire(import.meta.url);
const notoSans = (name: string) => path.join(path.dirname(require.resolve("@embedpdf/fonts-latin")), "..", "fonts", name);
const notoSansSc = (name: string) => require.resolve(`@expo-google-fonts/noto-sans-sc/${name}`);
const notoSansKr = (name: string) => require.resolve(`@expo-google-fonts/noto-sans-kr/${name}`);

/** The files of each style, in the order a character looks for its glyph. */
const FILES: Record<FontStyle, string[]> = {
  regular: [notoSans("NotoSans-Regular.ttf"), notoSansSc("400Regular/NotoSansSC_400Regular.ttf"), notoSansKr("400Regular/NotoSansKR_400Regular.ttf")],
  bold: [notoSans("NotoSans-Bold.ttf"), notoSansSc("700Bold/NotoSansSC_700Bold.ttf"), notoSansKr("700Bold/NotoSansKR_700Bold.ttf")],
};

const loaded = new Map<string, Promise<FontFace>>();
/** The parsed font of each face's bytes: parsing (and the layout tables it decodes on use) is done once per process. */
const parsed = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();

/** fontkit for PDFDocument.registerFontkit, answering the parsed font for the bytes of a face read here. */
export const cachedFontkit: Parameters<PDFDocument["registerFontkit"]>[0] = {
  create: (bytes, postscriptName) => parsed.get(bytes) ?? (postscriptName ? fontkit.create(bytes, postscriptName) : fontkit.create(bytes)),
};

async function readFace(file: string): Promise<FontFace> {
  const bytes = new Uint8Array(await readFile(file));
  const font = fontkit.create(bytes);
  if (!("characterSet" in font)) throw new Error(`not a single font: ${path.basename(file)}`);
  const codePoints = new Set(font.characterSet);
  parsed.set(bytes, font);
  return { file: path.basename(file), bytes, has: (codePoint) => codePoints.has(codePoint) };
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

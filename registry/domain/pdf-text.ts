/**
 * The text of the PDFs as printed (docs/decisions/028): what a line shows, and which font draws which part of it.
 * Pure: no fonts are read here, only asked whether they have a glyph.
 */

/** Printed for a character no font has. */
export const REPLACEMENT = "\uFFFD";

/** A part of a line drawn with one font: `face` is the index in the fonts given to splitRuns. */
export type TextRun = { face: number; text: string };

/**
 * The text as printed: Unicode NFC; without default-ignorable characters, among them the bidirectional controls
 * (U+202A-202E, U+2066-2069, U+200E/200F, U+061C), zero-width characters, variation selectors and soft hyphens;
 * tabs and other spacing controls as a space, other control characters removed; line breaks kept as "\n".
 */
export function printable(text: string): string {
  return text
    .normalize("NFC")
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
    .replace(/[\t\v\f]/g, " ")
    .replace(/\p{Default_Ignorable_Code_Point}/gu, "")
    .replace(/(?!\n)\p{Cc}/gu, "")
    .replace(/\p{Surrogate}/gu, REPLACEMENT);
}

const KEEPS_RUN = /^[\p{M}\p{Zs}]$/u;

/**
 * Splits one line of printable text into runs, each drawn with the first font that has all its glyphs: every
 * character takes the first font that has it, except that a space or a combining mark stays with the run before it
 * when that font has it. A character no font has becomes REPLACEMENT (or "?" when no font has that either), in the
 * first font that can draw it: visible, never an error.
 */
export function splitRuns(text: string, faces: ReadonlyArray<{ has(codePoint: number): boolean }>): TextRun[] {
  const runs: TextRun[] = [];
  let current: TextRun | undefined;
  const first = (cp: number) => faces.findIndex((f) => f.has(cp));
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let out = ch;
    let face = current && KEEPS_RUN.test(ch) && faces[current.face]!.has(cp) ? current.face : first(cp);
    if (face < 0) {
      out = REPLACEMENT;
      face = first(REPLACEMENT.codePointAt(0)!);
      if (face < 0) [out, face] = ["?", Math.max(0, first(0x3f))];
    }
    if (current && current.face === face) current.text += out;
    else runs.push((current = { face, text: out }));
  }
  return runs;
}

import { describe, expect, it } from "vitest";
import { printable, REPLACEMENT, splitRuns } from "./pdf-text";

/** A font that has the glyphs of the given characters. */
const font = (chars: string) => ({ has: (cp: number) => chars.includes(String.fromCodePoint(cp)) });
const LATIN = font("abcdefghijklmnopqrstuvwxyzNguyễnŁukaszŻółćΕλένηДмитрий \u0301?\uFFFD");
const CJK = font("王小明ひらがな國 a?");

describe("printable", () => {
  it.each([
    ["Nguyễn 王小明", "Nguyễn 王小明"],
    ["Nguye\u0302\u0303n", "Nguyễn"], // decomposed Vietnamese, composed (NFC)
    ["Ana\u202E Lopez", "Ana Lopez"], // right-to-left override
    ["\u202Aa\u202Bb\u202Cc\u202Dd\u2066e\u2067f\u2068g\u2069h\u200Ei\u200Fj\u061Ck", "abcdefghijk"],
    ["zero\u200Bwidth\uFEFF soft\u00ADhyphen", "zerowidth softhyphen"],
    ["tab\there", "tab here"],
    ["line\r\nbreak\rand\u2028more", "line\nbreak\nand\nmore"],
    ["bell\u0007 and C1\u0085", "bell and C1\n"],
    ["lone \uD800 surrogate", `lone ${REPLACEMENT} surrogate`],
  ])("%j -> %j", (input, expected) => expect(printable(input)).toBe(expected));
});

describe("splitRuns", () => {
  it("gives each character the first font that has it, keeping runs as long as they can be", () => {
    expect(splitRuns("Nguyễn 王小明", [LATIN, CJK])).toEqual([
      { face: 0, text: "Nguyễn " },
      { face: 1, text: "王小明" },
    ]);
    expect(splitRuns("王小明 Ελένη Дмитрий", [LATIN, CJK])).toEqual([
      { face: 1, text: "王小明 " },
      { face: 0, text: "Ελένη Дмитрий" },
    ]);
  });

  it("prefers the first font for a letter both have, but keeps a space or combining mark in the run before it", () => {
    expect(splitRuns("a王a", [LATIN, CJK])).toEqual([
      { face: 0, text: "a" },
      { face: 1, text: "王" },
      { face: 0, text: "a" },
    ]);
    expect(splitRuns("e\u0301", [LATIN, CJK])).toEqual([{ face: 0, text: "e\u0301" }]);
  });

  it("prints a character no font has as the replacement character, in the first font that has that", () => {
    expect(splitRuns("a😀王", [LATIN, CJK])).toEqual([
      { face: 0, text: `a${REPLACEMENT}` },
      { face: 1, text: "王" },
    ]);
    expect(splitRuns("😀", [CJK])).toEqual([{ face: 0, text: "?" }]);
    expect(splitRuns("😀", [font("")])).toEqual([{ face: 0, text: "?" }]);
  });

  it("answers no runs for an empty line", () => {
    expect(splitRuns("", [LATIN])).toEqual([]);
  });
});

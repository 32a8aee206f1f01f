import { describe, expect, it } from "vitest";
import { fontFace, fontsFor, type FontStyle } from "./pdf-fonts";
import { splitRuns } from "./pdf-text";

/**
 * The font files shipped in registry/fonts/ (docs/decisions/028, registry/fonts/README.md): every script a name may be
 * written in finds its glyphs, each in the font the fallback order gives it, Hangul in the Noto Sans KR subset.
 */

const LATIN = "Nguyễn Łukasz Żółć María Núñez-Çelik";
const GREEK = "Ελένη Παπαδοπούλου";
const CYRILLIC = "Дмитрий Иванов";
const CHINESE = "王小明 國";
const KANA = "さくら カタカナ";
const HANGUL = "김민준 한글 각 \u1100\u1161\u11A8"; // the last word in conjoining jamo
/** Hangul compatibility jamo: Noto Sans SC has them too, and comes first. */
const JAMO = "ㄱㅎ";

describe.each<[FontStyle, string]>([
  ["regular", "Regular"],
  ["bold", "Bold"],
])("the %s fonts", (style, name) => {
  it("have a glyph for every character of Latin, Vietnamese, Greek, Cyrillic, Chinese, kana and Hangul text", async () => {
    const text = [LATIN, GREEK, CYRILLIC, CHINESE, KANA, HANGUL, JAMO].join(" ");
    const faces = await fontsFor(style, text);
    expect(faces.map((face) => face.file)).toEqual([`NotoSans-${name}.ttf`, `NotoSansSC-${name}.ttf`, `NotoSansKR-Hangul-${name}.ttf`]);
    const missing = [...text].filter((ch) => !faces.some((face) => face.has(ch.codePointAt(0)!)));
    expect(missing).toEqual([]);
  });

  it("draw Latin, Greek and Cyrillic with Noto Sans, Chinese and kana with Noto Sans SC, Hangul with the Noto Sans KR subset", async () => {
    const faces = await fontsFor(style, `${LATIN}${GREEK}${CYRILLIC}${CHINESE}${KANA}${HANGUL}`);
    const fileOf = (text: string) => new Set(splitRuns(text.replace(/ /g, ""), faces).map((run) => faces[run.face]!.file));
    expect(fileOf(LATIN + GREEK + CYRILLIC)).toEqual(new Set([`NotoSans-${name}.ttf`]));
    expect(fileOf(CHINESE + KANA + JAMO)).toEqual(new Set([`NotoSansSC-${name}.ttf`]));
    expect(fileOf(HANGUL)).toEqual(new Set([`NotoSansKR-Hangul-${name}.ttf`]));
    // A space after a Korean word stays in the Korean run (the subset keeps its spaces).
    expect(splitRuns("김민준 さくら", faces).map((run) => faces[run.face]!.file)).toEqual([
      `NotoSansKR-Hangul-${name}.ttf`,
      `NotoSansSC-${name}.ttf`,
    ]);
  });

  it("read only Noto Sans for Latin text", async () => {
    expect((await fontsFor(style, LATIN + GREEK + CYRILLIC)).map((face) => face.file)).toEqual([`NotoSans-${name}.ttf`]);
  });

  it("keep Hangul in the Korean subset, not the ideographs, kana and letters of the fonts before it", async () => {
    const kr = await fontFace(style, 2);
    for (const ch of "김한\u1100\uA960\u3131") expect(kr.has(ch.codePointAt(0)!)).toBe(true); // syllables, jamo, compatibility jamo
    for (const ch of "王國さカAД") expect(kr.has(ch.codePointAt(0)!)).toBe(false);
  });
});

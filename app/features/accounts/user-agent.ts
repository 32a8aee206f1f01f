/**
 * A browser in plain words from its User-Agent header (docs/decisions/109, ACC-049): the browser's name and the
 * system it runs on ("Chrome" on "Android"), or null for each part the header does not tell. Only the common browsers
 * and systems are named; no version numbers (they say nothing to a patient). Names of products, the same in every
 * language.
 */
export type BrowserWords = { browser: string | null; system: string | null };

/** Most specific first: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari". */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera|OPiOS)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:CriOS|Chrome|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bMSIE |\bTrident\//, "Internet Explorer"],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

export function browserWords(userAgent: string | null | undefined): BrowserWords {
  const ua = (userAgent ?? "").slice(0, 512);
  const find = (list: ReadonlyArray<[RegExp, string]>) => list.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  return { browser: find(BROWSERS), system: find(SYSTEMS) };
}

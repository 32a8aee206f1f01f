/**
 * Generated malformed input for the fuzz test (docs/decisions/027): a small seeded PRNG and the kinds of bad values a
 * careless or hostile client sends. Everything here is deterministic for a seed, so a failure is reproduced with
 * FUZZ_SEED=<the printed seed>.
 */

/** mulberry32: a tiny 32-bit PRNG, good enough to spread inputs, reproducible from one integer seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof prng>;

/** The seed: FUZZ_SEED when set, else a new one (printed by the test, so any run can be repeated). */
export function fuzzSeed(): number {
  const fromEnv = Number(process.env.FUZZ_SEED);
  return Number.isInteger(fromEnv) && process.env.FUZZ_SEED !== "" ? fromEnv >>> 0 : (Date.now() ^ (process.pid << 16)) >>> 0;
}

/**
 * One value as it goes on the wire in an urlencoded body or a URL path segment (already percent-encoded, so invalid
 * escapes can be sent too), with the text the server should decode it to when it decodes (null: not valid UTF-8).
 */
export type Wire = { wire: string; text: string | null; kind: string };

/**
 * Percent-encoded UTF-8 of the text; a lone surrogate (which UTF-8 cannot hold) goes as its 3 WTF-8 bytes, invalid
 * UTF-8 that the server decodes to U+FFFD, so such a value has no expected text.
 */
function enc(text: string, kind: string): Wire {
  try {
    return { wire: encodeURIComponent(text), text, kind };
  } catch {
    const wire = text.replace(/[\ud800-\udfff]/g, (c) => `\u0000${c.charCodeAt(0).toString(16)}`);
    const parts = wire.split("\u0000");
    const out = [encodeURIComponent(parts[0]!)];
    for (const part of parts.slice(1)) {
      const code = parseInt(part.slice(0, 4), 16);
      out.push([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join(""));
      out.push(encodeURIComponent(part.slice(4)));
    }
    return { wire: out.join(""), text: null, kind };
  }
}

const CONTROLS = ["\u0000", "\u0001", "\u0007", "\u0008", "\u000b", "\u000c", "\u001b", "\u001f", "\u007f", "\u0085", "\u009b"];
const UNICODE = [
  "\u202eevil\u202c", // right-to-left override
  "\u2066isolate\u2069",
  "👩🏽‍⚕️ emoji",
  "e\u0301\u0302\u0303\u0304 combining",
  "Zalgo: Z\u0351\u0361\u0358a\u0360l\u035cg\u0362o",
  "שלום עליכם", // Hebrew (RTL letters are fine)
  "مرحبا",
  "中文字符",
  "\ufeffBOM",
  "\u200b\u200c\u200d zero width",
  "\ud800 lone high surrogate",
  "\udfff lone low",
  "\ufffd replacement",
  "\uffff nonchar",
  "𝕳𝖊𝖑𝖑𝖔",
];
const HOSTILE = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  "1; DROP TABLE medical_record; --",
  "Robert'); DELETE FROM account;--",
  "{{7*7}}",
  "${7*7}",
  "../../../etc/passwd",
  "%00",
  "%s%s%s%n",
  "javascript:alert(1)",
  "null",
  "undefined",
  "NaN",
  "[object Object]",
  "__proto__",
  "constructor",
  "true",
  "-1",
  "0",
  "",
  " ",
  "\t\n\r\n",
];
const NUMBERS = [
  "99999999999999999999999",
  "2147483648",
  "-2147483649",
  "1e308",
  "-0",
  "0x10",
  "1.5",
  "Infinity",
  "-1",
  "00000000001",
  "9007199254740993",
  "١٢٣",
];
const INVALID_ESCAPES = ["%", "%Z", "%ZZ", "%FF", "%C0%AF", "%E0%80", "%ED%A0%80", "%F8%88%80%80%80", "%C3", "%00%00", "a%2", "%%%"];

/** One generated bad value. */
export function badValue(r: Rng): Wire {
  switch (r.int(9)) {
    case 0: {
      const n = r.pick([101, 201, 255, 501, 1001, 5000, 10_240]);
      return enc(
        r
          .pick(["a", "é", "😀", "<", "x "])
          .repeat(n)
          .slice(0, n * 2),
        `long${n}`,
      );
    }
    case 1:
      return enc(`ab${r.pick(CONTROLS)}cd`, "control");
    case 2:
      return enc(r.pick(UNICODE), "unicode");
    case 3:
      return enc(r.pick(HOSTILE), "hostile");
    case 4:
      return enc(r.pick(NUMBERS), "number");
    case 5:
      return { wire: `ok${r.pick(INVALID_ESCAPES)}ok`, text: null, kind: "invalid-escape" };
    case 6:
      return enc(`${r.pick(HOSTILE)}${r.pick(CONTROLS)}${r.pick(UNICODE)}`, "mixed");
    case 7:
      return enc(String.fromCharCode(...Array.from({ length: 1 + r.int(24) }, () => r.int(0x3000))), "random");
    default:
      return enc(`${r.pick(["Ana", "José", "O'Brien", "Smith-Jones"])} ${r.pick(UNICODE)}`, "name");
  }
}

/** A bad path segment for a `$param` route: the same kinds, plus slashes, dots and huge or negative numbers. */
export function badSegment(r: Rng): string {
  switch (r.int(5)) {
    case 0:
      return r.pick(["-1", "0", "99999999999999999999", "2147483648", "1e5", "1.0", "0x1", "+1", "%2e%2e", "..", "%2F", "%5C"]);
    case 1:
      return `${r.int(10)}${r.pick(INVALID_ESCAPES)}`;
    case 2:
      return "x".repeat(r.pick([256, 2048, 10_240]));
    default:
      return badValue(r).wire;
  }
}

/** Text as React writes it into HTML (text and attribute values). */
export function htmlEscaped(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

/** Traces of an unhandled error in an answer: a JavaScript stack frame or an error name with its message. */
export const STACK_TRACE =
  /\n\s+at [^\n]+:\d+:\d+\)?|\bat (?:async )?[\w$.<>]+ \((?:file:|node:|\/)[^)]*\)|\b(?:TypeError|ReferenceError|RangeError|SyntaxError|URIError|ZodError|DatabaseError):\s/;

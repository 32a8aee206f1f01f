/**
 * The page's texts (docs/decisions/059): plain nested objects of strings, a slice of one language's messages
 * (app/locales). The server renders with them and the browser hydrates with the same slice, sent with the loader
 * data, so no translation library ships to the browser.
 */
export type Texts = { readonly [key: string]: string | Texts };

/** Params of a text's `{{name}}` placeholders. */
export type TextParams = Readonly<Record<string, string | number | undefined>>;

/** Translate a dotted key: the text, or the key itself when the slice does not have it (as i18next did). */
export type T = (key: string, params?: TextParams) => string;

function lookup(texts: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** `{{name}}` becomes the param's value (unescaped: React escapes); a missing param becomes "" (as in i18next). */
export function translate(texts: Texts, key: string, params?: TextParams): string {
  const text = lookup(texts, key);
  if (text === undefined) return key;
  if (!params || !text.includes("{{")) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = params[name];
    return value === undefined ? "" : String(value);
  });
}

/** A deep merge of slices (the root's and each route's); later slices win on a conflicting leaf. */
export function mergeTexts(slices: readonly Texts[]): Texts {
  const out: Record<string, string | Texts> = {};
  for (const slice of slices) {
    for (const [k, v] of Object.entries(slice)) {
      const here = out[k];
      out[k] = typeof v === "object" && here !== undefined && typeof here === "object" ? mergeTexts([here, v]) : v;
    }
  }
  return out;
}

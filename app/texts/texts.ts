import type en from "~/locales/en/index";

/**
 * The page's texts (docs/decisions/059): plain nested objects of strings, a slice of one language's messages
 * (app/locales). The server renders with them and the browser hydrates with the same slice, sent with the loader
 * data, so no translation library ships to the browser.
 */
export type Texts = { readonly [key: string]: string | Texts };

/** Params of a text's `{{name}}` placeholders. */
export type TextParams = Readonly<Record<string, string | number | undefined>>;

/**
 * Every text's dotted key (`common.continue`…): the leaves of the English messages, which Spanish mirrors
 * (app/locales/types.ts). A misspelled or removed key is a compile error (docs/decisions/074). Type-only imports:
 * the browser bundle never gets the messages from here.
 */
export type TextKey = LeafPaths<typeof en>;

/** The keys whose English text has `{{name}}` placeholders (the only ones a field error carries params for). */
export type ParamTextKey = ParamPaths<typeof en>;

/** The dotted paths of an object's string leaves. */
type LeafPaths<O> = { [K in keyof O & string]: O[K] extends string ? K : `${K}.${LeafPaths<O[K]>}` }[keyof O & string];
/** The same, for the leaves with a placeholder. */
type ParamPaths<O> = {
  [K in keyof O & string]: O[K] extends string ? (O[K] extends `${string}{{${string}` ? K : never) : `${K}.${ParamPaths<O[K]>}`;
}[keyof O & string];
/** The English text at a dotted key. */
type TextOf<K extends string, O = typeof en> = K extends `${infer H}.${infer R}`
  ? H extends keyof O
    ? TextOf<R, O[H]>
    : never
  : K extends keyof O
    ? O[K]
    : never;
/** The `{{name}}` placeholders of a text. */
type Placeholders<S> = S extends `${string}{{${infer N}}}${infer R}` ? N | Placeholders<R> : never;

/**
 * The params a key's English text names (`{{center}}`): a misspelled or foreign name does not compile, nor a param
 * for a text without placeholders. Each is optional, as at run time (a missing one becomes "").
 */
type ParamsOf<K extends TextKey> = [Extract<K, ParamTextKey>] extends [never]
  ? Record<string, never>
  : Partial<Record<Placeholders<TextOf<Extract<K, ParamTextKey>>>, string | number | undefined>>;

/** Translate a dotted key: the text, or the key itself when the slice does not have it (as i18next did). */
export type T = <K extends TextKey>(key: K, params?: ParamsOf<K>) => string;

/** Every text's dotted key in a tree of texts ("landing.title"), `at` before each. */
export function textKeys(tree: Texts, at = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${at}${k}`] : textKeys(v, `${at}${k}.`)));
}

/** The text at a dotted key, walked part by part (no array per lookup: a page renders hundreds of texts). */
function lookup(texts: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  let from = 0;
  for (;;) {
    if (node === undefined || typeof node === "string") return undefined;
    const dot = key.indexOf(".", from);
    node = node[dot < 0 ? key.slice(from) : key.slice(from, dot)];
    if (dot < 0) return typeof node === "string" ? node : undefined;
    from = dot + 1;
  }
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

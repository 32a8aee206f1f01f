import { data, type LoaderFunctionArgs } from "react-router";
import type { Lang } from "~/locales";
import en from "~/locales/en/index";
import es from "~/locales/es/index";
import { PAGE_KEYS, type Page } from "./page-keys.generated";
import { portalContext } from "~/platform/context";
import { textKeys, translate, type T, type Texts } from "./texts";

const messages: Record<Lang, Texts> = { en, es };

/** Every text's dotted key in a language ("landing.title"), for the prefixes ("medical.questions.*"). */
const keysOf = new Map<Lang, readonly string[]>();
function allKeys(lang: Lang): readonly string[] {
  let keys = keysOf.get(lang);
  if (!keys) keysOf.set(lang, (keys = textKeys(messages[lang])));
  return keys;
}

/** A translator over all of a language's texts, for actions and server-made pages. */
export function translator(lang: Lang): T {
  const texts = messages[lang];
  return (key, params) => translate(texts, key, params);
}

/**
 * A nested slice of a language's texts: each of `keys` is a text ("landing.title"), a subtree ("labPages.tests": all
 * its texts) or a prefix ending in `*` ("medical.questions.*", "landing.badge*": every text whose key starts so).
 * Keys the language lacks are left out (the page would show the key: the coverage test keeps that from happening).
 */
export function textsForKeys(lang: Lang, keys: readonly string[]): Texts {
  const all = messages[lang];
  const out: Record<string, string | Texts> = {};
  const put = (key: string) => {
    const text = translate(all, key);
    if (text === key) return;
    const parts = key.split(".");
    const leaf = parts.pop()!;
    let node = out;
    for (const part of parts) {
      const next = node[part];
      node = (typeof next === "object" ? next : (node[part] = {})) as Record<string, string | Texts>;
    }
    node[leaf] = text;
  };
  for (const key of keys) {
    if (!key.endsWith("*") && translate(all, key) !== key) put(key);
    else {
      const prefix = key.endsWith("*") ? key.slice(0, -1) : `${key}.`;
      for (const k of allKeys(lang)) if (k.startsWith(prefix)) put(k);
    }
  }
  return out;
}

const slices = new Map<string, Texts>();

/**
 * The texts a page (or the root's layout) sends, in its language: the keys its modules name, listed in
 * page-keys.generated.ts (`npm run texts`, decision 073). Made once per language and page: the objects never change.
 */
export function textsFor(lang: Lang, page: Page): Texts {
  const id = `${lang}:${page}`;
  let slice = slices.get(id);
  if (!slice) slices.set(id, (slice = textsForKeys(lang, PAGE_KEYS[page])));
  return slice;
}

const serialized = new Map<string, string>();

/**
 * The same texts as one JSON string, made once per language and page: the loader data carries one string instead of
 * hundreds of values, so encoding a page's data costs no walk over its texts (decision 079).
 */
export function textsJsonFor(lang: Lang, page: Page): string {
  const id = `${lang}:${page}`;
  let json = serialized.get(id);
  if (json === undefined) serialized.set(id, (json = JSON.stringify(textsFor(lang, page))));
  return json;
}

type Loaded<R> = R extends Response ? R : R & { texts: string };

/**
 * A route loader whose page is rendered with its texts (`page`: the route's name in page-keys.generated.ts): its data
 * carries them as `texts` (the browser has no other copy, docs/decisions/059). Redirects and other responses pass
 * through unchanged. `texts-coverage.test.ts` checks each route names itself and its list is current.
 */
export function withTexts<A extends LoaderFunctionArgs, R>(page: Exclude<Page, "root">, loader: (args: A) => R | Promise<R>) {
  return async (args: A): Promise<Loaded<R>> => {
    const answer = await loader(args);
    if (answer instanceof Response) return answer as Loaded<R>;
    const texts = textsJsonFor(args.context.get(portalContext).lang, page);
    // `data(value, { status })` (a 404 page, a form answered with its status): the texts go inside, the status stays.
    if (isDataWithInit(answer)) return data({ ...answer.data, texts }, answer.init ?? undefined) as unknown as Loaded<R>;
    return { ...answer, texts } as Loaded<R>;
  };
}

/** React Router's `data()` answer (a DataWithResponseInit: the value, and the status and headers to send). */
function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: object; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

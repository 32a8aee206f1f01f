import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { Lang, Messages } from "~/locales";
import en from "~/locales/en/index";
import es from "~/locales/es/index";
import { translate, type T, type Texts } from "./texts";

const messages: Record<Lang, Texts> = { en, es };

/** A top-level section of the messages (common, header, landing, screening…). */
export type Section = keyof Messages;

/** A translator over all of a language's texts, for actions and server-made pages. */
export function translator(lang: Lang): T {
  const texts = messages[lang];
  return (key, params) => translate(texts, key, params);
}

const slices = new Map<string, Texts>();

/** The sections a page needs, in its language (made once per language and list: the objects never change). */
export function textsFor(lang: Lang, sections: readonly Section[]): Texts {
  const id = `${lang}:${sections.join(",")}`;
  const made = slices.get(id);
  if (made) return made;
  const all = messages[lang];
  const slice: Texts = Object.fromEntries(sections.flatMap((s) => (all[s] === undefined ? [] : [[s, all[s]]])));
  slices.set(id, slice);
  return slice;
}

/** Single texts by dotted key (the flash messages, which any page can leave for the next one). */
export function textsForKeys(lang: Lang, keys: readonly string[]): Texts {
  const out: Record<string, string | Texts> = {};
  for (const key of keys) {
    const parts = key.split(".");
    const leaf = parts.pop();
    const text = translate(messages[lang], key);
    if (leaf === undefined || text === key) continue;
    let node = out;
    for (const part of parts) {
      const next = node[part];
      node = (typeof next === "object" ? next : (node[part] = {})) as Record<string, string | Texts>;
    }
    node[leaf] = text;
  }
  return out;
}

type Loaded<R> = R extends Response ? R : R & { texts: Texts };

/**
 * A route loader whose page is rendered with `sections` of the messages: its data carries them as `texts` (the
 * browser has no other copy, docs/decisions/059). Redirects and other responses pass through unchanged.
 * `texts-coverage.test.ts` checks each route lists every section its modules name.
 */
export function withTexts<A extends LoaderFunctionArgs, R>(sections: readonly Section[], loader: (args: A) => R | Promise<R>) {
  return async (args: A): Promise<Loaded<R>> => {
    const answer = await loader(args);
    if (answer instanceof Response) return answer as Loaded<R>;
    const texts = textsFor(args.context.lang, sections);
    // `data(value, { status })` (a 404 page, a form answered with its status): the texts go inside, the status stays.
    if (isDataWithInit(answer)) return data({ ...answer.data, texts }, answer.init ?? undefined) as unknown as Loaded<R>;
    return { ...answer, texts } as Loaded<R>;
  };
}

/** Remix's `data()` answer (a DataWithResponseInit: the value, and the status and headers to send). */
function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: object; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

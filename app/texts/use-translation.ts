import { useMatches } from "react-router";
import { useMemo } from "react";
import type { Lang } from "~/locales";
import type { RootData } from "~/platform/root-data";
import { mergeTexts, translate, type T, type Texts } from "./texts";

/** A route's data with its texts: a JSON string since decision 079 (an object from an older page's data). */
type WithTexts = { texts?: string | Texts } | null | undefined;

/** Parsed slices by their JSON: the server renders many pages from the same few strings. Bounded. */
const parsed = new Map<string, Texts>();
const MAX_PARSED = 64;

function textsOf(slice: string | Texts | undefined): Texts | undefined {
  if (typeof slice !== "string") return slice;
  let texts = parsed.get(slice);
  if (texts === undefined) {
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(slice, (texts = JSON.parse(slice) as Texts));
  }
  return texts;
}

/** The last merge, reused while the matched routes' slices are the same objects (every component asks). */
let last: { slices: readonly (Texts | undefined)[]; texts: Texts } | null = null;

function pageTexts(slices: readonly (Texts | undefined)[]): Texts {
  if (last && last.slices.length === slices.length && last.slices.every((s, i) => s === slices[i])) return last.texts;
  last = { slices, texts: mergeTexts(slices.filter((s): s is Texts => s !== undefined)) };
  return last.texts;
}

/**
 * The texts of the page in its language: the root loader's slice (shell, flash messages) merged with each matched
 * route's (`withTexts`, app/texts/texts.server.ts). Same on the server and in the browser, so hydration matches and
 * a client navigation or a sign-in in another language shows the new page's language at once (decision 059).
 */
export function useTranslation(): { t: T; i18n: { language: Lang } } {
  const matches = useMatches();
  const slices = matches.map((m) => textsOf((m.loaderData as WithTexts)?.texts));
  const texts = pageTexts(slices);
  const root = matches.find((m) => m.id === "root")?.loaderData as RootData | undefined;
  const language = root?.lang ?? "en";
  const t = useMemo<T>(() => (key, params) => translate(texts, key, params), [texts]);
  return { t, i18n: { language } };
}

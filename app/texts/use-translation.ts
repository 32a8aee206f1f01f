import { useMatches } from "@remix-run/react";
import { useMemo } from "react";
import type { Lang } from "~/locales";
import type { RootData } from "~/platform/root-data";
import { mergeTexts, translate, type T, type Texts } from "./texts";

type WithTexts = { texts?: Texts } | null | undefined;

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
 * a client navigation or a sign-in in another language shows the new page's language at once (issue 10).
 */
export function useTranslation(): { t: T; i18n: { language: Lang } } {
  const matches = useMatches();
  const slices = matches.map((m) => (m.data as WithTexts)?.texts);
  const texts = pageTexts(slices);
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  const language = root?.lang ?? "en";
  const t = useMemo<T>(() => (key, params) => translate(texts, key, params), [texts]);
  return { t, i18n: { language } };
}

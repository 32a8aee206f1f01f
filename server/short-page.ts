import { translator } from "../app/texts/texts.server";
import type { Lang } from "../app/locales";

/** The pages the edge answers itself, before React Router: their texts come from the locale files (errors.*). */
export type ShortPage = "tooLarge" | "crossSite" | "unexpected" | "busy";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small, complete HTML page (no script, no style): a heading, one sentence and a link to the start page. */
export function shortPageHtml(page: ShortPage, lang: Lang, basePath: string): string {
  const t = translator(lang);
  const title = escape(t(`errors.${page}Title`));
  return [
    "<!DOCTYPE html>",
    `<html lang="${lang}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} – ${escape(t("common.appName"))}</title></head>`,
    `<body><main><h1>${title}</h1><p>${escape(t(`errors.${page}Text`))}</p><p><a href="${escape(basePath)}">${escape(t("errors.goHome"))}</a></p></main></body>`,
    "</html>",
    "",
  ].join("\n");
}

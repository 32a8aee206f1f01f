// The language list only: browser code imports this module, so it must never pull the messages in (English and
// Spanish each load on demand in the browser, entry.client.tsx; the server bundles both, i18n.server.ts).
export type { Messages } from "~/locales/en/index";
export const supportedLanguages = ["en", "es"] as const;
export type Lang = (typeof supportedLanguages)[number];
export const fallbackLanguage: Lang = "en";

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

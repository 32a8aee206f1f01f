import en, { type Messages } from "./en/index";

export type { Messages };
export const supportedLanguages = ["en", "es"] as const;
export type Lang = (typeof supportedLanguages)[number];
export const fallbackLanguage: Lang = "en";

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** English is bundled everywhere (fallback); Spanish loads on demand in the browser. */
export const english = en;

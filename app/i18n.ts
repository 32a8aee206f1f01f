import type { InitOptions } from "i18next";
import { fallbackLanguage, supportedLanguages } from "./locales";

/** i18next options shared by the server and the browser. */
export const i18nOptions: InitOptions = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS: "translation",
  ns: ["translation"],
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
};

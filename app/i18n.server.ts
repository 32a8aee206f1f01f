import i18next, { type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { i18nOptions } from "./i18n";
import { fallbackLanguage, isLang, supportedLanguages, type Lang } from "./locales";
import en from "./locales/en/index";
import es from "./locales/es/index";
import { cookieValue } from "./session.server";

/** One i18next instance for the process (creating one per request is costly); requests use cheap clones. */
const shared = i18next.createInstance();
void shared.init({
  ...i18nOptions,
  initImmediate: false,
  resources: { en: { translation: en }, es: { translation: es } },
});

/** One clone per language, made once: nothing per request changes it. */
const perLanguage = new Map<Lang, ReturnType<typeof shared.cloneInstance>>();
export function i18nFor(lang: Lang) {
  let instance = perLanguage.get(lang);
  if (!instance) {
    instance = shared.cloneInstance({ lng: lang, initImmediate: false });
    perLanguage.set(lang, instance);
  }
  return instance;
}

export function translator(lang: Lang): TFunction {
  return shared.getFixedT(lang);
}

/** The cookie the language switch writes (DECISIONS D10). */
export const LANGUAGE_COOKIE = "lng";

const headerDetector = new RemixI18Next({
  detection: { supportedLanguages: [...supportedLanguages], fallbackLanguage, order: ["header"] },
});

/** D10 order: the switch's cookie, the signed-in patient's preferred language, Accept-Language, English. */
export async function detectLanguage(request: Request, patientLang?: string): Promise<Lang> {
  const chosen = cookieValue(request, LANGUAGE_COOKIE);
  if (isLang(chosen)) return chosen;
  if (isLang(patientLang)) return patientLang;
  const fromHeader = await headerDetector.getLocale(request);
  return isLang(fromHeader) ? fromHeader : fallbackLanguage;
}

export function languageCookie(lang: Lang, path: string, secure: boolean): string {
  const parts = [`${LANGUAGE_COOKIE}=${lang}`, `Path=${path}`, `Max-Age=${60 * 60 * 24 * 365}`, "SameSite=Lax"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

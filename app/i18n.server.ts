import i18next, { type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { i18nOptions } from "./i18n";
import { fallbackLanguage, isLang, supportedLanguages, type Lang } from "./locales";
import en from "./locales/en/index";
import es from "./locales/es/index";
import { cookieFromHeader } from "./session.server";

/** One i18next instance for the process (creating one per request is costly); requests use cheap clones. */
const shared = i18next.createInstance();
void shared.init({
  ...i18nOptions,
  initImmediate: false,
  resources: { en: { translation: en }, es: { translation: es } },
});

type Instance = ReturnType<typeof shared.cloneInstance>;

/** One clone per language, made once: nothing per request changes it. */
const perLanguage = new Map<Lang, Instance>();
export function i18nFor(lang: Lang) {
  let instance = perLanguage.get(lang);
  if (!instance) {
    instance = shared.cloneInstance({ lng: lang, initImmediate: false });
    rememberPlainKeys(instance, lang);
    perLanguage.set(lang, instance);
  }
  return instance;
}

/**
 * The locale files never change while the process runs, so `t("some.key")` (no options: no interpolation, count or
 * context) always gives the same text in one language: the t of useTranslation() keeps it after the first page and
 * answers it from a map (i18next's translate was about a tenth of the CPU of a page; docs/decisions/056). Calls with
 * options, another language, namespace or key prefix go to i18next as before.
 */
function rememberPlainKeys(instance: Instance, lang: Lang): void {
  type Loose = (...args: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (lng: unknown, ns?: unknown, keyPrefix?: unknown) => Loose & Record<string, unknown>;
  const remember = (lng: unknown, ns?: unknown, keyPrefix?: unknown) => {
    const t = getFixedT(lng, ns, keyPrefix);
    const defaultNs = ns == null || ns === "translation" || (Array.isArray(ns) && ns.length === 1 && ns[0] === "translation");
    if ((lng != null && lng !== lang) || !defaultNs || keyPrefix) return t;
    const remembering = (...args: unknown[]) => {
      const key = args[0];
      if (args.length !== 1 || typeof key !== "string") return t(...args);
      let text = texts.get(key);
      if (text === undefined) {
        text = t(key);
        if (typeof text === "string") texts.set(key, text);
      }
      return text;
    };
    return Object.assign(remembering, { lng: t.lng, lngs: t.lngs, ns: t.ns, keyPrefix: t.keyPrefix });
  };
  instance.getFixedT = remember as unknown as typeof instance.getFixedT;
}
export function translator(lang: Lang): TFunction {
  return shared.getFixedT(lang);
}

/** The cookie the language switch writes (DECISIONS D10). */
export const LANGUAGE_COOKIE = "lng";

const headerDetector = new RemixI18Next({
  detection: { supportedLanguages: [...supportedLanguages], fallbackLanguage, order: ["header"] },
});

/** What Accept-Language values chose, so that a header seen before costs no parsing (bounded: cleared when full). */
const byAcceptLanguage = new Map<string, Lang>();
const MAX_REMEMBERED_HEADERS = 500;
/** A browser's header is a few dozen characters; longer ones are answered but not kept (at most 500 x 256 chars). */
const MAX_REMEMBERED_LENGTH = 256;

/** D10 order: the switch's cookie, the signed-in patient's preferred language, Accept-Language, English. */
export async function languageFromHeaders(headers: { acceptLanguage?: string | null; cookie?: string | null }, patientLang?: string): Promise<Lang> {
  const chosen = cookieFromHeader(headers.cookie, LANGUAGE_COOKIE);
  if (isLang(chosen)) return chosen;
  if (isLang(patientLang)) return patientLang;
  const acceptLanguage = headers.acceptLanguage ?? "";
  const known = byAcceptLanguage.get(acceptLanguage);
  if (known) return known;
  const fromHeader = await headerDetector.getLocale(new Request("http://portal.local/", { headers: { "accept-language": acceptLanguage } }));
  const lang = isLang(fromHeader) ? fromHeader : fallbackLanguage;
  if (acceptLanguage.length > MAX_REMEMBERED_LENGTH) return lang;
  if (byAcceptLanguage.size >= MAX_REMEMBERED_HEADERS) byAcceptLanguage.clear();
  byAcceptLanguage.set(acceptLanguage, lang);
  return lang;
}

export function languageCookie(lang: Lang, path: string, secure: boolean): string {
  const parts = [`${LANGUAGE_COOKIE}=${lang}`, `Path=${path}`, `Max-Age=${60 * 60 * 24 * 365}`, "SameSite=Lax"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

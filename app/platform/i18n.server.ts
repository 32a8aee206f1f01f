import { RemixI18Next } from "remix-i18next/server";
import { fallbackLanguage, isLang, supportedLanguages, type Lang } from "~/locales";
import { cookieFromHeader } from "./session.server";

/** The cookie the language switch writes (PLT-005). */
export const LANGUAGE_COOKIE = "lng";

const headerDetector = new RemixI18Next({
  detection: { supportedLanguages: [...supportedLanguages], fallbackLanguage, order: ["header"] },
});

/** What Accept-Language values chose, so that a header seen before costs no parsing (bounded: cleared when full). */
const byAcceptLanguage = new Map<string, Lang>();
const MAX_REMEMBERED_HEADERS = 500;
/** A browser's header is a few dozen characters; longer ones are answered but not kept (at most 500 x 256 chars). */
const MAX_REMEMBERED_LENGTH = 256;

/** PLT-005 order: the switch's cookie, the signed-in patient's preferred language, Accept-Language, English. */
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

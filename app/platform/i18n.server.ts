import accepts from "accepts";
import { fallbackLanguage, isLang, supportedLanguages, type Lang } from "~/locales";
import { cookieFromHeader } from "./session.server";

/** The cookie the language switch writes (PLT-005). */
export const LANGUAGE_COOKIE = "lng";

/**
 * Accept-Language is read as Express's `req.acceptsLanguages` reads it (the `accepts` package: quality values, and
 * "es-MX" matching "es"), on the header alone so that the short pages outside React Router use the same rule.
 */
function fromAcceptLanguage(header: string): Lang {
  const best = accepts({ headers: { "accept-language": header } } as Parameters<typeof accepts>[0]).languages([...supportedLanguages]);
  return typeof best === "string" && isLang(best) ? best : fallbackLanguage;
}

/** What Accept-Language values chose, so that a header seen before costs no parsing (bounded: cleared when full). */
const byAcceptLanguage = new Map<string, Lang>();
const MAX_REMEMBERED_HEADERS = 500;
/** A browser's header is a few dozen characters; longer ones are answered but not kept (at most 500 x 256 chars). */
const MAX_REMEMBERED_LENGTH = 256;

/** PLT-005 order: the switch's cookie, the signed-in patient's preferred language, Accept-Language, English. */
export function languageFromHeaders(headers: { acceptLanguage?: string | null; cookie?: string | null }, patientLang?: string): Promise<Lang> {
  return Promise.resolve(languageNow(headers, patientLang));
}

/** languageFromHeaders without a promise, for the answers that must stay cheapest (the busy refusal, docs/decisions/134). */
export function languageNow(headers: { acceptLanguage?: string | null; cookie?: string | null }, patientLang?: string): Lang {
  const chosen = cookieFromHeader(headers.cookie, LANGUAGE_COOKIE);
  if (isLang(chosen)) return chosen;
  if (isLang(patientLang)) return patientLang;
  const acceptLanguage = headers.acceptLanguage ?? "";
  const known = byAcceptLanguage.get(acceptLanguage);
  if (known) return known;
  const lang = acceptLanguage ? fromAcceptLanguage(acceptLanguage) : fallbackLanguage;
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

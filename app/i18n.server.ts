import { RemixI18Next } from "remix-i18next/server";
import { fallbackLanguage, isLang, supportedLanguages, type Lang } from "./locales";
import { cookieValue } from "./session.server";

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

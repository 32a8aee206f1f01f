import { Language } from "../contract/enums";
import en, { type RegistryTexts } from "./en";
import es from "./es";

export type MessageLang = "en" | "es";
export type { RegistryTexts };

const texts: Record<MessageLang, RegistryTexts> = { en, es };

/** The texts of a language code; anything but "es" is English. */
export function textsFor(lang: string | null | undefined): RegistryTexts {
  return lang === "es" ? texts.es : texts.en;
}

/** The message language of a patient's preferred language (2 Spanish, anything else English). */
export function langOf(preferredLanguage: number): MessageLang {
  return preferredLanguage === Language.Spanish ? "es" : "en";
}

/** Fills `{{name}}` placeholders; an unknown placeholder is left as it is. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

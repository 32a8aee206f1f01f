import enPortal from "../../../app/locales/en/index";
import esPortal from "../../../app/locales/es/index";
import enRegistry from "../../../registry/messages/en";
import esRegistry from "../../../registry/messages/es";

/**
 * The texts a person reads, in English or Spanish, from the same files the portal (app/locales) and the registry's
 * emails and text messages (registry/messages) use: a journey run in either language asserts what that person sees.
 */
export type Lang = "en" | "es";

function lookUp(root: unknown, key: string, vars: Record<string, string>): string {
  let found: unknown = root;
  for (const part of key.split(".")) found = (found as Record<string, unknown> | undefined)?.[part];
  if (typeof found !== "string") throw new Error(`no text ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`${key} needs {{${name}}}`);
    return value;
  });
}

/** A portal text (app/locales/{lang}), with its {{placeholders}} filled. */
export function portalText(lang: Lang, key: string, vars: Record<string, string> = {}): string {
  return lookUp(lang === "es" ? esPortal : enPortal, key, vars);
}

/** A text of the registry's emails and text messages (registry/messages/{lang}), with its {{placeholders}} filled. */
export function registryText(lang: Lang, key: string, vars: Record<string, string> = {}): string {
  return lookUp(lang === "es" ? esRegistry : enRegistry, key, vars);
}

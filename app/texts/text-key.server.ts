import en from "~/locales/en/index";
import type { FieldError } from "./text-key";
import { textKeys, type TextKey } from "./texts";

/** Every key of the English messages (which Spanish mirrors, app/locales/locales.test.ts). */
const KEYS: ReadonlySet<string> = new Set(textKeys(en));

/**
 * A key that came from outside the code (a registry answer) as a TextKey, or undefined when no text has it
 * (docs/decisions/074). The one place such a string becomes a key.
 */
export function textKey(value: string): TextKey | undefined {
  return KEYS.has(value) ? (value as TextKey) : undefined;
}

/** A field error from outside (`key` or `key?params`) whose key has a text, or undefined. */
export function fieldError(value: string): FieldError | undefined {
  const at = value.indexOf("?");
  return textKey(at < 0 ? value : value.slice(0, at)) === undefined ? undefined : (value as FieldError);
}

/**
 * A field error that came as a string (the registry's answers, the shared contract's rules and schemas), as the
 * portal shows it: one whose key has no text (a registry of another version) becomes 'This value is not valid'
 * rather than a raw key on the page.
 */
export function asFieldError(value: string): FieldError {
  return fieldError(value) ?? "validation.invalidValue";
}

/** A map of such field errors (the registry's `errors`, or part of it), each as asFieldError. */
export function asFieldErrors(errors: Readonly<Partial<Record<string, string>>> | undefined): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const [name, value] of Object.entries(errors ?? {})) if (value !== undefined) out[name] = asFieldError(value);
  return out;
}

/** A registry answer with its `errors` map checked (asFieldErrors), for rules that show them. */
export function withCheckedErrors<A extends { errors?: Readonly<Record<string, string>> }>(
  answer: A,
): Omit<A, "errors"> & { errors: Record<string, FieldError> } {
  return { ...answer, errors: asFieldErrors(answer.errors) };
}

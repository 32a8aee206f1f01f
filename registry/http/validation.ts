import type { ZodError } from "zod";
import { hasDisallowedCharacters } from "../contract/text-rules";
import { ValidationKey } from "../contract/validation-keys";

/** Field errors of a zod failure: too long -> validation.tooLong, anything else -> validation.invalidValue. */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "body");
    errors[field] ??= issue.code === "too_big" ? ValidationKey.tooLong : (customKey(issue) ?? ValidationKey.invalidValue);
  }
  return errors;
}

/**
 * Field errors of a JSON body that failed its schema: a field left out (or null) -> validation.required, a text over
 * its length -> validation.tooLong, anything else -> validation.invalidValue.
 */
export function bodyFieldErrors(error: ZodError, raw: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "body");
    const missing = raw[field] === undefined || raw[field] === null;
    errors[field] ??= missing
      ? ValidationKey.required
      : issue.code === "too_big" && issue.origin === "string"
        ? ValidationKey.tooLong
        : (customKey(issue) ?? ValidationKey.invalidValue);
  }
  return errors;
}

/** The key a contract refinement names (e.g. validation.invalidCharacters, contract/text-schema.ts). */
function customKey(issue: ZodError["issues"][number]): string | undefined {
  return issue.code === "custom" && typeof issue.params?.key === "string" ? issue.params.key : undefined;
}

/**
 * Top-level fields of a JSON body holding, at any depth, text with a character no field takes (NUL and the other
 * control characters, except tab and line breaks; contract/text-rules.ts): validation.invalidCharacters. The database
 * refuses a NUL in text, so such a body must be refused before any handler reads it (docs/decisions/026).
 */
export function disallowedTextFields(body: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  const bad = (value: unknown, depth: number): boolean => {
    if (typeof value === "string") return hasDisallowedCharacters(value, true);
    if (depth > 20 || typeof value !== "object" || value === null) return false;
    return Object.entries(value).some(([k, v]) => hasDisallowedCharacters(k, true) || bad(v, depth + 1));
  };
  if (typeof body !== "object" || body === null) return bad(body, 0) ? { body: ValidationKey.invalidCharacters } : {};
  for (const [field, value] of Object.entries(body)) {
    if (hasDisallowedCharacters(field, true) || bad(value, 1))
      errors[hasDisallowedCharacters(field, true) ? "body" : field] = ValidationKey.invalidCharacters;
  }
  return errors;
}

/** Fields of a JSON body that hold an object or array where a plain value (text, number, boolean, null) belongs. */
export function nonScalarFields(body: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === "object" && value !== null) errors[field] = ValidationKey.invalidValue;
  }
  return errors;
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some((v) => v !== undefined);
}

/** Drops undefined entries of a FieldErrors map. */
export function definedErrors(errors: Partial<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => e[1] !== undefined));
}

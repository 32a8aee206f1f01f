import type { ZodError } from "zod";
import { ValidationKey } from "../contract/validation-keys";

/** Field errors of a zod failure: too long -> validation.tooLong, anything else -> validation.invalidValue. */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "body");
    errors[field] ??= issue.code === "too_big" ? ValidationKey.tooLong : ValidationKey.invalidValue;
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
      : issue.code === "too_big" && issue.type === "string"
        ? ValidationKey.tooLong
        : ValidationKey.invalidValue;
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

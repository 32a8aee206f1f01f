import { z, type ZodError } from "zod";
import { hasDisallowedCharacters } from "./text-rules";
import { ValidationKey, withParams } from "./validation-keys";

/** The zod side of contract/text-rules.ts (docs/decisions/026). */

/** A string of at most `max` characters with no character that is not allowed (a textarea's with `multiline`). */
export function cleanString(max: number, opts: { multiline?: boolean } = {}) {
  return z
    .string()
    .max(max)
    .refine((v) => !hasDisallowedCharacters(v, opts.multiline), { params: { key: ValidationKey.invalidCharacters } });
}

/** The message key of one zod issue: too long (with the limit), characters not allowed, or not a valid value. */
export function issueKey(issue: z.core.$ZodIssue): string {
  if (issue.code === "too_big" && issue.origin === "string") return withParams(ValidationKey.textTooLong, { max: String(issue.maximum) });
  if (issue.code === "custom" && typeof issue.params?.key === "string") return issue.params.key;
  return ValidationKey.invalidValue;
}

/** The first issue of each top-level field, as field errors. */
export function issueFieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "body")] ??= issueKey(issue);
  return errors;
}

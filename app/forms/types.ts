import type { FieldError } from "~/texts/text-key";
import type { TextKey } from "~/texts/texts";

/** What a failed form post hands back to its page: what was typed (never passwords) and what is wrong. */
export type FieldErrors = Record<string, FieldError>;
/** A message for the whole form: a locale key and its parameters. */
export type FormMessage = { key: TextKey; params?: Record<string, string> };

export type FormFailure = {
  ok: false;
  /** Which form on the page failed (pages can hold more than one). */
  form: string;
  values: Record<string, string>;
  errors: FieldErrors;
  /** The order fields appear in, for the error summary. */
  order: string[];
  message?: FormMessage;
  /** Different for every failed post: the form is rebuilt from it, so nothing stale (a password) stays typed. */
  attempt: string;
  /** A dialog the page opens with this answer (e.g. "hipaa", "send-email"), for flows without JavaScript. */
  open?: string;
};

/** A form answer that hands the page back its values (a failed post, or a step such as opening a dialog). */
export function hasErrors(result: unknown): result is FormFailure {
  return !!result && typeof result === "object" && (result as FormFailure).ok === false;
}

/** Whether the answer reports a problem (field errors or a form message), not only values handed back. */
export function reportsProblem(result: unknown): boolean {
  return hasErrors(result) && (Object.keys(result.errors).length > 0 || !!result.message);
}

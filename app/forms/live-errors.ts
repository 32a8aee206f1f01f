import type { FieldErrors } from "./types";

/** A form's text values as the browser holds them (name -> value), for the re-check after a first submit (ACC-017). */
export type Values = Record<string, string>;

/**
 * What a form shows after a change, once it came back from a submit: a field the patient has changed since shows
 * its rule's answer now (so a fixed field loses its error, and a wrong one gains it); an untouched field keeps what
 * the server said (some answers only the registry can give: a number already registered, a common password).
 */
export function liveErrors(server: FieldErrors, local: FieldErrors, touched: ReadonlySet<string>, order: readonly string[]): FieldErrors {
  const out: FieldErrors = {};
  for (const name of order) {
    const error = touched.has(name) ? local[name] : server[name];
    if (error) out[name] = error;
  }
  return out;
}

import type { Session } from "~/platform/session.server";
import { formAnswer, withoutSecrets } from "./form.server";
import { sessionCookieBytes, WRITE_LIMIT } from "~/platform/session.server";
import type { FormFailure } from "./types";

/**
 * The language switch without JavaScript (docs/decisions/054): on a page whose route names its main form
 * (handle.carryForm), the switch is a submit button of that form posting to /language, so what was typed goes
 * along. The values are kept in the session for the next page load, without passwords, the CSRF token or the
 * button's intent, and only if the cookie keeps room; the page in the other language shows them once.
 */

/** The forms whose values the switch may carry. */
export const CARRIED_FORMS = ["register", "profile"] as const;
export const CARRIED_FORM_MS = 2 * 60 * 1000;

export function isCarriedForm(value: unknown): value is (typeof CARRIED_FORMS)[number] {
  return typeof value === "string" && (CARRIED_FORMS as readonly string[]).includes(value);
}

/** Keeps the posted form's text values; false (nothing kept) when the cookie would grow too large. */
export function carryForm(session: Session, formId: string, form: FormData, basePath: string, now = Date.now()): boolean {
  const typed: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && name !== "intent") typed[name] = value;
  const carried = { form: formId, values: withoutSecrets(typed), expiresAt: now + CARRIED_FORM_MS };
  if (sessionCookieBytes({ ...session.data, carriedForm: carried }, basePath) > WRITE_LIMIT) return false;
  session.set("carriedForm", carried);
  return true;
}

/**
 * The carried values of this form, as a form answer with no error (the page shows them as typed), once: whatever is
 * carried leaves the session at the first page that reads it.
 */
export function takeCarriedForm(session: Session, formId: string, order: readonly string[], now = Date.now()): FormFailure | undefined {
  const carried = session.get("carriedForm");
  if (!carried) return undefined;
  session.unset("carriedForm");
  if (carried.form !== formId || carried.expiresAt <= now || typeof carried.values !== "object") return undefined;
  return formAnswer(formId, carried.values, {}, order, { attempt: `carried-${carried.expiresAt}` });
}

import { data } from "react-router";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { hasDisallowedCharacters, markDisallowedCharacters, textProblem, textRuleOf } from "../../registry/contract/text-rules";
import { withParams } from "../../registry/contract/validation-keys";
import type { Session } from "~/platform/session.server";
import type { FieldErrors, FormFailure, FormMessage } from "./types";

export const CSRF_FIELD = "_csrf";
/** A session with a CSRF token: the patients' or the staff console's (docs/decisions/127). */
type CsrfSession = Session<{ csrf?: string }>;
/** Field names never echoed back to the page. */
const SECRET_FIELDS = new Set(["password", "confirmPassword", "currentPassword", "labStaffKey", CSRF_FIELD]);

/** The session's CSRF token, created on first use. */
export function csrfToken(session: CsrfSession): string {
  let token = session.get("csrf");
  if (!token) {
    token = randomBytes(24).toString("base64url");
    session.set("csrf", token);
  }
  return token;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The one way every action reads its form: parses the body and checks the CSRF token against the session.
 * A missing or wrong token answers 403 and changes nothing.
 */
export async function readForm(request: Request, session: CsrfSession): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ message: "errors.forbidden" }, { status: 400 });
  }
  const sent = form.get(CSRF_FIELD);
  const expected = session.get("csrf");
  if (typeof sent !== "string" || !expected || !sameToken(sent, expected)) {
    throw data({ message: "errors.forbidden" }, { status: 403 });
  }
  return form;
}

/** Text values of the named fields (missing -> ""), for re-rendering and validation. */
export function textFields<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const v = form.get(name);
    out[name] = typeof v === "string" ? v : "";
  }
  return out;
}

/**
 * The text rule of every named field (docs/decisions/026): a value with a character that is not allowed, or longer
 * than its field takes, is a field error ('This field contains characters that are not allowed', 'This field is too
 * long (at most {{max}} characters)'). Every action checks its fields with this before anything else, so such a value
 * never reaches a schema or the registry; formAnswer applies it again to whatever form comes back.
 */
export function inputErrors(values: Record<string, string>, names: readonly string[] = Object.keys(values)): FieldErrors {
  const errors: FieldErrors = {};
  for (const name of names) {
    const value = values[name];
    if (!value) continue;
    const rule = textRuleOf(name);
    const problem = textProblem(value, rule);
    if (problem === "validation.textTooLong") errors[name] = withParams(problem, { max: String(rule.max) });
    else if (problem) errors[name] = problem;
  }
  return errors;
}

/**
 * A value the patient did not type (a hidden field, a link's query parameter: an invite or reset token, the entry
 * referrer): at most `max` characters, or nothing when it holds a character no field takes.
 */
export function linkValue(value: string | null | undefined, max: number): string {
  return !value || hasDisallowedCharacters(value) ? "" : value.slice(0, max);
}

/** Whether a FieldErrors map holds any error. */
export function anyErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * The answer every action gives first when a field breaks its text rule (inputErrors): the form back with what was
 * typed and the errors, 400. Null when every field is fine.
 */
export function inputFailure(form: string, values: Record<string, string>, order: readonly string[], open?: string) {
  return anyErrors(inputErrors(values, order)) ? formFailure(form, values, {}, order, undefined, 400, open) : null;
}

/** What was typed, without the password fields. */
export function withoutSecrets(values: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (!SECRET_FIELDS.has(k)) kept[k] = v;
  return kept;
}

/** The form answer itself (passwords left out), for an action's reply or a loader handing a kept form over. */
export function formAnswer(
  form: string,
  values: Record<string, string>,
  errors: FieldErrors,
  order: readonly string[],
  opts: { message?: FormMessage; open?: string; attempt?: string } = {},
): FormFailure {
  // What was typed comes back as typed (any length), with each character that is not allowed shown as U+FFFD; a
  // field that breaks its text rule says so, whatever else the action found.
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(withoutSecrets(values))) kept[name] = markDisallowedCharacters(value, textRuleOf(name).multiline);
  return {
    ok: false,
    form,
    values: kept,
    errors: { ...errors, ...inputErrors(values, order) },
    order: [...order],
    message: opts.message,
    attempt: opts.attempt ?? randomBytes(6).toString("hex"),
    ...(opts.open ? { open: opts.open } : {}),
  };
}

/** A 400 answer that re-renders the form with what was typed (passwords left out) and the errors. */
export function formFailure(
  form: string,
  values: Record<string, string>,
  errors: FieldErrors,
  order: readonly string[],
  message?: FormMessage,
  status = 400,
  open?: string,
) {
  return data(formAnswer(form, values, errors, order, { message, open }), { status });
}

/**
 * A 200 answer handing the form back as typed (passwords left out), with no error: for a step that needs the
 * server without JavaScript, such as opening a dialog or ticking a box from a dialog, so nothing typed is lost.
 */
export function formKept(form: string, values: Record<string, string>, order: readonly string[], open?: string) {
  return formFailure(form, values, {}, order, undefined, 200, open);
}

import { data } from "@remix-run/node";
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Session } from "../session.server";
import type { FieldErrors, FormFailure, FormMessage } from "./types";

export const CSRF_FIELD = "_csrf";
/** Field names never echoed back to the page. */
const SECRET_FIELDS = new Set(["password", "confirmPassword", "currentPassword", CSRF_FIELD]);

/** The session's CSRF token, created on first use. */
export function csrfToken(session: Session): string {
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
export async function readForm(request: Request, session: Session): Promise<FormData> {
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

/** A 400 answer that re-renders the form with what was typed (passwords left out) and the errors. */
export function formFailure(
  form: string,
  values: Record<string, string>,
  errors: FieldErrors,
  order: readonly string[],
  message?: FormMessage,
  status = 400,
) {
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (!SECRET_FIELDS.has(k)) kept[k] = v;
  const failure: FormFailure = { ok: false, form, values: kept, errors, order: [...order], message, attempt: randomBytes(6).toString("hex") };
  return data(failure, { status });
}

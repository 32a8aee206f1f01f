import { redirect, redirectDocument } from "react-router";
import { STAFF_PENDING_LIMIT_MS } from "../../../registry/contract/staff-accounts";
import { addFlash } from "~/platform/auth.server";
import type { PortalContext } from "~/platform/context";
import { endStaffSignIn, startStaffSignIn } from "~/platform/staff-auth.server";
import { unavailableMessageKey } from "~/registry/client.server";
import { reach } from "~/registry/reach.server";
import { formFailure, inputFailure, linkValue, textFields } from "~/forms/form.server";
import type { FieldErrors, FormMessage } from "~/forms/types";
import { asFieldErrors } from "~/texts/text-key.server";

/**
 * The staff console's two-step sign-in and first-time set-up (docs/decisions/126, 127): the registry judges every
 * password, code and link; these keep the step reached in the staff session's cookie (never a token in a page or a
 * URL) and answer each form as every form of the portal does.
 */

export const SIGN_IN_FIELDS = ["email", "password"] as const;
export const CODE_FIELDS = ["code"] as const;
export const WELCOME_FIELDS = ["password", "confirmPassword"] as const;

/** How long a link's token waits in the cookie for the password to be chosen. */
const LINK_KEPT_MS = 60 * 60 * 1000;

const pendingPage = { code: "/staff/code", setup: "/staff/setup" } as const;

/** The sign-in surge step's verdict on a post (the route passes the patients' one in: docs/decisions/135). */
export type SurgeCheck = (form: FormData) => Promise<{ ok: true; waitMs: number; proved?: boolean } | { ok: false; reason: string }>;

/**
 * POST /staff/sign-in: email and password; then the code (or the authenticator's set-up). During a sign-in surge the
 * post first passes `surge` (the challenge on the page, bound to this browser and address, spent once), as a patient's.
 */
export async function signInAction(form: FormData, context: PortalContext, surge?: SurgeCheck) {
  const values = textFields(form, SIGN_IN_FIELDS);
  const refused = inputFailure("staff-sign-in", values, SIGN_IN_FIELDS);
  if (refused) return refused;
  const fail = (errors: FieldErrors, message?: FormMessage, status = 400) =>
    formFailure("staff-sign-in", values, errors, SIGN_IN_FIELDS, message, status);
  const errors: FieldErrors = {};
  if (!values.email.trim()) errors.email = "validation.emailRequired";
  if (!values.password) errors.password = "validation.passwordRequired";
  if (Object.keys(errors).length) return fail(errors);
  const verdict = surge ? await surge(form) : { ok: true as const, waitMs: 0 };
  if (!verdict.ok)
    return fail(
      {},
      { key: verdict.reason === "unreachable" ? "errors.registryDown" : "staffConsole.signIn.checking" },
      verdict.reason === "unreachable" ? 503 : 429,
    );
  // docs/decisions/134: the wait is parked outside the count of requests in flight.
  if (verdict.waitMs > 0) await (context.park ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))))(verdict.waitMs);
  // A solved proof of work is hashed in the registry's proved lane, as a patient's (docs/decisions/134).
  const sent = await reach(context.registry.staff.signIn(values.email.trim(), values.password, verdict.proved === true));
  if (!sent.reached) return fail({}, { key: unavailableMessageKey(sent.error) }, 503);
  const answer = sent.answer;
  if (answer.status === 429) return fail({}, { key: "staffConsole.signIn.tooMany", params: { seconds: String(answer.retryAfter ?? 60) } }, 429);
  if (!answer.success || !answer.results) return fail({}, { key: "staffConsole.signIn.invalid" }, 401);
  const session = context.staffSession;
  endStaffSignIn(session);
  const { stage, pendingToken } = answer.results;
  session.set("pending", { token: pendingToken, stage, email: values.email.trim(), expiresAt: Date.now() + STAFF_PENDING_LIMIT_MS });
  return redirect(pendingPage[stage]);
}

/** The sign-in half done at `stage`, or the sign-in page (saying why when it ran out). */
export function requirePending(context: PortalContext, stage: "code" | "setup") {
  const session = context.staffSession;
  const pending = session.get("pending");
  if (pending && pending.stage === stage && pending.expiresAt > Date.now()) return pending;
  if (pending) endStaffSignIn(session, { kind: "status", key: "staffConsole.code.startAgain" });
  else if (session.get("token")) throw redirect("/staff");
  else addFlash(session, { kind: "status", key: "staffConsole.session.signInRequired" });
  throw redirect("/staff/sign-in");
}

/** POST /staff/code: the authenticator's code (or a recovery code); the console once it is right. */
export async function codeAction(form: FormData, context: PortalContext) {
  const pending = requirePending(context, "code");
  const values = textFields(form, CODE_FIELDS);
  const refused = inputFailure("staff-code", values, CODE_FIELDS);
  if (refused) return refused;
  const fail = (errors: FieldErrors, message?: FormMessage, status = 400) => formFailure("staff-code", values, errors, CODE_FIELDS, message, status);
  if (!values.code.trim()) return fail({ code: "staffConsole.code.required" });
  const sent = await reach(context.registry.staff.signInCode(pending.token, values.code.trim()));
  if (!sent.reached) return fail({}, { key: unavailableMessageKey(sent.error) }, 503);
  const answer = sent.answer;
  if (answer.success && answer.results) {
    startStaffSignIn(context.staffSession, answer.results);
    // A new document: nothing of the sign-in's pages stays in the tab.
    return redirectDocument("/staff");
  }
  if (answer.errors?.form === "staffAccount.codeWrong") return fail({ code: "staffConsole.code.wrong" }, undefined, 401);
  if (answer.status === 429) return fail({}, { key: "staffConsole.signIn.tooMany", params: { seconds: String(answer.retryAfter ?? 60) } }, 429);
  endStaffSignIn(context.staffSession, { kind: "alert", key: "staffConsole.code.startAgain" });
  return redirect("/staff/sign-in");
}

/** GET /staff/welcome?token=…: the token goes into the cookie and out of the address at once. */
export function keepLinkToken(context: PortalContext, url: URL): Response | null {
  const token = linkValue(url.searchParams.get("token"), 200);
  if (!url.searchParams.has("token")) return null;
  const session = context.staffSession;
  endStaffSignIn(session);
  if (token) session.set("link", { token, expiresAt: Date.now() + LINK_KEPT_MS });
  return redirect("/staff/welcome");
}

/** Whom the link in the cookie is for, or null when there is none or the registry does not know it (used, expired). */
export async function linkHolder(context: PortalContext) {
  const link = context.staffSession.get("link");
  if (!link || link.expiresAt < Date.now()) return { reached: true as const, holder: null };
  const sent = await reach(context.registry.staff.checkLink(link.token));
  if (!sent.reached) return { reached: false as const, holder: null };
  return { reached: true as const, holder: sent.answer.success ? sent.answer.results : null };
}

/** POST /staff/welcome: the new password; then the authenticator's set-up. */
export async function welcomeAction(form: FormData, context: PortalContext) {
  const session = context.staffSession;
  const link = session.get("link");
  const values = textFields(form, WELCOME_FIELDS);
  const refused = inputFailure("staff-welcome", values, WELCOME_FIELDS);
  if (refused) return refused;
  const fail = (errors: FieldErrors, message?: FormMessage, status = 400) =>
    formFailure("staff-welcome", values, errors, WELCOME_FIELDS, message, status);
  if (!link) return fail({}, { key: "staffConsole.welcome.linkInvalid" }, 404);
  const errors: FieldErrors = {};
  if (!values.password) errors.password = "validation.passwordRequired";
  if (!values.confirmPassword) errors.confirmPassword = "validation.confirmPasswordRequired";
  else if (values.password && values.password !== values.confirmPassword) errors.confirmPassword = "validation.passwordsDoNotMatch";
  if (Object.keys(errors).length) return fail(errors);
  const sent = await reach(context.registry.staff.acceptLink(link.token, values.password));
  if (!sent.reached) return fail({}, { key: unavailableMessageKey(sent.error) }, 503);
  const answer = sent.answer;
  if (!answer.success || !answer.results) {
    const { form: reason, ...fieldErrors } = answer.errors ?? {};
    if (Object.keys(fieldErrors).length) return fail(asFieldErrors(fieldErrors));
    if (answer.status === 429) return fail({}, { key: "staffConsole.signIn.tooMany", params: { seconds: String(answer.retryAfter ?? 60) } }, 429);
    return fail(
      {},
      { key: reason === "staffAccount.linkInvalid" ? "staffConsole.welcome.linkInvalid" : "staffConsole.failed" },
      answer.status || 400,
    );
  }
  endStaffSignIn(session);
  session.set("pending", { token: answer.results.pendingToken, stage: "setup", email: "", expiresAt: Date.now() + STAFF_PENDING_LIMIT_MS });
  return redirect("/staff/setup");
}

/** POST /staff/setup: the first code from the app; the recovery codes, shown once. */
export async function setupAction(form: FormData, context: PortalContext) {
  const pending = requirePending(context, "setup");
  const values = textFields(form, CODE_FIELDS);
  const refused = inputFailure("staff-setup", values, CODE_FIELDS);
  if (refused) return refused;
  const fail = (errors: FieldErrors, message?: FormMessage, status = 400) => formFailure("staff-setup", values, errors, CODE_FIELDS, message, status);
  if (!values.code.trim()) return fail({ code: "staffConsole.code.required" });
  const sent = await reach(context.registry.staff.setup(pending.token, values.code.trim()));
  if (!sent.reached) return fail({}, { key: unavailableMessageKey(sent.error) }, 503);
  const answer = sent.answer;
  if (answer.success && answer.results) {
    startStaffSignIn(context.staffSession, answer.results);
    context.staffSession.set("recoveryCodes", answer.results.recoveryCodes);
    return redirectDocument("/staff/recovery-codes");
  }
  if (answer.errors?.form === "staffAccount.codeWrong") return fail({ code: "staffConsole.setup.wrong" }, undefined, 401);
  endStaffSignIn(context.staffSession, { kind: "alert", key: "staffConsole.code.startAgain" });
  return redirect("/staff/sign-in");
}

import { redirect } from "react-router";
import { SignInReason } from "../../../registry/contract/sign-in";
import { AccountClosedReason } from "../../../registry/contract/my-record";
import { signIn } from "~/platform/auth.server";
import { connectionLimitMessage, isConnectionLimit } from "~/forms/limits";
import { reopensAt } from "~/forms/reopens-at";
import { unavailableMessageKey } from "~/registry/client.server";
import { reach } from "~/registry/reach.server";
import { formFailure, inputFailure, textFields } from "~/forms/form.server";
import type { FieldErrors } from "~/forms/types";
import type { TextKey } from "~/texts/texts";
import { claimFor, knownDeviceCookie, readKnownDevice, type KnownDevice } from "./known-device.server";
import type { AuthResult } from "../../../registry/contract/schemas";
import { CHALLENGE_FIELD } from "./proof-of-work";
import { surgeChallenge, surgeStep } from "./sign-in-surge.server";
import type { PortalContext } from "~/platform/context";

const LOGIN_FIELDS = ["email", "password"] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The login dialog's post (ACC-021, ACC-022; docs/decisions/087). A browser with this portal's known-device mark for
 * the email's account says so to the registry (which spares it strangers' failures and hashes it first); any other
 * browser, during a surge of such sign-ins, first shows a solved (or, without JavaScript, aged) challenge. A successful
 * sign-in renews the mark.
 */
export async function loginAction(form: FormData, context: PortalContext, request?: Request) {
  const values = textFields(form, LOGIN_FIELDS);
  const refused = inputFailure("login", values, LOGIN_FIELDS);
  if (refused) return refused;
  const errors: FieldErrors = {};
  if (!values.email.trim()) errors.email = "login.emailRequired";
  if (!values.password) errors.password = "login.passwordRequired";
  // Once the surge step took the post's challenge (spent, or not this browser's), a refusal hands the dialog a fresh
  // one, so the next try is not held back (docs/decisions/135).
  let surged = false;
  const fail = (e: FieldErrors, key?: TextKey, status = 400, params?: Record<string, string>) => {
    const challenge = surged ? surgeChallenge(context, context.session, Date.now()) : undefined;
    const kept = challenge ? { ...values, [CHALLENGE_FIELD]: challenge } : values;
    return formFailure("login", kept, e, LOGIN_FIELDS, key ? { key, params } : undefined, status);
  };
  if (Object.keys(errors).length) return fail(errors);
  const email = values.email.trim();
  const device = readKnownDevice(request?.headers.get("cookie"), context.formKey, context.hostPrefixedCookie);
  const claim = claimFor(device, context.formKey, email);
  // docs/decisions/134: whether this post's browser solved the proof of work (checked here): its hash goes ahead of
  // unproved strangers' in the registry's pool.
  let provedWork = false;
  if (!claim && context.signInSurgePerMinute > 0) {
    // docs/decisions/135: the challenge is this browser's and this address's, spent once through the registry.
    surged = true;
    const verdict = await surgeStep(form, context, context.session);
    if (!verdict.ok) return verdict.reason === "unreachable" ? fail({}, "errors.registryDown", 503) : fail({}, "login.checking", 429);
    if (verdict.waitMs > 0) await (context.park ?? sleep)(verdict.waitMs);
    provedWork = verdict.proved === true;
  }
  const sent = await reach(
    context.registry.authenticate(email, values.password, { clientAddress: context.clientAddress, knownDevice: claim, provedWork }),
  );
  if (!sent.reached) return fail({}, unavailableMessageKey(sent.error), 503);
  const answer = sent.answer;
  // ACC-037: a refusal with a wait says when sign-in opens again (the dialog counts down to it with JavaScript).
  const reopens = answer.status === 429 ? reopensAt(answer.retryAfter, Date.now()) : undefined;
  const at = reopens && { minutes: String(reopens.minutes), time: reopens.utc, until: String(reopens.until) };
  if (isConnectionLimit(answer)) {
    if (at) return fail({}, "login.tooManyAt", 429, at);
    const message = connectionLimitMessage(answer.retryAfter);
    return fail({}, message.key, 429, message.params);
  }
  // docs/decisions/132: over the cap a new browser proves itself by an emailed link (the same answer, right or wrong).
  if (answer.status === 403 && answer.errors?.form === SignInReason.emailLink) return fail({}, "login.emailLink", 403);
  if (answer.status === 403 && answer.errors?.form === AccountClosedReason.closed) return fail({}, "login.accountClosed", 403);
  if (answer.status === 429) return at ? fail({}, "login.lockedOutAt", 429, at) : fail({}, "login.lockedOut", 429);
  if (!answer.success || !answer.results) return fail({}, "login.failed", 401);
  return finishSignIn(context, answer.results, device, email, fail);
}

/**
 * After the registry signed the patient in (a password, or a one-time link): the record's name for the session, the
 * renewed known-device mark, and the next page. `email` is the one typed (null for a link's sign-in).
 */
export async function finishSignIn(
  context: PortalContext,
  results: AuthResult,
  device: KnownDevice | null,
  email: string | null,
  fail: (e: FieldErrors, key?: TextKey, status?: number) => ReturnType<typeof formFailure>,
) {
  const read = await reach(context.registry.passRecord(results.medicalRecordId, results.token));
  if (!read.reached) return fail({}, unavailableMessageKey(read.error), 503);
  const record = read.answer;
  if (!record.success || !record.results) return fail({}, "login.failed", 401);
  signIn(context.session, results, record.results.medicalRecord);
  const cookie = { path: context.basePath, secure: context.isSecure, hostPrefixed: context.hostPrefixedCookie };
  // A link's sign-in proved the password and the mailbox: the browser becomes known for the record's email.
  const mark = knownDeviceCookie(
    device,
    context.formKey,
    { medicalRecordId: results.medicalRecordId, email: email ?? record.results.medicalRecord.email },
    cookie,
  );
  // ACC-052: a profile draft kept from before the last sign-in ended (this patient's only) waits on /profile (114).
  const next = context.session.get("profileDraft") ? "/profile" : "/landing";
  return redirect(next, { headers: { "Set-Cookie": mark } });
}

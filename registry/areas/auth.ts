import { RegistryMessage } from "../contract/envelope";
import { authenticateRequest, authResult, refreshResult, revokeResult, validateTokenResult, type AuthResult } from "../contract/schemas";
import { ValidationKey } from "../contract/validation-keys";
import { findLogin, rehashPassword, revokeTokens } from "../data/accounts";
import { closedAccountPasswordHash } from "../data/account-closure";
import { AccountClosedMessage, AccountClosedReason } from "../contract/my-record";
import { audit } from "../data/audit";
import { overCap, releaseTry, reserveTry, settleFailure, settleSuccess } from "../data/login-throttle";
import {
  KNOWN_DEVICE_HEADER,
  parseKnownDeviceHeader,
  PROVED_WORK_HEADER,
  SIGN_IN_THROTTLE,
  signInLinkRequest,
  SignInMessage,
  SignInReason,
} from "../contract/sign-in";
import { insertSignInLink, spendSignInLink } from "../data/sign-in-links";
import { findRecipient } from "../data/medical-records";
import { hashLinkToken, newLinkToken } from "../domain/one-time-tokens";
import { langOf } from "../messages/index";
import { signInLinkEmail } from "../messages/compose";
import { enqueueForPatient } from "../outbox/enqueue";
import { z } from "zod";
import { issueToken, newSessionId } from "../domain/tokens";
import { createSession, renewSession, touchSession, type SessionOrigin } from "../data/sign-in-sessions";
import { currentOrigin } from "../http/origin";
import { RATE_LIMITS } from "../data/rate-limits";
import { readJsonObject } from "../http/body";
import { limitClientAll, refundHits } from "../http/client";
import type { Ctx } from "../http/context";
import { bearerToken, checkToken, requirePatient } from "../http/patient";
import { ok, reply, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { zodFieldErrors } from "../http/validation";

/** Where the call came from, as the device list shows it (docs/decisions/109). */
function sessionOrigin(): SessionOrigin {
  const origin = currentOrigin();
  return { clientAddress: origin?.clientAddress ?? null, userAgent: origin?.userAgent ?? null };
}

/**
 * Issues a sign-in token for a record: the auth results of PLT-019. Without `sid` a new sign-in (a device in the
 * list, docs/decisions/109) starts; with one, the token is that sign-in's next (refresh), or null when it has ended.
 */
export async function signIn(ctx: Ctx, medicalRecordId: number, sid?: string): Promise<AuthResult> {
  const now = ctx.now();
  const id = sid ?? newSessionId();
  const { token, payload, expires } = issueToken(ctx.settings.tokenSecret, medicalRecordId, now, id);
  const session = { id, medicalRecordId, issuedAt: new Date(payload.iat), expiresAt: expires, origin: sessionOrigin() };
  if (!sid) await createSession(ctx.db, session);
  else if (!(await renewSession(ctx.db, session))) throw new Refusal(401, RegistryMessage.tokenExpired);
  return { token, medicalRecordId, expires: expires.toISOString() };
}

/**
 * POST /authenticate {email, password}: one generic failure whether or not the account exists; ACC-022 as read by
 * docs/decisions/087 and 132. A browser the portal vouches for as a known device of this account (`X-Known-Device`,
 * its entry written under the current password, the device not over its own cap) skips the per-address limits and
 * the unknown devices' throttle, is throttled on its own failures only, and is hashed in the pool's priority lane;
 * a try whose browser solved the portal's proof of work (`X-Proved-Work`) is hashed in the middle lane (134).
 * Any other attempt: first the per-client-address limits (docs/decisions/021: failed attempts, and distinct emails
 * tried), then the unknown devices' throttle. Every try is reserved under the account's lock before any hashing
 * (reserveTry), so concurrent tries of a throttled account are refused. Over the cap (100 failures in a row) an
 * unknown device gets the same answer whether its password is right or wrong (403 errors.form login.emailLink), and a
 * right one emails a one-time sign-in link (NIST SP 800-63B 5.2.2): strangers never force a reset. A successful
 * sign-in gives its per-address hits back.
 */
async function authenticate(ctx: Ctx): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const parsed = authenticateRequest.safeParse({ email: body.email ?? "", password: body.password ?? "" });
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, zodFieldErrors(parsed.error));
  const email = parsed.data.email.trim().toLowerCase();
  const { password } = parsed.data;
  const errors: Record<string, string> = {};
  if (!email) errors.email = ValidationKey.emailRequired;
  if (!password) errors.password = ValidationKey.passwordRequired;
  if (Object.keys(errors).length) throw new Refusal(400, RegistryMessage.badRequest, errors);

  const now = ctx.now();
  const claim = parseKnownDeviceHeader(ctx.request.headers.get(KNOWN_DEVICE_HEADER));
  let login = claim ? await findLogin(ctx.db, email) : undefined;
  // The device id of a known device of this very account, marked under its current password and not over its own
  // cap; null for every other attempt (a stolen mark after a password change is a stranger).
  const device =
    claim && login && login.medicalRecordId === claim.medicalRecordId && markIsCurrent(claim.since, login.passwordChangedAt)
      ? (await overCap(ctx.db, email, claim.deviceId, now))
        ? null
        : claim.deviceId
      : null;
  // Only real tries (a password checked) spend the address's budget: a refusal before any hashing (the account
  // throttled, the hashing pool busy) gives its hits back (docs/decisions/135).
  const hits = device ? [] : await limitClientAll(ctx, [{ limit: RATE_LIMITS.signIn }, { limit: RATE_LIMITS.signInEmails, item: email }]);
  const capped = !device && (await overCap(ctx.db, email, null, now));
  const reservation = await reserveTry(ctx.db, email, device, now);
  if (!reservation.reserved) {
    await refundHits(ctx, hits);
    throw lockedOut(reservation.waitMs);
  }

  if (login === undefined) login = await findLogin(ctx.db, email);
  // The email of an account its owner closed (docs/decisions/107, ACC-046): said plainly to its right password only, a
  // wrong one gets the generic refusal below, so the email alone tells nobody the account existed (131).
  const closedHash = login ? undefined : await closedAccountPasswordHash(ctx.db, email);
  let matches: boolean;
  try {
    // A known device in the priority lane; a try whose browser solved the portal's proof of work (X-Proved-Work, the
    // portal's word like X-Client-Address) in the middle lane, ahead of unproved tries (docs/decisions/134).
    const proved = ctx.request.headers.get(PROVED_WORK_HEADER)?.trim() === "1";
    matches = await ctx.passwords.verify(password, login ? login.passwordHash : closedHash, device ? "priority" : proved ? "proved" : "common");
  } catch (error) {
    // Refused before any hashing (the pool is full, decision 020): no try was made, so none is counted, neither for
    // the account nor for the address (docs/decisions/135).
    await releaseTry(ctx.db, reservation);
    await refundHits(ctx, hits);
    throw error;
  }
  if (!login && closedHash && matches) {
    await releaseTry(ctx.db, reservation);
    await audit(ctx.db, { actor: { kind: "anonymous" }, action: "auth.login.closed", at: now });
    throw new Refusal(403, AccountClosedMessage.closed, { form: AccountClosedReason.closed });
  }
  if (!login || !login.passwordHash || !matches) {
    const outcome = await settleFailure(ctx.db, email, device, now);
    await audit(ctx.db, {
      actor: { kind: "anonymous" },
      action: outcome.overCap ? "auth.login.over-cap" : outcome.throttled ? "auth.login.locked" : "auth.login.failed",
      medicalRecordId: login?.medicalRecordId ?? null,
      at: now,
    });
    if (capped) throw emailLinkAnswer();
    throw new Refusal(401, RegistryMessage.invalidCredentials);
  }
  if (capped) {
    // The right password from a new browser over the cap: proven by the mailbox too. The try stays counted (the
    // throttle treats both answers alike); the run of failures goes on.
    await sendSignInLink(ctx, login.medicalRecordId, now);
    throw emailLinkAnswer();
  }

  await settleSuccess(ctx.db, email, device);
  await refundHits(ctx, hits);
  if (ctx.passwords.needsRehash(login.passwordHash)) {
    await rehashPassword(ctx.db, login.medicalRecordId, await ctx.passwords.hash(password), now);
  }
  await audit(ctx.db, {
    actor: { kind: "patient", id: login.medicalRecordId },
    action: "auth.login",
    medicalRecordId: login.medicalRecordId,
    at: now,
  });
  return ok(await signIn(ctx, login.medicalRecordId));
}

/** A mark's entry counts only when written at or after the account's last password change (docs/decisions/132). */
function markIsCurrent(sinceSeconds: number, passwordChangedAt: Date | null): boolean {
  if (!passwordChangedAt) return true;
  return sinceSeconds >= Math.floor(passwordChangedAt.getTime() / 1000);
}

/** The same answer over the cap whatever the password (docs/decisions/132). */
function emailLinkAnswer(): Refusal {
  return new Refusal(403, SignInMessage.emailLink, { form: SignInReason.emailLink });
}

/**
 * Emails a one-time sign-in link `${PUBLIC_URL}/sign-in-link?h=<token>` (SIGN_IN_THROTTLE.linkLifetimeMs; only the
 * token's hash is stored; the token is in no log). Sent even to an opted-out patient: the patient asked for it.
 */
async function sendSignInLink(ctx: Ctx, medicalRecordId: number, now: Date): Promise<void> {
  const patient = await findRecipient(ctx.db, { id: medicalRecordId });
  if (!patient) return;
  const { token, hash } = newLinkToken();
  const link = `${ctx.settings.publicUrl}/sign-in-link?h=${encodeURIComponent(token)}`;
  await ctx.db.transaction(async (tx) => {
    await insertSignInLink(tx, { medicalRecordId, tokenHash: hash, expiresAt: new Date(now.getTime() + SIGN_IN_THROTTLE.linkLifetimeMs) }, now);
    await enqueueForPatient(tx, ctx.settings, patient, signInLinkEmail(langOf(patient.preferredLanguage), patient.email, link), {
      automated: false,
      now,
    });
    await audit(tx, { actor: { kind: "anonymous" }, action: "auth.login.link-sent", medicalRecordId, at: now });
  });
}

/**
 * POST /sign-in-link {token}: signs in with a one-time link (docs/decisions/132): single use, valid
 * SIGN_IN_THROTTLE.linkLifetimeMs, closed by a password change or reset; 400 errors.form login.linkInvalid otherwise.
 */
async function signInWithLink(ctx: Ctx): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const parsed = signInLinkRequest.safeParse({ token: body.token ?? "" });
  const invalid = new Refusal(400, SignInMessage.linkInvalid, { form: SignInReason.linkInvalid });
  if (!parsed.success || !parsed.data.token) throw invalid;
  const now = ctx.now();
  const id = await spendSignInLink(ctx.db, hashLinkToken(parsed.data.token), now);
  if (id === null) throw invalid;
  await audit(ctx.db, { actor: { kind: "patient", id }, action: "auth.login.link", medicalRecordId: id, at: now });
  return ok(await signIn(ctx, id));
}

/** ACC-022's refusal: 429 'Too many failed sign-in attempts' with the seconds until the next try (Retry-After). */
function lockedOut(waitMs: number): Refusal {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new Refusal(429, RegistryMessage.lockedOut, undefined, { "retry-after": String(seconds) });
}

/**
 * GET /validate-token with `Authorization: Bearer <token>`: always 200; success says whether the token is valid. The
 * spec's `?token=` is refused (400, handler.ts): a token in a URL ends up in logs (docs/decisions/085).
 */
async function validateToken(ctx: Ctx): Promise<Response> {
  const token = bearerToken(ctx.request);
  if (!token) return reply(200, { success: false, results: null, message: RegistryMessage.tokenNotFound });
  // Read from the database: the portal keeps this answer for a second itself (docs/decisions/023, 070).
  const payload = await checkToken(ctx, token, { fresh: true });
  if (!payload) return reply(200, { success: false, results: null, message: RegistryMessage.tokenExpired });
  // The portal asks at most once a second per token: "last used" of the device list (written once a minute at most).
  if (payload.sid) await touchSession(ctx.db, payload.sid, ctx.now(), sessionOrigin());
  return ok({ medicalRecordId: payload.sub });
}

/** GET /refresh-token with the bearer header: a new 30-minute token for a valid one; 401 with success false otherwise. */
async function refreshToken(ctx: Ctx): Promise<Response> {
  const token = bearerToken(ctx.request);
  if (!token) throw new Refusal(401, RegistryMessage.tokenNotFound);
  // Read from the database: a new token must never come from a revoked one (docs/decisions/070).
  const payload = await checkToken(ctx, token, { fresh: true });
  if (!payload) throw new Refusal(401, RegistryMessage.tokenExpired);
  // The same sign-in (device) when the token has one; a token from before sign-ins had ids starts one.
  const { token: fresh, expires } = await signIn(ctx, payload.sub, payload.sid);
  return ok({ token: fresh, expires });
}

/**
 * POST /revoke-token with `Authorization: Bearer <token>` (not in the spec's call table; ACC-032 "signing out
 * is real"): every token of the account issued before now stops working, on every device.
 */
async function revokeToken(ctx: Ctx): Promise<Response> {
  const payload = await requirePatient(ctx);
  const now = ctx.now();
  await revokeTokens(ctx.db, payload.sub, now);
  ctx.revocations.forget(payload.sub);
  await audit(ctx.db, { actor: { kind: "patient", id: payload.sub }, action: "auth.revoke", medicalRecordId: payload.sub, at: now });
  return ok({ tokensValidAfter: now.toISOString() });
}

/** The portal's word that the browser is a known device of the account (docs/decisions/087). */
const knownDevice = z.object({
  [KNOWN_DEVICE_HEADER]: z.string().optional().describe("`<device id>.<medical record id>`, sent by the portal only (docs/decisions/087)."),
  [PROVED_WORK_HEADER]: z
    .string()
    .optional()
    .describe("`1`: the browser solved the sign-in proof of work, as the portal verified; sent by the portal only (docs/decisions/134)."),
});

export const authRoutes: Route<Ctx>[] = [
  {
    method: "POST",
    pattern: "/authenticate",
    handle: authenticate,
    doc: {
      summary: "Sign in with email and password: a 30-minute token.",
      auth: "none",
      body: authenticateRequest,
      headers: knownDevice,
      answer: authResult,
    },
  },
  {
    method: "POST",
    pattern: "/sign-in-link",
    handle: signInWithLink,
    doc: {
      summary: "Sign in with a one-time link emailed after the right password from a new browser over the cap.",
      auth: "none",
      body: signInLinkRequest,
      answer: authResult,
    },
  },
  {
    method: "GET",
    pattern: "/validate-token",
    handle: validateToken,
    doc: { summary: "Whether the bearer token is valid (always 200; success says).", auth: ["none", "patient"], answer: validateTokenResult },
  },
  {
    method: "GET",
    pattern: "/refresh-token",
    handle: refreshToken,
    doc: { summary: "A new 30-minute token for a valid one.", auth: "patient", answer: refreshResult },
  },
  {
    method: "POST",
    pattern: "/revoke-token",
    handle: revokeToken,
    doc: { summary: "Sign out everywhere: every token issued before now stops working.", auth: "patient", answer: revokeResult },
  },
];

import { RegistryMessage } from "../contract/envelope";
import { authenticateRequest, authResult, refreshResult, revokeResult, validateTokenResult, type AuthResult } from "../contract/schemas";
import { ValidationKey } from "../contract/validation-keys";
import { findLogin, rehashPassword, revokeTokens } from "../data/accounts";
import { closedAccountPasswordHash } from "../data/account-closure";
import { AccountClosedMessage, AccountClosedReason } from "../contract/my-record";
import { audit } from "../data/audit";
import { recordLoginFailure, recordLoginSuccess, resetRequired, signInWaitMs } from "../data/login-throttle";
import { KNOWN_DEVICE_HEADER, parseKnownDeviceHeader, SignInMessage, SignInReason } from "../contract/sign-in";
import { z } from "zod";
import { issueToken, newSessionId } from "../domain/tokens";
import { createSession, renewSession, touchSession, type SessionOrigin } from "../data/sign-in-sessions";
import { currentOrigin } from "../http/origin";
import { RATE_LIMITS } from "../data/rate-limits";
import { readJsonObject } from "../http/body";
import { limitClient, refundHits } from "../http/client";
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
 * docs/decisions/087. A browser the portal vouches for as a known device of this account (`X-Known-Device`) skips the
 * per-address limits, the unknown devices' throttle and the cap, is throttled on its own failures only, and is hashed
 * in the pool's priority lane. Any other attempt: first the per-client-address limits (docs/decisions/021: failed
 * attempts, and distinct emails tried), then the cap (100 failures in a row: reset the password), then the unknown
 * devices' throttle (after 10 failures in 15 minutes, one try a minute), all before any hashing. A successful sign-in
 * gives its per-address hits back.
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

  const claim = parseKnownDeviceHeader(ctx.request.headers.get(KNOWN_DEVICE_HEADER));
  let login = claim ? await findLogin(ctx.db, email) : undefined;
  // The device id of a known device of this very account; null for every other attempt.
  const device = claim && login && login.medicalRecordId === claim.medicalRecordId ? claim.deviceId : null;
  const hits = device ? [] : [...(await limitClient(ctx, RATE_LIMITS.signIn)), ...(await limitClient(ctx, RATE_LIMITS.signInEmails, email))];
  const now = ctx.now();
  if (!device && (await resetRequired(ctx.db, email))) {
    throw new Refusal(403, SignInMessage.resetRequired, { form: SignInReason.resetRequired });
  }
  const waitMs = await signInWaitMs(ctx.db, email, device, now);
  if (waitMs > 0) throw lockedOut(waitMs);

  if (login === undefined) login = await findLogin(ctx.db, email);
  // The email of an account its owner closed (docs/decisions/107, ACC-046): said plainly to its right password only, a
  // wrong one gets the generic refusal below, so the email alone tells nobody the account existed (131).
  const closedHash = login ? undefined : await closedAccountPasswordHash(ctx.db, email);
  const matches = await ctx.passwords.verify(password, login ? login.passwordHash : closedHash, device ? "priority" : "common");
  if (!login && closedHash && matches) {
    await audit(ctx.db, { actor: { kind: "anonymous" }, action: "auth.login.closed", at: now });
    throw new Refusal(403, AccountClosedMessage.closed, { form: AccountClosedReason.closed });
  }
  if (!login || !login.passwordHash || !matches) {
    const outcome = await recordLoginFailure(ctx.db, email, now, device);
    await audit(ctx.db, {
      actor: { kind: "anonymous" },
      action: outcome.resetRequired ? "auth.login.reset-required" : outcome.throttled ? "auth.login.locked" : "auth.login.failed",
      medicalRecordId: login?.medicalRecordId ?? null,
      at: now,
    });
    throw new Refusal(401, RegistryMessage.invalidCredentials);
  }

  await recordLoginSuccess(ctx.db, email, device);
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

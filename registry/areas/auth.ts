import { RegistryMessage } from "../contract/envelope";
import { authenticateRequest, type AuthResult } from "../contract/schemas";
import { ValidationKey } from "../contract/validation-keys";
import { findLogin, rehashPassword, revokeTokens } from "../data/accounts";
import { audit } from "../data/audit";
import { clearLoginFailures, lockedUntil, recordLoginFailure } from "../data/login-throttle";
import { issueToken } from "../domain/tokens";
import { RATE_LIMITS } from "../data/rate-limits";
import { readJsonObject } from "../http/body";
import { limitClient, refundHits } from "../http/client";
import type { Ctx } from "../http/context";
import { bearerToken, checkToken, requirePatient } from "../http/patient";
import { ok, reply, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { zodFieldErrors } from "../http/validation";

/** Issues a sign-in token for a record: the auth results of PLT-019. */
export function signIn(ctx: Ctx, medicalRecordId: number): AuthResult {
  const { token, expires } = issueToken(ctx.settings.tokenSecret, medicalRecordId, ctx.now());
  return { token, medicalRecordId, expires: expires.toISOString() };
}

/**
 * POST /authenticate {email, password}: one generic failure whether or not the account exists; lockout of ACC-022.
 * Before any hashing, the per-client-address limits (docs/decisions/021): failed attempts, and distinct emails
 * tried (spraying); a successful sign-in gives its hits back.
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

  const hits = [...(await limitClient(ctx, RATE_LIMITS.signIn)), ...(await limitClient(ctx, RATE_LIMITS.signInEmails, email))];
  const now = ctx.now();
  const locked = await lockedUntil(ctx.db, email, now);
  if (locked) throw lockedOut(locked, now);

  const login = await findLogin(ctx.db, email);
  const matches = await ctx.passwords.verify(password, login?.passwordHash);
  if (!login || !login.passwordHash || !matches) {
    const lockedNow = await recordLoginFailure(ctx.db, email, now);
    await audit(ctx.db, {
      actor: { kind: "anonymous" },
      action: lockedNow ? "auth.login.locked" : "auth.login.failed",
      medicalRecordId: login?.medicalRecordId ?? null,
      at: now,
    });
    throw new Refusal(401, RegistryMessage.invalidCredentials);
  }

  await clearLoginFailures(ctx.db, email);
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
  return ok(signIn(ctx, login.medicalRecordId));
}

function lockedOut(until: Date, now: Date): Refusal {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new Refusal(429, RegistryMessage.lockedOut, undefined, { "retry-after": String(seconds) });
}

/** The token of `?token=`, else of the bearer header. */
function tokenOf(ctx: Ctx): string | null {
  return ctx.url.searchParams.get("token") || bearerToken(ctx.request);
}

/** GET /validate-token?token=: always 200; success says whether the token is valid. */
async function validateToken(ctx: Ctx): Promise<Response> {
  const token = tokenOf(ctx);
  if (!token) return reply(200, { success: false, results: null, message: RegistryMessage.tokenNotFound });
  // Read from the database: the portal keeps this answer for a second itself (docs/decisions/023, 070).
  const payload = await checkToken(ctx, token, { fresh: true });
  if (!payload) return reply(200, { success: false, results: null, message: RegistryMessage.tokenExpired });
  return ok({ medicalRecordId: payload.sub });
}

/** GET /refresh-token?token=: a new 30-minute token for a valid one; 401 with success false otherwise. */
async function refreshToken(ctx: Ctx): Promise<Response> {
  const token = tokenOf(ctx);
  if (!token) throw new Refusal(401, RegistryMessage.tokenNotFound);
  // Read from the database: a new token must never come from a revoked one (docs/decisions/070).
  const payload = await checkToken(ctx, token, { fresh: true });
  if (!payload) throw new Refusal(401, RegistryMessage.tokenExpired);
  const { token: fresh, expires } = signIn(ctx, payload.sub);
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

export const authRoutes: Route<Ctx>[] = [
  { method: "POST", pattern: "/authenticate", handle: authenticate },
  { method: "GET", pattern: "/validate-token", handle: validateToken },
  { method: "GET", pattern: "/refresh-token", handle: refreshToken },
  { method: "POST", pattern: "/revoke-token", handle: revokeToken },
];

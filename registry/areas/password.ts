import { z } from "zod";
import { AccountMessage, RESET_STATUS_TEXT, ResetStatus, resetPasswordRequest, resetResult, type ResetResult } from "../contract/accounts";
import { RegistryMessage } from "../contract/envelope";
import { isValidEmail } from "../contract/registration";
import { ValidationKey } from "../contract/validation-keys";
import { changePassword, ensureAccount } from "../data/accounts";
import { audit } from "../data/audit";
import { clearLockout } from "../data/login-throttle";
import { findRecipient } from "../data/medical-records";
import { findPasswordReset, insertPasswordReset, usePasswordReset } from "../data/password-resets";
import { RATE_LIMITS, takeRateLimit } from "../data/rate-limits";
import { limitClient } from "../http/client";
import { newLinkToken, hashLinkToken } from "../domain/one-time-tokens";
import { passwordProblem } from "../domain/passwords";
import { langOf } from "../messages/index";
import { resetPasswordEmail } from "../messages/compose";
import { enqueueForPatient } from "../outbox/enqueue";
import { notifyPasswordChanged } from "../outbox/security-notice";
import { readJsonObject } from "../http/body";
import type { Ctx } from "../http/context";
import { ok, reply, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { zodFieldErrors } from "../http/validation";

/** ACC-024: reset links are single use and valid 60 minutes. */
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

/** English reasons of a refused password (statusId 5); errors.password carries the key to translate. */
const PASSWORD_REASON: Record<string, string> = {
  [ValidationKey.passwordRequired]: "A password is required",
  [ValidationKey.passwordTooShort]: "Your password must be at least 12 characters long",
  [ValidationKey.passwordTooLong]: "Your password must be at most 128 characters long",
  [ValidationKey.passwordCommon]: "This password is too common and easy to guess. Please choose another one",
};

/**
 * POST /forgot-password?emailAddress= (no body): 429 over the per-client-address limit (docs/decisions/021, which
 * says nothing about any account); otherwise always 200 success, whether or not the account exists and also when
 * rate-limited per email (5 per email per hour), so the answer reveals nothing. For an existing account, queues an email
 * with a single-use link `${PUBLIC_URL}/reset-password?h=<token>` (ACC-024, PLT-017; /register?h= still works) (only the token's hash is stored). Sent even to an
 * opted-out patient: the patient asked for it (PLT-016).
 */
async function forgotPassword(ctx: Ctx): Promise<Response> {
  await limitClient(ctx, RATE_LIMITS.forgotPasswordClient);
  const email = (ctx.url.searchParams.get("emailAddress") ?? "").trim().toLowerCase();
  const now = ctx.now();
  if (email.length <= 254 && isValidEmail(email)) {
    const { allowed } = await takeRateLimit(ctx.db, RATE_LIMITS.forgotPassword, email, now);
    const patient = allowed ? await findRecipient(ctx.db, { email }) : null;
    if (patient) {
      const { token, hash } = newLinkToken();
      const link = `${ctx.settings.publicUrl}/reset-password?h=${encodeURIComponent(token)}`;
      await ctx.db.transaction(async (tx) => {
        await insertPasswordReset(
          tx,
          { medicalRecordId: patient.id, tokenHash: hash, expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS) },
          now,
        );
        await enqueueForPatient(tx, ctx.settings, patient, resetPasswordEmail(langOf(patient.preferredLanguage), patient.email, link), {
          automated: false,
          now,
        });
        await audit(tx, { actor: { kind: "anonymous" }, action: "auth.reset.requested", medicalRecordId: patient.id, at: now });
      });
    }
  }
  return ok(null, AccountMessage.forgotPasswordSent);
}

/**
 * POST /reset-password {token, email, password} (ACC-024): 200 with results {statusId, status} (ResetStatus); success
 * is true only for statusId 1. A refused password (5) also names its key in errors.password and keeps the link usable.
 * Success stores the new hash, uses the link (and closes the account's other links), revokes every earlier session,
 * lifts a sign-in lockout and sends the security notice (docs/decisions/088).
 */
async function resetPassword(ctx: Ctx): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const parsed = resetPasswordRequest.safeParse({ token: body.token ?? "", email: body.email ?? "", password: body.password ?? "" });
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, zodFieldErrors(parsed.error));
  const { token, password } = parsed.data;
  const email = parsed.data.email.trim().toLowerCase();
  const now = ctx.now();

  const reset = token ? await findPasswordReset(ctx.db, hashLinkToken(token)) : null;
  if (!reset || reset.usedAt) return resetAnswer(ResetStatus.LinkInvalid);
  if (reset.expiresAt.getTime() <= now.getTime()) return resetAnswer(ResetStatus.LinkExpired);
  const patient = await findRecipient(ctx.db, { id: reset.medicalRecordId });
  if (!patient || patient.email !== email) return resetAnswer(ResetStatus.EmailMismatch);
  const problem = passwordProblem(password);
  if (problem) return resetAnswer(ResetStatus.PasswordRejected, problem);

  const passwordHash = await ctx.passwords.hash(password);
  const used = await ctx.db.transaction(async (tx) => {
    if (!(await usePasswordReset(tx, reset, now))) return false;
    await ensureAccount(tx, patient.id, now);
    await changePassword(tx, patient.id, passwordHash, now);
    await clearLockout(tx, patient.email);
    await notifyPasswordChanged(tx, ctx.settings, patient.id, "reset", now);
    await audit(tx, { actor: { kind: "patient", id: patient.id }, action: "auth.password.reset", medicalRecordId: patient.id, at: now });
    return true;
  });
  if (used) ctx.revocations.forget(patient.id);
  return resetAnswer(used ? ResetStatus.Success : ResetStatus.LinkInvalid);
}

function resetAnswer(statusId: number, passwordKey?: string): Response {
  const status = passwordKey ? (PASSWORD_REASON[passwordKey] ?? RESET_STATUS_TEXT[statusId]!) : RESET_STATUS_TEXT[statusId]!;
  const results: ResetResult = { statusId, status };
  return reply(200, {
    success: statusId === ResetStatus.Success,
    results,
    message: status,
    ...(passwordKey ? { errors: { password: passwordKey } } : {}),
  });
}

export const passwordRoutes: Route<Ctx>[] = [
  {
    method: "POST",
    pattern: "/forgot-password",
    handle: forgotPassword,
    doc: {
      summary: "Email a single-use reset link when the account exists (the answer is the same either way).",
      auth: "none",
      query: z.object({ emailAddress: z.string().describe("The account's email address.") }),
      answer: z.null(),
    },
  },
  {
    method: "POST",
    pattern: "/reset-password",
    handle: resetPassword,
    doc: {
      summary: "Set a new password with a reset link's token (statusId 1 is success).",
      auth: "none",
      body: resetPasswordRequest,
      answer: resetResult,
    },
  },
];

import { RegistryMessage } from "../contract/envelope";
import { ValidationKey } from "../contract/validation-keys";
import { findPasswordHash } from "../data/accounts";
import { audit } from "../data/audit";
import { recordLoginFailure, signInWaitMs } from "../data/login-throttle";
import { findRecipient } from "../data/medical-records";
import type { Ctx } from "../http/context";
import { Refusal } from "../http/respond";

/**
 * The account's current password, asked before a change of the password or of the sign-in email (ASVS 2.1.6;
 * docs/decisions/025): 400 errors.currentPassword when empty or wrong. A wrong one counts toward the sign-in lockout
 * of ACC-022 (so a copied session cannot guess it), counted with the unknown devices (docs/decisions/087), and while
 * those are throttled every one is refused (429).
 */
export async function checkCurrentPassword(ctx: Ctx, id: number, currentPassword: string, now: Date, action: string): Promise<void> {
  if (currentPassword === "") throw new Refusal(400, RegistryMessage.badRequest, { currentPassword: ValidationKey.currentPasswordRequired });
  const patient = await findRecipient(ctx.db, { id });
  if (!patient) throw new Refusal(404, RegistryMessage.notFound);
  if (await signInWaitMs(ctx.db, patient.email, null, now)) {
    throw new Refusal(429, RegistryMessage.lockedOut, { currentPassword: ValidationKey.currentPasswordLocked });
  }
  const stored = await findPasswordHash(ctx.db, id);
  if (stored && (await ctx.passwords.verify(currentPassword, stored))) return;
  const locked = (await recordLoginFailure(ctx.db, patient.email, now)).throttled;
  await audit(ctx.db, { actor: { kind: "patient", id }, action: `${action}.refused`, medicalRecordId: id, at: now });
  throw new Refusal(locked ? 429 : 400, locked ? RegistryMessage.lockedOut : RegistryMessage.badRequest, {
    currentPassword: locked ? ValidationKey.currentPasswordLocked : ValidationKey.currentPasswordWrong,
  });
}

import { RegistryMessage } from "../contract/envelope";
import { ValidationKey } from "../contract/validation-keys";
import { findPasswordHash } from "../data/accounts";
import { audit } from "../data/audit";
import { CURRENT_PASSWORD, overCap, releaseTry, reserveTry, settleFailure, settleSuccess } from "../data/login-throttle";
import { findRecipient } from "../data/medical-records";
import type { Ctx } from "../http/context";
import { Refusal } from "../http/respond";

/**
 * The account's current password, asked before a change of the password or of the sign-in email and before closing
 * the account (ASVS 2.1.6; docs/decisions/025): 400 errors.currentPassword when empty or wrong. The signed-in owner's
 * tries have a budget of their own (docs/decisions/132, class CURRENT_PASSWORD): strangers throttling the account's
 * sign-in never refuse the owner's right current password; the owner's own wrong ones (or a copied session's guesses)
 * are throttled like sign-ins (after 10 within 15 minutes, one a minute: 429), reserved before hashing, and after 100
 * in a row refused until a password reset.
 */
export async function checkCurrentPassword(ctx: Ctx, id: number, currentPassword: string, now: Date, action: string): Promise<void> {
  if (currentPassword === "") throw new Refusal(400, RegistryMessage.badRequest, { currentPassword: ValidationKey.currentPasswordRequired });
  const patient = await findRecipient(ctx.db, { id });
  if (!patient) throw new Refusal(404, RegistryMessage.notFound);
  const locked = () => new Refusal(429, RegistryMessage.lockedOut, { currentPassword: ValidationKey.currentPasswordLocked });
  if (await overCap(ctx.db, patient.email, CURRENT_PASSWORD, now)) throw locked();
  const reservation = await reserveTry(ctx.db, patient.email, CURRENT_PASSWORD, now);
  if (!reservation.reserved) throw locked();
  const stored = await findPasswordHash(ctx.db, id);
  let right: boolean;
  try {
    right = !!stored && (await ctx.passwords.verify(currentPassword, stored));
  } catch (error) {
    // Refused before any hashing (the pool is full, decision 020): no try was made, so none is counted.
    await releaseTry(ctx.db, reservation);
    throw error;
  }
  if (right) {
    await settleSuccess(ctx.db, patient.email, CURRENT_PASSWORD);
    return;
  }
  const outcome = await settleFailure(ctx.db, patient.email, CURRENT_PASSWORD, now);
  await audit(ctx.db, { actor: { kind: "patient", id }, action: `${action}.refused`, medicalRecordId: id, at: now });
  if (outcome.throttled) throw locked();
  throw new Refusal(400, RegistryMessage.badRequest, { currentPassword: ValidationKey.currentPasswordWrong });
}

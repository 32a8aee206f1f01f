import { AuthPreference } from "../contract/enums";
import { RegistryMessage } from "../contract/envelope";
import { phoneDigits } from "../contract/phone";
import { isoToday, registrationErrors, registrationPayload, type RegistrationPayload } from "../contract/registration";
import { ValidationKey } from "../contract/validation-keys";
import { insertAccount } from "../data/accounts";
import { audit } from "../data/audit";
import { EMAIL_UNIQUE, emailInUse, insertMedicalRecord, PHONE_UNIQUE, phoneInUse } from "../data/medical-records";
import { uniqueViolation } from "../db/errors";
import { hashPassword, isCommonPassword } from "../domain/passwords";
import { readJsonObject } from "../http/body";
import type { Ctx } from "../http/context";
import { ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { definedErrors, hasErrors, nonScalarFields, zodFieldErrors } from "../http/validation";
import { signIn } from "./auth";

/** POST /register (000 §7): validates, creates the medical record and its account, signs the patient in. */
async function register(ctx: Ctx): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const typeErrors = nonScalarFields(body);
  if (hasErrors(typeErrors)) throw new Refusal(400, RegistryMessage.badRequest, typeErrors);
  const parsed = registrationPayload.safeParse(body);
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, zodFieldErrors(parsed.error));
  const payload = parsed.data;
  const now = ctx.now();

  const errors = definedErrors(registrationErrors(payload, isoToday(now)));
  if (!errors.password && isCommonPassword(payload.password)) errors.password = ValidationKey.passwordCommon;
  if (payload.authenticationPreference !== AuthPreference.Email && payload.authenticationPreference !== AuthPreference.Phone) {
    errors.authenticationPreference = ValidationKey.invalidValue;
  }
  if (hasErrors(errors)) throw new Refusal(400, RegistryMessage.badRequest, errors);

  // Invite tokens (`?token=`, 000 §2.3, D5) and address validation against bundled ZIP data (`?addrConfirmed=true`,
  // D7) are not built yet. They belong here, before anything is stored: an invalid invite refuses, an unconfirmed
  // address answers `addressValidation` (contract registerAnswer) with success false.

  await refuseTaken(ctx, payload);
  const passwordHash = await hashPassword(payload.password, ctx.settings.scrypt);
  let medicalRecordId: number;
  try {
    medicalRecordId = await ctx.db.transaction(async (tx) => {
      const id = await insertMedicalRecord(tx, payload, now);
      await insertAccount(tx, { medicalRecordId: id, authenticationPreference: payload.authenticationPreference, passwordHash }, now);
      await audit(tx, { actor: { kind: "patient", id }, action: "account.register", medicalRecordId: id, at: now });
      return id;
    });
  } catch (error) {
    // Another registration with the same email or phone won the race since refuseTaken looked.
    const constraint = uniqueViolation(error);
    if (constraint === EMAIL_UNIQUE) throw taken({ email: ValidationKey.emailTaken });
    if (constraint === PHONE_UNIQUE) throw taken({ phoneNumber: ValidationKey.phoneTaken });
    throw error;
  }
  return ok(signIn(ctx, medicalRecordId));
}

/** DECISIONS D6: email unique in lower case, primary phone unique by its digits. */
async function refuseTaken(ctx: Ctx, payload: RegistrationPayload): Promise<void> {
  const errors: Record<string, string> = {};
  if (await emailInUse(ctx.db, payload.email)) errors.email = ValidationKey.emailTaken;
  if (await phoneInUse(ctx.db, phoneDigits(payload.phoneNumber))) errors.phoneNumber = ValidationKey.phoneTaken;
  if (hasErrors(errors)) throw taken(errors);
}

function taken(errors: Record<string, string>): Refusal {
  return new Refusal(400, errors.email ? RegistryMessage.emailTaken : RegistryMessage.phoneTaken, errors);
}

export const registerRoutes: Route<Ctx>[] = [{ method: "POST", pattern: "/register", handle: register }];

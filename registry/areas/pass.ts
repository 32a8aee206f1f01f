import { AccountMessage, optResult, updatePasswordRequest, type OptResult } from "../contract/accounts";
import { AuthPreference, Country, OptInOutType, PhoneRuleResult } from "../contract/enums";
import { RegistryMessage } from "../contract/envelope";
import { phoneProblem, phoneRules, storedPhone } from "../contract/phone";
import { addressErrors, isoToday, personErrors, phoneProblemKey, registrationPayload } from "../contract/registration";
import { addressValidation, medicalRecord, passRecord as passRecordSchema, refreshResult } from "../contract/schemas";
import { ValidationKey } from "../contract/validation-keys";
import { changePassword, findAccount } from "../data/accounts";
import { audit } from "../data/audit";
import { findMedicalRecord, findRecipient, setOptedOut, updateProfile, updateValidatedFields } from "../data/medical-records";
import { clearLockout } from "../data/login-throttle";
import { readPassRecord } from "../data/pass-records";
import { closePasswordResets } from "../data/password-resets";
import { passwordProblem } from "../domain/passwords";
import { notifyPasswordChanged } from "../outbox/security-notice";
import { readJsonObject } from "../http/body";
import type { Ctx } from "../http/context";
import { requireOwnRecord } from "../http/patient";
import { ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { definedErrors, hasErrors, nonScalarFields, zodFieldErrors } from "../http/validation";
import { addressPrompt, addressQuery } from "./address";
import { signIn } from "./auth";
import { checkCurrentPassword } from "./current-password";

/** The profile's fields (UPDATE_MEDICAL_RECORD_FIELDS), coerced as at registration. */
const profileFields = registrationPayload.pick({
  firstName: true,
  middleInitial: true,
  lastName: true,
  preferredName: true,
  birthDate: true,
  addressLine1: true,
  addressLine2: true,
  city: true,
  usState: true,
  province: true,
  postalCode: true,
  preferredLanguage: true,
  gender: true,
  country: true,
});

/** The patient-validation fields (VALIDATED_RECORD_FIELDS) that are written; email and phoneNumber are read-only. */
const validatedFields = registrationPayload.pick({
  firstName: true,
  middleInitial: true,
  lastName: true,
  birthDate: true,
  preferredName: true,
  preferredLanguage: true,
  gender: true,
  phoneNumberSecondary: true,
});

async function recordOrNotFound(ctx: Ctx, id: number) {
  const record = await findMedicalRecord(ctx.db, id);
  if (!record) throw new Refusal(404, RegistryMessage.notFound);
  return record;
}

/** A JSON object body whose fields hold plain values (400 with invalidValue for objects and arrays). */
async function readFields(ctx: Ctx): Promise<Record<string, unknown>> {
  const body = await readJsonObject(ctx.request);
  const typeErrors = nonScalarFields(body);
  if (hasErrors(typeErrors)) throw new Refusal(400, RegistryMessage.badRequest, typeErrors);
  return body;
}

/**
 * GET /api/pass/{id}: the patient's own medical record, account and screenings, audited as read: one statement
 * (docs/decisions/070), with no other when the token's revocation time is in memory.
 */
async function passRecord(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const id = await requireOwnRecord(ctx, params.id);
  const results = await readPassRecord(ctx.db, id, ctx.now());
  if (!results) throw new Refusal(404, RegistryMessage.notFound);
  return ok(results);
}

/** GET /api/pass/record/{id}: the patient's medical record alone. */
async function patientData(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const id = await requireOwnRecord(ctx, params.id);
  const medicalRecord = await recordOrNotFound(ctx, id);
  await audit(ctx.db, { actor: { kind: "patient", id }, action: "record.read", medicalRecordId: id, at: ctx.now() });
  return ok(medicalRecord);
}

/**
 * POST /api/pass/{id}/update-medical-record (profile, ACC-029): the personal and address fields, checked
 * with the registration's rules and, for a US address, against the ZIP data (ACC-008; `?addrConfirmed=true` accepts it
 * as typed). Results: the updated medical record.
 */
async function updateMedicalRecord(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const id = await requireOwnRecord(ctx, params.id);
  const parsed = profileFields.safeParse(await readFields(ctx));
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, zodFieldErrors(parsed.error));
  const p = parsed.data;
  const now = ctx.now();
  const errors = definedErrors({ ...personErrors(p, isoToday(now)), ...addressErrors(p) });
  if (hasErrors(errors)) throw new Refusal(400, RegistryMessage.badRequest, errors);
  const current = await recordOrNotFound(ctx, id);
  const prompt = addressPrompt(ctx, p, current);
  if (prompt) return prompt;
  await ctx.db.transaction(async (tx) => {
    await updateProfile(tx, id, p, now);
    await audit(tx, { actor: { kind: "patient", id }, action: "record.update.profile", medicalRecordId: id, at: now });
  });
  return ok(await recordOrNotFound(ctx, id), AccountMessage.profileUpdated);
}

/**
 * POST /api/pass/{id}/medical-record (screening's patient validation, SCR-011): names, birth date, language, gender
 * and the secondary phone (by the phone rules of the account's preference). Email and primary phone are read-only
 * there: whatever is sent for them is ignored. Preferred name is optional there. Results: the updated medical record.
 */
async function validateMedicalRecord(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const id = await requireOwnRecord(ctx, params.id);
  const parsed = validatedFields.safeParse(await readFields(ctx));
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, zodFieldErrors(parsed.error));
  const v = parsed.data;
  const now = ctx.now();
  const current = await recordOrNotFound(ctx, id);
  const account = await findAccount(ctx.db, id);
  const { preferredName: _optionalHere, ...person } = personErrors(v, isoToday(now));
  const errors = definedErrors({
    ...person,
    phoneNumberSecondary: secondaryPhoneError(
      current.phoneNumber,
      v.phoneNumberSecondary,
      current.country,
      account?.authenticationPreference ?? AuthPreference.Email,
    ),
  });
  if (hasErrors(errors)) throw new Refusal(400, RegistryMessage.badRequest, errors);
  await ctx.db.transaction(async (tx) => {
    await updateValidatedFields(tx, id, { ...v, phoneNumberSecondary: storedPhone(v.phoneNumberSecondary, current.country) }, now);
    await audit(tx, { actor: { kind: "patient", id }, action: "record.update.validated", medicalRecordId: id, at: now });
  });
  return ok(await recordOrNotFound(ctx, id), AccountMessage.recordUpdated);
}

/** The secondary phone by the phone rules of ACC-014 (Required with the email preference and no primary phone). */
function secondaryPhoneError(primary: string, secondary: string, country: number, preference: number): string | undefined {
  const rule = phoneRules(preference, primary, secondary, country).secondary;
  if (rule === PhoneRuleResult.Required) return ValidationKey.phoneRequired;
  if (rule !== PhoneRuleResult.Invalid) return undefined;
  // An impossible North American number, or another country's, says so (docs/decisions/090).
  const problem = phoneProblem(secondary, country);
  if (problem && problem !== "invalid") return phoneProblemKey(problem, country);
  return country === Country.UnitedStates ? ValidationKey.phoneInvalidUs : ValidationKey.phoneInvalid;
}

/**
 * POST /api/pass/{id}/update-password {currentPassword, password, confirmPassword} (ACC-030;
 * ASVS 2.1.6, docs/decisions/025): the current password must be right (a wrong one counts toward the sign-in lockout
 * of ACC-022, so a copied session cannot guess it), then stores the new hash, revokes every earlier session, closes the
 * account's open reset links, sends the security notice (docs/decisions/088), and answers a fresh token {token, expires}
 * for the caller.
 */
async function updatePassword(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  // Read from the database: it answers a new token (docs/decisions/070).
  const id = await requireOwnRecord(ctx, params.id, { fresh: true });
  const body = await readJsonObject(ctx.request);
  const parsed = updatePasswordRequest.safeParse({
    currentPassword: body.currentPassword ?? "",
    password: body.password ?? "",
    confirmPassword: body.confirmPassword ?? "",
  });
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, zodFieldErrors(parsed.error));
  const { currentPassword, password, confirmPassword } = parsed.data;
  const errors: Record<string, string> = {};
  if (currentPassword === "") errors.currentPassword = ValidationKey.currentPasswordRequired;
  const problem = passwordProblem(password);
  if (problem) errors.password = problem;
  if (confirmPassword === "") errors.confirmPassword = ValidationKey.confirmPasswordRequired;
  else if (password !== "" && confirmPassword !== password) errors.confirmPassword = ValidationKey.passwordsDoNotMatch;
  if (hasErrors(errors)) throw new Refusal(400, RegistryMessage.badRequest, errors);

  const now = ctx.now();
  await checkCurrentPassword(ctx, id, currentPassword, now, "auth.password.change");
  const passwordHash = await ctx.passwords.hash(password);
  await ctx.db.transaction(async (tx) => {
    await changePassword(tx, id, passwordHash, now);
    // docs/decisions/088: reset links asked for before the change no longer work, and the patient hears of it.
    await closePasswordResets(tx, id, now);
    // docs/decisions/132: strangers' throttles and caps were about the old password; its known-device marks retire.
    const patient = await findRecipient(tx, { id });
    if (patient) await clearLockout(tx, patient.email);
    await notifyPasswordChanged(tx, ctx.settings, id, "changed", now);
    await audit(tx, { actor: { kind: "patient", id }, action: "auth.password.changed", medicalRecordId: id, at: now });
  });
  ctx.revocations.forget(id);
  const { token, expires } = await signIn(ctx, id);
  return ok({ token, expires }, AccountMessage.passwordUpdated);
}

/** POST /api/pass/{id}/opt-in-out/{type}: 1 opts out of automated messages, 2 opts back in (DSH-012, PLT-016). */
async function optInOut(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const id = await requireOwnRecord(ctx, params.id);
  const type =
    params.type === String(OptInOutType.OptOut) ? OptInOutType.OptOut : params.type === String(OptInOutType.OptIn) ? OptInOutType.OptIn : null;
  if (type === null) throw new Refusal(400, RegistryMessage.badRequest);
  await recordOrNotFound(ctx, id);
  const now = ctx.now();
  const isOptedOut = type === OptInOutType.OptOut;
  await ctx.db.transaction(async (tx) => {
    await setOptedOut(tx, id, isOptedOut, now);
    await audit(tx, { actor: { kind: "patient", id }, action: isOptedOut ? "record.opt-out" : "record.opt-in", medicalRecordId: id, at: now });
  });
  const results: OptResult = { isOptedOut };
  return ok(results, isOptedOut ? AccountMessage.optedOut : AccountMessage.optedIn);
}

export const passRoutes: Route<Ctx>[] = [
  {
    method: "GET",
    pattern: "/api/pass/record/:id",
    handle: patientData,
    doc: { summary: "The patient's own medical record.", auth: "patient", answer: medicalRecord },
  },
  {
    method: "GET",
    pattern: "/api/pass/:id",
    handle: passRecord,
    doc: { summary: "The patient's own medical record, account and screenings.", auth: "patient", answer: passRecordSchema },
  },
  {
    method: "POST",
    pattern: "/api/pass/:id/update-medical-record",
    handle: updateMedicalRecord,
    doc: {
      summary: "Update the profile (personal and address fields); an address to confirm answers 200 with success false and addressValidation.",
      auth: "patient",
      body: profileFields,
      query: addressQuery,
      answer: medicalRecord,
      extras: { addressValidation: addressValidation.nullable().optional() },
    },
  },
  {
    method: "POST",
    pattern: "/api/pass/:id/medical-record",
    handle: validateMedicalRecord,
    doc: {
      summary: "The screening's patient validation: names, birth date, language, gender, secondary phone.",
      auth: "patient",
      body: validatedFields,
      answer: medicalRecord,
    },
  },
  {
    method: "POST",
    pattern: "/api/pass/:id/update-password",
    handle: updatePassword,
    doc: {
      summary: "Change the password (the current one is checked); every other session ends; a fresh token for this one.",
      auth: "patient",
      body: updatePasswordRequest,
      answer: refreshResult,
    },
  },
  {
    method: "POST",
    pattern: "/api/pass/:id/opt-in-out/:type",
    handle: optInOut,
    doc: { summary: "Opt out of automated messages (type 1) or back in (type 2).", auth: "patient", answer: optResult },
  },
];

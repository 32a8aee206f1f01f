import {
  AccountFieldKey,
  AccountMessage,
  FormReason,
  inviteInfo,
  phoneCheck,
  PhoneCheckStatus,
  validatePhoneRequest,
  type InviteInfo,
  type PhoneCheck,
} from "../contract/accounts";
import { AuthPreference, Country, ImmunoFreeStatus } from "../contract/enums";
import { RegistryMessage } from "../contract/envelope";
import { INVITE_TOKEN_HEADER } from "../contract/forwarded";
import { phoneDigits, phoneProblem, storedPhone } from "../contract/phone";
import { isoToday, phoneProblemKey, registrationErrors, registrationPayload, type RegistrationPayload } from "../contract/registration";
import { addressValidation, authResult } from "../contract/schemas";
import { ValidationKey } from "../contract/validation-keys";
import { insertAccount } from "../data/accounts";
import { audit } from "../data/audit";
import { insertIfRegistration } from "../data/if-registrations";
import { findInvite, useInvite, type Invite } from "../data/invites";
import { EMAIL_UNIQUE, emailInUse, insertMedicalRecord, PHONE_UNIQUE, phoneInUse } from "../data/medical-records";
import { RATE_LIMITS } from "../data/rate-limits";
import { uniqueViolation } from "../db/errors";
import { hashLinkToken } from "../domain/one-time-tokens";
import { isCommonPassword } from "../domain/passwords";
import { readJsonObject } from "../http/body";
import { clientLimitKey, enforceRateLimit, limitClient } from "../http/client";
import type { Ctx } from "../http/context";
import { ok, reply, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { definedErrors, hasErrors, nonScalarFields, zodFieldErrors } from "../http/validation";
import { addressPrompt, addressQuery } from "./address";
import { signIn } from "./auth";

/**
 * POST /register (PLT-019): rate-limited per client address (ACC-018), validates, checks an invite (`X-Invite-Token`, ACC-033, DSH-013)
 * and the address (`?addrConfirmed=true` skips it, ACC-007), creates the medical record and its account, signs the
 * patient in. An invited patient also gets an immune-tolerance registration.
 */
async function register(ctx: Ctx): Promise<Response> {
  await enforceRateLimit(ctx, RATE_LIMITS.register, clientLimitKey(ctx.request));
  const body = await readJsonObject(ctx.request);
  const typeErrors = nonScalarFields(body);
  if (hasErrors(typeErrors)) throw new Refusal(400, RegistryMessage.badRequest, typeErrors);
  const parsed = registrationPayload.safeParse(body);
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, zodFieldErrors(parsed.error));
  const payload = parsed.data;
  const now = ctx.now();

  const invite = await inviteOfRequest(ctx, now);
  // The invite's email is the registration's email (the portal shows it read-only).
  if (invite && payload.email === "") payload.email = invite.email;

  const errors = definedErrors(registrationErrors(payload, isoToday(now)));
  if (!errors.password && isCommonPassword(payload.password)) errors.password = ValidationKey.passwordCommon;
  if (payload.authenticationPreference !== AuthPreference.Email && payload.authenticationPreference !== AuthPreference.Phone) {
    errors.authenticationPreference = ValidationKey.invalidValue;
  }
  if (invite && !errors.email && payload.email.toLowerCase() !== invite.email) errors.email = AccountFieldKey.inviteEmailMismatch;
  if (hasErrors(errors)) throw new Refusal(400, RegistryMessage.badRequest, errors);

  // An international number is kept in E.164 (docs/decisions/049), a US one as (XXX) XXX-XXXX without its country code (090).
  payload.phoneNumber = storedPhone(payload.phoneNumber, payload.country);
  payload.phoneNumberSecondary = storedPhone(payload.phoneNumberSecondary, payload.country);
  await refuseTaken(ctx, payload);
  const prompt = addressPrompt(ctx, payload);
  if (prompt) return prompt;

  const passwordHash = await ctx.passwords.hash(payload.password);
  let medicalRecordId: number;
  try {
    medicalRecordId = await ctx.db.transaction(async (tx) => {
      const id = await insertMedicalRecord(tx, payload, now);
      await insertAccount(tx, { medicalRecordId: id, authenticationPreference: payload.authenticationPreference, passwordHash }, now);
      if (invite) {
        // Single use: a concurrent registration with the same invite loses here and nothing of it is kept.
        if (!(await useInvite(tx, invite.id, id, now))) throw inviteInvalid();
        await insertIfRegistration(tx, id, ImmunoFreeStatus.Registration, now);
      }
      await audit(tx, {
        actor: { kind: "patient", id },
        action: "account.register",
        medicalRecordId: id,
        detail: invite ? { invite: invite.id } : {},
        at: now,
      });
      return id;
    });
  } catch (error) {
    // Another registration with the same email or phone won the race since refuseTaken looked.
    const constraint = uniqueViolation(error);
    if (constraint === EMAIL_UNIQUE) throw taken({ email: ValidationKey.emailTaken });
    if (constraint === PHONE_UNIQUE) throw taken({ phoneNumber: ValidationKey.phoneTaken });
    throw error;
  }
  return ok(await signIn(ctx, medicalRecordId));
}

function inviteInvalid(): Refusal {
  return new Refusal(400, AccountMessage.inviteInvalid, { form: FormReason.inviteInvalid });
}

/**
 * The invite of the `X-Invite-Token` header (none when absent or empty; never `?token=`, docs/decisions/085); 400
 * `register.inviteInvalid` for an unknown, used or expired one.
 */
async function inviteOfRequest(ctx: Ctx, now: Date): Promise<Invite | null> {
  const token = ctx.request.headers.get(INVITE_TOKEN_HEADER)?.trim();
  if (!token) return null;
  const invite = await validInvite(ctx, token, now);
  if (!invite) throw inviteInvalid();
  return invite;
}

async function validInvite(ctx: Ctx, token: string, now: Date): Promise<Invite | null> {
  if (token.length > 200) return null;
  const invite = await findInvite(ctx.db, hashLinkToken(token));
  if (!invite || invite.usedAt || invite.expiresAt.getTime() <= now.getTime()) return null;
  return invite;
}

/** ACC-012: email unique in lower case, primary phone unique by its digits. */
async function refuseTaken(ctx: Ctx, payload: RegistrationPayload): Promise<void> {
  const errors: Record<string, string> = {};
  if (await emailInUse(ctx.db, payload.email)) errors.email = ValidationKey.emailTaken;
  if (await phoneInUse(ctx.db, phoneDigits(payload.phoneNumber))) errors.phoneNumber = ValidationKey.phoneTaken;
  if (hasErrors(errors)) throw taken(errors);
}

function taken(errors: Record<string, string>): Refusal {
  return new Refusal(400, errors.email ? RegistryMessage.emailTaken : RegistryMessage.phoneTaken, errors);
}

/**
 * POST /validate-phone {phoneNumber, country?} (ACC-015; the rule of `country`, docs/decisions/049): 200 with results {isValid, status}; success mirrors isValid and a
 * refused number names its key in errors.phoneNumber. Rate-limited per client address (ACC-018).
 */
async function validatePhone(ctx: Ctx): Promise<Response> {
  await limitClient(ctx, RATE_LIMITS.validatePhone);
  const body = await readJsonObject(ctx.request);
  const parsed = validatePhoneRequest.safeParse({ phoneNumber: body.phoneNumber ?? "", country: body.country ?? undefined });
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, zodFieldErrors(parsed.error));
  const { phoneNumber, country = Country.UnitedStates } = parsed.data;
  const answer = (status: PhoneCheck["status"], message: string, key?: string) =>
    reply(200, {
      success: status === PhoneCheckStatus.Valid,
      results: { isValid: status === PhoneCheckStatus.Valid, status } satisfies PhoneCheck,
      message,
      ...(key ? { errors: { phoneNumber: key } } : {}),
    });
  const problem = phoneProblem(phoneNumber, country);
  if (problem) {
    // What is wrong with it, where the rule can say (an impossible area code, another country's number; docs/decisions/090).
    const message = country === Country.Other ? AccountMessage.phoneInvalidOther : AccountMessage.phoneInvalid;
    return answer(PhoneCheckStatus.Invalid, message, phoneProblemKey(problem, country));
  }
  if (await phoneInUse(ctx.db, phoneDigits(storedPhone(phoneNumber, country))))
    return answer(PhoneCheckStatus.Duplicate, AccountMessage.phoneDuplicate, ValidationKey.phoneTaken);
  return answer(PhoneCheckStatus.Valid, AccountMessage.phoneAvailable);
}

/** GET /validate-invite with `X-Invite-Token` (ACC-004): 200; success and isValid say whether the invite can be used. */
async function validateInviteToken(ctx: Ctx): Promise<Response> {
  const token = ctx.request.headers.get(INVITE_TOKEN_HEADER)?.trim() ?? "";
  const invite = token ? await validInvite(ctx, token, ctx.now()) : null;
  const results: InviteInfo = invite
    ? { isValid: true, firstName: invite.firstName, lastName: invite.lastName, email: invite.email }
    : { isValid: false, firstName: "", lastName: "", email: "" };
  return reply(200, { success: results.isValid, results, message: invite ? AccountMessage.inviteValid : AccountMessage.inviteInvalid });
}

export const registerRoutes: Route<Ctx>[] = [
  {
    method: "POST",
    pattern: "/register",
    handle: register,
    doc: {
      summary: "Create the medical record and its account and sign in; an address to confirm answers 200 with success false and addressValidation.",
      auth: ["none", "invite"],
      body: registrationPayload,
      query: addressQuery,
      answer: authResult,
      extras: { addressValidation: addressValidation.nullable().optional() },
    },
  },
  {
    method: "POST",
    pattern: "/validate-phone",
    handle: validatePhone,
    doc: {
      summary: "Whether a phone number is valid and free (success mirrors isValid).",
      auth: "none",
      body: validatePhoneRequest,
      answer: phoneCheck,
    },
  },
  {
    method: "GET",
    pattern: "/validate-invite",
    handle: validateInviteToken,
    doc: {
      summary: "Whether the invitation of X-Invite-Token can be used, and what it fills in (always 200; success says).",
      auth: ["none", "invite"],
      answer: inviteInfo,
    },
  },
];

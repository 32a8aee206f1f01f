import {
  AccountMessage,
  FormReason,
  sendConfirmationEmailRequest,
  codeResultAnswer,
  sendConfirmationTextRequest,
  updateConfirmationRequest,
} from "../contract/accounts";
import { z } from "zod";
import { CodeResult, ConfirmationType, Country, type ValueOf } from "../contract/enums";
import { RegistryMessage } from "../contract/envelope";
import { isValidPhone, phoneDigits, storedPhone, textAddress } from "../contract/phone";
import { isValidEmail } from "../contract/registration";
import { ensureAccount, findAccount, markContactVerified } from "../data/accounts";
import { audit } from "../data/audit";
import { countWrongTry, deleteCode, findCodeForUpdate, hasLiveCode, storeCode } from "../data/confirmation-codes";
import { contactOwner, EMAIL_UNIQUE, findRecipient, PHONE_UNIQUE, setContact, type Recipient } from "../data/medical-records";
import { takeNewContact } from "../data/new-contact-sends";
import { findSmsStop } from "../data/sms-stops";
import { RATE_LIMITS } from "../data/rate-limits";
import { uniqueViolation } from "../db/errors";
import { CODE_LIFETIME_MS, codeMatches, hashCode, MAX_WRONG_TRIES, newCode, newCodeSalt, normaliseCode } from "../domain/codes";
import { readJsonObject } from "../http/body";
import { enforceRateLimit, limitClient, refundHits } from "../http/client";
import type { Ctx } from "../http/context";
import { ownRecordId, requirePatient } from "../http/patient";
import { ok, reply, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { zodFieldErrors } from "../http/validation";
import { checkCurrentPassword } from "./current-password";
import { confirmationEmail, confirmationText, emailChangedEmail, phoneChangedText } from "../messages/compose";
import { langOf } from "../messages/index";
import { enqueueForPatient } from "../outbox/enqueue";

/**
 * A contact to confirm: an email in lower case, or a mobile by the digits of its stored form (a US number's 10
 * digits, an international one's E.164 digits; the key the record keeps unique), with where it is texted (E.164).
 */
type Contact = { type: ValueOf<typeof ConfirmationType>; target: string; textTo?: string };

/**
 * A new mobile number by the rule of the record's country (docs/decisions/049), or null when it is not valid there:
 * how it will be stored, and where it is texted, from that stored form (textAddress, the address of every text to
 * the patient; docs/decisions/090).
 */
function mobileContact(value: string, country: number): (Contact & { stored: string; textTo: string }) | null {
  if (!isValidPhone(value, country)) return null;
  const stored = storedPhone(value, country);
  const textTo = textAddress(stored);
  if (!textTo) return null;
  return { type: ConfirmationType.Mobile, target: phoneDigits(stored), textTo, stored };
}

function mobileInvalid(country: number): Refusal {
  return country === Country.Other
    ? new Refusal(400, AccountMessage.mobileInvalidOther, { form: FormReason.mobileInvalidOther })
    : new Refusal(400, AccountMessage.mobileInvalid, { form: FormReason.mobileInvalid });
}

/** Said only to whoever proved they hold the contact (a right code), never when sending (docs/decisions/024). */
const contactTaken = () => new Refusal(400, AccountMessage.contactTaken, { form: FormReason.contactTaken });

/**
 * POST /api/mfa/send-confirmation-email {medicalRecordId, email, currentPassword?} (ACC-026, ACC-027). An address that is
 * not the account's own becomes the sign-in email once confirmed, so it needs the current password
 * (docs/decisions/025).
 */
async function sendConfirmationEmail(ctx: Ctx): Promise<Response> {
  const patient = await requirePatient(ctx);
  const body = await readJsonObject(ctx.request);
  const parsed = sendConfirmationEmailRequest.safeParse(body);
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, zodFieldErrors(parsed.error));
  const id = ownRecordId(patient, parsed.data.medicalRecordId);
  const email = parsed.data.email.trim().toLowerCase();
  if (!isValidEmail(email)) throw new Refusal(400, AccountMessage.emailInvalid, { form: FormReason.emailInvalid });
  const record = await findRecipient(ctx.db, { id });
  if (!record) throw new Refusal(404, RegistryMessage.notFound);
  const isNew = email !== record.email;
  // "Send a new code" within the 30 minutes of one sent with the password needs no password again.
  if (isNew && !(await hasLiveCode(ctx.db, id, ConfirmationType.Email, email, ctx.now()))) {
    await checkCurrentPassword(ctx, id, parsed.data.currentPassword ?? "", ctx.now(), "mfa.email-change");
  }
  return sendCode(ctx, record, { type: ConfirmationType.Email, target: email }, isNew);
}

/** POST /api/mfa/send-confirmation-text {medicalRecordId, phoneNumber} (ACC-026, ACC-027). */
async function sendConfirmationText(ctx: Ctx): Promise<Response> {
  const patient = await requirePatient(ctx);
  const body = await readJsonObject(ctx.request);
  const parsed = sendConfirmationTextRequest.safeParse(body);
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, zodFieldErrors(parsed.error));
  const id = ownRecordId(patient, parsed.data.medicalRecordId);
  const record = await findRecipient(ctx.db, { id });
  if (!record) throw new Refusal(404, RegistryMessage.notFound);
  const mobile = mobileContact(parsed.data.phoneNumber, record.country);
  if (!mobile) throw mobileInvalid(record.country);
  // docs/decisions/106 (ACC-041): no code to a number that replied STOP; the patient is told how to restart them.
  if (await findSmsStop(ctx.db, mobile.textTo)) throw new Refusal(409, AccountMessage.textsStopped, { form: FormReason.textsStopped });
  return sendCode(ctx, record, mobile, mobile.target !== phoneDigits(record.phoneNumber));
}

/**
 * A code to a contact that is not the account's own counts toward the account's new contacts (3 emails and 3 mobile
 * numbers per 24 hours, 429 mfa.tooManyNewEmails / mfa.tooManyNewMobiles; docs/decisions/024). Then at most 5 sends
 * to one contact within an hour (429 mfa.tooManySends). Whether the contact belongs to another account is NOT
 * said here (that would enumerate accounts): the answer is the same as for a free one, and confirming the code
 * refuses it. Stores a new code (replacing the previous one, keeping its wrong-try count) and queues it in the
 * patient's language. Codes are sent to opted-out patients too: they asked for them (PLT-016).
 */
async function sendCode(ctx: Ctx, patient: Recipient, contact: Contact, isNew: boolean): Promise<Response> {
  const isEmail = contact.type === ConfirmationType.Email;
  const id = patient.id;
  if (isNew) {
    const { allowed, retryAfterMs } = await takeNewContact(ctx.db, id, contact.type, contact.target, ctx.now());
    if (!allowed) {
      const reason = isEmail
        ? { form: FormReason.tooManyNewEmails, message: AccountMessage.tooManyNewEmails }
        : { form: FormReason.tooManyNewMobiles, message: AccountMessage.tooManyNewMobiles };
      await audit(ctx.db, {
        actor: { kind: "patient", id },
        action: "mfa.code.new-contact-limit",
        medicalRecordId: id,
        detail: { type: isEmail ? "email" : "mobile" },
        at: ctx.now(),
      });
      throw new Refusal(429, reason.message, { form: reason.form }, { "retry-after": String(Math.ceil(retryAfterMs / 1000)) });
    }
  }
  await enforceRateLimit(ctx, RATE_LIMITS.confirmationSend, `${contact.type}:${contact.target}`, {
    form: FormReason.tooManySends,
    message: AccountMessage.tooManySends,
  });
  const now = ctx.now();
  const code = newCode();
  const salt = newCodeSalt();
  const lang = langOf(patient.preferredLanguage);
  const message = isEmail ? confirmationEmail(lang, contact.target, code) : confirmationText(lang, contact.textTo!, code);
  await ctx.db.transaction(async (tx) => {
    await storeCode(
      tx,
      {
        medicalRecordId: id,
        ...contact,
        salt,
        hash: hashCode(ctx.settings.tokenSecret, salt, code),
        expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
        seriesMs: CODE_LIFETIME_MS,
        maxWrongTries: MAX_WRONG_TRIES,
      },
      now,
    );
    await enqueueForPatient(tx, ctx.settings, patient, message, { automated: false, now });
    await audit(tx, {
      actor: { kind: "patient", id },
      action: "mfa.code.sent",
      medicalRecordId: id,
      detail: { type: isEmail ? "email" : "mobile" },
      at: now,
    });
  });
  return ok(null, AccountMessage.codeSent);
}

/**
 * POST /api/mfa/update-confirmation?medicalRecordId= {code, value, isEmail}: 200 with results CodeResult. Valid (1)
 * makes `value` the record's email or primary phone, verified; InvalidCode (2) counts a wrong try; CodeExpired (3)
 * for a code older than 30 minutes or when no code was sent to that value. After 5 wrong tries the code is locked:
 * CodeExpired (3, it cannot be used) with the reason mfa.codeLocked, so the patient is told to send a new code, which
 * starts a fresh count (docs/decisions/039). Limited per client address (docs/decisions/021): a right code gives
 * its hit back.
 */
async function updateConfirmation(ctx: Ctx): Promise<Response> {
  const patient = await requirePatient(ctx);
  const id = ownRecordId(patient, ctx.url.searchParams.get("medicalRecordId") ?? "");
  const body = await readJsonObject(ctx.request);
  const parsed = updateConfirmationRequest.safeParse(body);
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, zodFieldErrors(parsed.error));
  const { isEmail } = parsed.data;
  const country = isEmail ? Country.UnitedStates : ((await findRecipient(ctx.db, { id }))?.country ?? Country.UnitedStates);
  const mobile = isEmail ? null : mobileContact(parsed.data.value, country);
  // A value that is no valid number was never sent a code: CodeExpired below, as for any value without a code.
  const contact: Contact & { stored?: string } = isEmail
    ? { type: ConfirmationType.Email, target: parsed.data.value.trim().toLowerCase() }
    : (mobile ?? { type: ConfirmationType.Mobile, target: phoneDigits(parsed.data.value) });
  const code = normaliseCode(parsed.data.code);
  const hits = await limitClient(ctx, RATE_LIMITS.codeEntry);
  const now = ctx.now();

  let result: ValueOf<typeof CodeResult> | "taken" | "locked";
  try {
    result = await ctx.db.transaction(async (tx) => {
      const stored = await findCodeForUpdate(tx, id, contact.type, contact.target);
      if (!stored || stored.expiresAt.getTime() <= now.getTime()) return CodeResult.CodeExpired;
      if (stored.wrongTries >= MAX_WRONG_TRIES) return "locked";
      if (!codeMatches(ctx.settings.tokenSecret, stored.salt, code, stored.hash)) {
        await countWrongTry(tx, stored.id);
        return CodeResult.InvalidCode;
      }
      if (await contactOwner(tx, isEmail ? { email: contact.target } : { phoneDigits: contact.target }, id)) return "taken";
      await deleteCode(tx, stored.id);
      await ensureAccount(tx, id, now);
      const before = await findRecipient(tx, { id });
      const wasVerified = await findAccount(tx, id);
      if (!before) return CodeResult.CodeExpired;
      const changed = isEmail ? before.email !== contact.target : phoneDigits(before.phoneNumber) !== contact.target;
      // The same number in another format stays as typed at registration.
      if (changed) await setContact(tx, id, isEmail ? { email: contact.target } : { phoneNumber: contact.stored ?? contact.target }, now);
      await markContactVerified(tx, id, isEmail ? "email" : "mobile", now);
      // ASVS 2.2.3 (docs/decisions/025): the old contact hears of the change, opted out or not (a security notice);
      // only when it had been confirmed, so a mistyped address of a stranger is not told about the patient's account.
      const oldTextTo = isEmail ? null : textAddress(before.phoneNumber);
      if (changed && (isEmail ? wasVerified?.isEmailVerified : wasVerified?.isMobileVerified) && (isEmail || oldTextTo)) {
        const lang = langOf(before.preferredLanguage);
        const notice = isEmail ? emailChangedEmail(lang, before.email, contact.target) : phoneChangedText(lang, oldTextTo!, contact.target);
        await enqueueForPatient(tx, ctx.settings, before, notice, { automated: false, now });
      }
      await audit(tx, {
        actor: { kind: "patient", id },
        action: "mfa.contact.verified",
        medicalRecordId: id,
        detail: { type: isEmail ? "email" : "mobile" },
        at: now,
      });
      return CodeResult.Valid;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === EMAIL_UNIQUE || constraint === PHONE_UNIQUE) throw contactTaken();
    throw error;
  }
  if (result === "taken") throw contactTaken();
  if (result === "locked") {
    return reply(200, {
      success: false,
      results: CodeResult.CodeExpired,
      message: AccountMessage.codeLocked,
      errors: { form: FormReason.codeLocked },
    });
  }
  if (result === CodeResult.Valid) await refundHits(ctx, hits);
  const message =
    result === CodeResult.Valid
      ? AccountMessage.codeValid
      : result === CodeResult.InvalidCode
        ? AccountMessage.codeInvalid
        : AccountMessage.codeExpired;
  return reply(200, { success: result === CodeResult.Valid, results: result, message });
}

export const mfaRoutes: Route<Ctx>[] = [
  {
    method: "POST",
    pattern: "/api/mfa/send-confirmation-email",
    handle: sendConfirmationEmail,
    doc: {
      summary: "Email a confirmation code (a new address needs the current password).",
      auth: "patient",
      body: sendConfirmationEmailRequest,
      answer: z.null(),
    },
  },
  {
    method: "POST",
    pattern: "/api/mfa/send-confirmation-text",
    handle: sendConfirmationText,
    doc: { summary: "Text a confirmation code to a mobile number.", auth: "patient", body: sendConfirmationTextRequest, answer: z.null() },
  },
  {
    method: "POST",
    pattern: "/api/mfa/update-confirmation",
    handle: updateConfirmation,
    doc: {
      summary: "Check a confirmation code: 1 valid (the contact is confirmed), 2 wrong code, 3 expired or locked.",
      auth: "patient",
      query: z.object({ medicalRecordId: z.string().describe("The signed-in patient's own medical record id.") }),
      body: updateConfirmationRequest,
      answer: codeResultAnswer,
    },
  },
];

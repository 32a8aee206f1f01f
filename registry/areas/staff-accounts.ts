import { z } from "zod";
import { pathId, readBody } from "../http/params";
import { RegistryMessage } from "../contract/envelope";
import { PROVED_WORK_HEADER } from "../contract/sign-in";
import { isValidEmail } from "../contract/registration";
import {
  STAFF_LINK_LIFETIME_MS,
  STAFF_MAX_WRONG_CODES,
  STAFF_PENDING_LIMIT_MS,
  StaffAccountMessage,
  StaffAccountReason,
  staffAcceptBody,
  staffCodeBody,
  staffGrantsBody,
  staffInviteBody,
  staffInviteResult,
  staffLinkBody,
  staffLinkInfo,
  staffListItem,
  staffMe,
  staffOrganisations,
  staffPending,
  staffSession,
  staffSetupInfo,
  staffSetupResult,
  staffSignInBody,
  StaffRole,
  type StaffAccountReasonValue,
  type StaffGrant,
  type StaffMe,
  type StaffPending,
  type StaffSession,
} from "../contract/staff-accounts";
import { ValidationKey } from "../contract/validation-keys";
import { audit } from "../data/audit";
import { releaseTry, reserveTry, settleFailure, settleSuccess } from "../data/login-throttle";
import { RATE_LIMITS, type RateLimit } from "../data/rate-limits";
import { findStaffLink, insertStaffLink, spendStaffLink } from "../data/staff-links";
import {
  confirmTotpSecret,
  resealTotpSecret,
  disableStaffPerson,
  findStaffByEmail,
  findStaffPerson,
  insertStaffPerson,
  listStaff,
  markStaffSignIn,
  resetStaffFactors,
  setPendingTotpSecret,
  setStaffGrants,
  setStaffPassword,
  STAFF_EMAIL_UNIQUE,
  staffGrants,
  staffListItem as readStaffListItem,
  staffOrganisationList,
  takeTotpStep,
  unknownOrganisations,
  type StaffPersonRow,
} from "../data/staff-people";
import { recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from "../data/staff-recovery-codes";
import {
  countWrongCode,
  endStaffSession,
  endStaffSessions,
  findStaffSession,
  insertStaffSession,
  type StaffSessionRow,
} from "../data/staff-sessions";
import { uniqueViolation } from "../db/errors";
import type { Db } from "../db/types";
import { hashLinkToken, newLinkToken } from "../domain/one-time-tokens";
import { passwordProblem } from "../domain/passwords";
import {
  acceptedTotpStep,
  hashRecoveryCode,
  hashStaffToken,
  isTotpForm,
  newRecoveryCodes,
  newStaffToken,
  newTotpSecret,
  normaliseRecoveryCode,
  totpUri,
} from "../domain/staff-auth";
import { openTotpSecret, sealTotpSecret, totpKey } from "../domain/totp-secret-box";
import { staffLinkEmail } from "../messages/compose";
import { clientLimitKey, enforceRateLimit, limitClientAll, refundHits } from "../http/client";
import type { Ctx } from "../http/context";
import { ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { auditStaff, requireGrant, requireStaff, sessionLimits, staffBearer, staffSessionOrigin } from "../http/staff";
import { enqueue } from "../outbox/enqueue";
import type { RegistrySettings } from "../settings";

/**
 * Staff accounts (docs/decisions/126): signing in with two factors, setting up the authenticator from a
 * link, and the administrators' calls. Every other staff call authorizes with registry/http/staff.ts.
 */

const STATUS: Record<StaffAccountReasonValue, number> = {
  [StaffAccountReason.invalidCredentials]: 401,
  [StaffAccountReason.codeWrong]: 401,
  [StaffAccountReason.pendingEnded]: 401,
  [StaffAccountReason.sessionEnded]: 401,
  [StaffAccountReason.notAllowed]: 403,
  [StaffAccountReason.linkInvalid]: 404,
  [StaffAccountReason.emailTaken]: 409,
  [StaffAccountReason.ownAccount]: 409,
  [StaffAccountReason.tooManyTries]: 429,
};

function refusal(reason: StaffAccountReasonValue, headers?: Record<string, string>): Refusal {
  return new Refusal(STATUS[reason], StaffAccountMessage[reason], { form: reason }, headers);
}

const TOO_MANY = { form: StaffAccountReason.tooManyTries, message: StaffAccountMessage[StaffAccountReason.tooManyTries] };

/** A per-client-address limit of these calls (docs/decisions/021), answered 429 tooManyTries. */
function limitAddress(ctx: Ctx, limit: RateLimit, item?: string): Promise<number[]> {
  return enforceRateLimit(ctx, limit, clientLimitKey(ctx.request), TOO_MANY, item);
}

/** The failure throttle of staff sign-ins counts under its own key, apart from patients' (data/login-throttle.ts). */
const throttleKey = (email: string) => `staff:${email}`;
/** The device class of staff sign-ins in login_failures: never a patient's (null, or a portal's device id). */
const THROTTLE_DEVICE = "staff";

/** A new session row (pending or full) and its token. */
async function openSession(db: Db, staffId: number, stage: StaffSessionRow["stage"], now: Date): Promise<string> {
  const { token, hash } = newStaffToken();
  await insertStaffSession(db, { tokenHash: hash, staffId, stage, origin: staffSessionOrigin() }, now);
  return token;
}

async function pendingAnswer(db: Db, staffId: number, stage: StaffPending["stage"], now: Date): Promise<StaffPending> {
  const pendingToken = await openSession(db, staffId, stage, now);
  return { stage, pendingToken, expires: new Date(now.getTime() + STAFF_PENDING_LIMIT_MS).toISOString() };
}

/** A signed-in person as answered. */
async function sessionAnswer(db: Db, person: StaffPersonRow, token: string, now: Date): Promise<StaffSession> {
  const { idleExpires, absoluteExpires } = sessionLimits({ createdAt: now, lastSeenAt: now });
  return {
    token,
    idleExpires: idleExpires.toISOString(),
    absoluteExpires: absoluteExpires.toISOString(),
    person: { id: person.id, name: person.name, email: person.email, lang: person.lang, grants: await staffGrants(db, person.id) },
  };
}

/**
 * The pending step of a call (`Authorization: Bearer st_…` from sign-in or an accepted link): 401 pendingEnded when
 * unknown, of another step, ended, older than STAFF_PENDING_LIMIT_MS, or the person disabled.
 */
async function requirePending(ctx: Ctx, stage: "setup" | "code"): Promise<{ session: StaffSessionRow; person: StaffPersonRow }> {
  const token = staffBearer(ctx.request);
  const session = token ? await findStaffSession(ctx.db, hashStaffToken(token)) : null;
  if (!session || session.stage !== stage || session.endedAt) throw refusal(StaffAccountReason.pendingEnded);
  const now = ctx.now();
  const person = await findStaffPerson(ctx.db, session.staffId);
  if (!person || person.disabledAt || now.getTime() - session.createdAt.getTime() >= STAFF_PENDING_LIMIT_MS) {
    await endStaffSession(ctx.db, session.tokenHash, now);
    throw refusal(StaffAccountReason.pendingEnded);
  }
  return { session, person };
}

/**
 * A wrong code of a pending step: 401 codeWrong, or, at the STAFF_MAX_WRONG_CODES-th, 401 pendingEnded and the step
 * ends (sign in again).
 */
async function wrongCode(ctx: Ctx, session: StaffSessionRow, action: string): Promise<never> {
  const now = ctx.now();
  const wrong = await countWrongCode(ctx.db, session.tokenHash);
  const ended = wrong >= STAFF_MAX_WRONG_CODES;
  if (ended) await endStaffSession(ctx.db, session.tokenHash, now);
  await audit(ctx.db, { actor: { kind: "staffAccount", id: session.staffId }, action, detail: { wrong, ended }, at: now });
  throw refusal(ended ? StaffAccountReason.pendingEnded : StaffAccountReason.codeWrong);
}

/**
 * POST /api/staff/sign-in {email, password}: the first factor. The protections of the patients' POST /authenticate:
 * the per-address limits (failures, distinct emails) before anything costly, the failure throttle per email (after
 * 10 failures in 15 minutes one try a minute), the hashing pool (also for an unknown email), and one 401
 * invalidCredentials for an unknown email, a wrong password, a disabled person and an invited one without a
 * password. A right password answers a pending step: `code`, or `setup` when the authenticator is not set up yet.
 */
async function signIn(ctx: Ctx): Promise<Response> {
  const body = await readBody(ctx, staffSignInBody);
  const email = body.email.trim().toLowerCase();
  // Only real tries spend the address's budget: a throttled or busy refusal gives its hits back (docs/decisions/135).
  const hits = await limitClientAll(ctx, [{ limit: RATE_LIMITS.staffSignIn }, { limit: RATE_LIMITS.staffSignInEmails, item: email }], TOO_MANY);
  const now = ctx.now();
  // The try is reserved under the email's lock before any hashing (as a patient's: docs/decisions/132), so while the
  // email is throttled, concurrent tries are refused: one a minute is one.
  const reservation = await reserveTry(ctx.db, throttleKey(email), THROTTLE_DEVICE, now);
  if (!reservation.reserved) {
    await refundHits(ctx, hits);
    await audit(ctx.db, { actor: { kind: "anonymous" }, action: "staff.sign-in.throttled", at: now });
    throw refusal(StaffAccountReason.tooManyTries, { "retry-after": String(Math.max(1, Math.ceil(reservation.waitMs / 1000))) });
  }
  const person = email ? await findStaffByEmail(ctx.db, email) : null;
  // A try whose browser solved the portal's proof of work (X-Proved-Work, the portal's word) in the proved lane (134).
  const proved = ctx.request.headers.get(PROVED_WORK_HEADER)?.trim() === "1";
  const matches = await ctx.passwords.verify(body.password, person?.passwordHash, proved ? "proved" : "common").catch(async (error: unknown) => {
    // Refused before any hashing (the pool full): no try was made, none is counted (docs/decisions/135).
    await releaseTry(ctx.db, reservation);
    await refundHits(ctx, hits);
    throw error;
  });
  if (!person || !person.passwordHash || !matches || person.disabledAt) {
    const outcome = await settleFailure(ctx.db, throttleKey(email), THROTTLE_DEVICE, now);
    await audit(ctx.db, {
      actor: { kind: "anonymous" },
      action: outcome.throttled ? "staff.sign-in.locked" : "staff.sign-in.failed",
      detail: person ? { staffId: person.id, why: person.disabledAt ? "disabled" : person.passwordHash ? "password" : "invited" } : {},
      at: now,
    });
    throw refusal(StaffAccountReason.invalidCredentials);
  }
  await settleSuccess(ctx.db, throttleKey(email), THROTTLE_DEVICE);
  await refundHits(ctx, hits);
  if (ctx.passwords.needsRehash(person.passwordHash)) await setStaffPassword(ctx.db, person.id, await ctx.passwords.hash(body.password));
  const stage = person.totpSecret ? "code" : "setup";
  await audit(ctx.db, { actor: { kind: "staffAccount", id: person.id }, action: "staff.sign-in.password", detail: { next: stage }, at: now });
  return ok(await pendingAnswer(ctx.db, person.id, stage, now));
}

/**
 * A person's authenticator secret (confirmed, or pending while being set up), opened with the key derived from
 * TOKEN_SECRET (docs/decisions/136); a secret stored plain before encryption is sealed now (read-time upgrade). Null
 * when there is none or it cannot be opened (then no code is accepted: an administrator's new link starts again).
 */
async function totpSecretOf(ctx: Ctx, person: StaffPersonRow, which: "confirmed" | "pending"): Promise<{ secret: string; stored: string } | null> {
  const stored = which === "confirmed" ? person.totpSecret : person.totpPendingSecret;
  if (!stored) return null;
  const key = totpKey(ctx.settings.tokenSecret);
  const opened = openTotpSecret(key, person.id, stored);
  if (!opened) {
    ctx.log({ level: "warn", event: "staff.totp-secret-unreadable", staffId: person.id, which });
    return null;
  }
  if (opened.plain) {
    const column = which === "confirmed" ? "totp_secret" : "totp_pending_secret";
    const sealed = sealTotpSecret(key, person.id, opened.secret);
    await resealTotpSecret(ctx.db, person.id, column, stored, sealed);
    return { secret: opened.secret, stored: sealed };
  }
  return { secret: opened.secret, stored };
}

/**
 * POST /api/staff/sign-in/code {code} with the pending `code` token: the second factor, an authenticator code (never
 * one of a step already accepted) or an unused recovery code (used up). A right code answers the session.
 */
async function signInCode(ctx: Ctx): Promise<Response> {
  const hits = await limitAddress(ctx, RATE_LIMITS.staffCode);
  const { session, person } = await requirePending(ctx, "code");
  const { code } = await readBody(ctx, staffCodeBody);
  const now = ctx.now();
  let by: "authenticator" | "recovery" | null = null;
  if (isTotpForm(code)) {
    const opened = await totpSecretOf(ctx, person, "confirmed");
    const step = opened ? acceptedTotpStep(opened.secret, code, now, person.totpLastStep) : null;
    if (step !== null && (await takeTotpStep(ctx.db, person.id, step))) by = "authenticator";
  } else if (normaliseRecoveryCode(code) && (await spendRecoveryCode(ctx.db, person.id, hashRecoveryCode(code), now))) {
    by = "recovery";
  }
  if (!by) return wrongCode(ctx, session, "staff.sign-in.code-wrong");
  const answer = await ctx.db.transaction(async (tx) => {
    if (!(await endStaffSession(tx, session.tokenHash, now))) throw refusal(StaffAccountReason.pendingEnded);
    const token = await openSession(tx, person.id, "full", now);
    await markStaffSignIn(tx, person.id, now);
    const detail: Record<string, string | number> = { by: by! };
    if (by === "recovery") detail.recoveryCodesLeft = await recoveryCodesLeft(tx, person.id);
    await audit(tx, { actor: { kind: "staffAccount", id: person.id }, action: "staff.sign-in", detail, at: now });
    return sessionAnswer(tx, person, token, now);
  });
  await refundHits(ctx, hits);
  return ok(answer);
}

/** The link of a token: the person, or 404 linkInvalid (unknown, used, expired, or the person disabled). */
async function linkPerson(ctx: Ctx, token: string): Promise<{ person: StaffPersonRow; tokenHash: string; hits: number[] }> {
  const hits = await limitAddress(ctx, RATE_LIMITS.staffLink);
  const tokenHash = hashLinkToken(token);
  const link = token ? await findStaffLink(ctx.db, tokenHash) : null;
  const person = link ? await findStaffPerson(ctx.db, link.staffId) : null;
  if (!link || link.usedAt || link.expiresAt <= ctx.now() || !person || person.disabledAt) {
    await audit(ctx.db, { actor: { kind: "anonymous" }, action: "staff.link.invalid", at: ctx.now() });
    throw refusal(StaffAccountReason.linkInvalid);
  }
  return { person, tokenHash, hits };
}

/** POST /api/staff/links/check {token}: whom a link is for (name and email), or 404 linkInvalid. */
async function checkLink(ctx: Ctx): Promise<Response> {
  const { token } = await readBody(ctx, staffLinkBody);
  const { person, hits } = await linkPerson(ctx, token);
  await refundHits(ctx, hits);
  return ok({ name: person.name, email: person.email });
}

/**
 * POST /api/staff/links/accept {token, password}: the person's password (the patients' rules: 400 errors.password),
 * the link used up, and the pending `setup` step.
 */
async function acceptLink(ctx: Ctx): Promise<Response> {
  const body = await readBody(ctx, staffAcceptBody);
  const { person, tokenHash, hits } = await linkPerson(ctx, body.token);
  const problem = passwordProblem(body.password);
  if (problem) throw new Refusal(400, RegistryMessage.badRequest, { password: problem });
  const passwordHash = await ctx.passwords.hash(body.password);
  const now = ctx.now();
  const answer = await ctx.db.transaction(async (tx) => {
    if (!(await spendStaffLink(tx, tokenHash, now))) throw refusal(StaffAccountReason.linkInvalid);
    await setStaffPassword(tx, person.id, passwordHash);
    await audit(tx, { actor: { kind: "staffAccount", id: person.id }, action: "staff.link.accept", at: now });
    return pendingAnswer(tx, person.id, "setup", now);
  });
  await refundHits(ctx, hits);
  return ok(answer);
}

/**
 * GET /api/staff/setup with the pending `setup` token: the authenticator's new secret (made once per setup, kept
 * pending until its first code is confirmed), as text and as the otpauth:// URI of the QR code.
 */
async function setupInfo(ctx: Ctx): Promise<Response> {
  const { person } = await requirePending(ctx, "setup");
  let secret = (await totpSecretOf(ctx, person, "pending"))?.secret;
  if (!secret) {
    secret = newTotpSecret();
    await setPendingTotpSecret(ctx.db, person.id, sealTotpSecret(totpKey(ctx.settings.tokenSecret), person.id, secret));
  }
  return ok({ secret, otpauthUri: totpUri(secret, person.email), email: person.email });
}

/**
 * POST /api/staff/setup {code} with the pending `setup` token: the first code confirms the secret; ten new recovery
 * codes (answered here once, only their hashes kept) and the session.
 */
async function confirmSetup(ctx: Ctx): Promise<Response> {
  const hits = await limitAddress(ctx, RATE_LIMITS.staffCode);
  const { session, person } = await requirePending(ctx, "setup");
  const { code } = await readBody(ctx, staffCodeBody);
  const now = ctx.now();
  const pending = await totpSecretOf(ctx, person, "pending");
  const step = pending ? acceptedTotpStep(pending.secret, code, now, null) : null;
  if (!pending || step === null) return wrongCode(ctx, session, "staff.setup.code-wrong");
  const recoveryCodes = newRecoveryCodes();
  const answer = await ctx.db.transaction(async (tx) => {
    if (!(await endStaffSession(tx, session.tokenHash, now)) || !(await confirmTotpSecret(tx, person.id, pending.stored, step))) {
      throw refusal(StaffAccountReason.pendingEnded);
    }
    await replaceRecoveryCodes(tx, person.id, recoveryCodes.map(hashRecoveryCode));
    const token = await openSession(tx, person.id, "full", now);
    await markStaffSignIn(tx, person.id, now);
    await audit(tx, { actor: { kind: "staffAccount", id: person.id }, action: "staff.setup", at: now });
    return sessionAnswer(tx, person, token, now);
  });
  await refundHits(ctx, hits);
  return ok({ ...answer, recoveryCodes });
}

/** GET /api/staff/me: the signed-in person and when the session ends (this call renews its idle end too). */
async function me(ctx: Ctx): Promise<Response> {
  const { person, grants, session } = await requireStaff(ctx);
  const { idleExpires, absoluteExpires } = sessionLimits(session);
  const answer: StaffMe = {
    idleExpires: idleExpires.toISOString(),
    absoluteExpires: absoluteExpires.toISOString(),
    person: { id: person.id, name: person.name, email: person.email, lang: person.lang, grants },
  };
  return ok(answer);
}

/** POST /api/staff/sign-out: ends the bearer's session (or pending step); 401 sessionEnded when it had ended. */
async function signOut(ctx: Ctx): Promise<Response> {
  const token = staffBearer(ctx.request);
  const session = token ? await findStaffSession(ctx.db, hashStaffToken(token)) : null;
  const now = ctx.now();
  if (!session || !(await endStaffSession(ctx.db, session.tokenHash, now))) throw refusal(StaffAccountReason.sessionEnded);
  await audit(ctx.db, { actor: { kind: "staffAccount", id: session.staffId }, action: "staff.sign-out", detail: { stage: session.stage }, at: now });
  return ok(null);
}

/**
 * A new setup link for a person (retiring their older ones), emailed to them in their language through the outbox:
 * `${PUBLIC_URL}/staff/welcome?token=…`, single use, STAFF_LINK_LIFETIME_MS. Answers the link for a command to print.
 */
export async function issueStaffLink(
  db: Db,
  settings: RegistrySettings,
  person: Pick<StaffPersonRow, "id" | "email" | "name" | "lang">,
  now: Date,
  options: { email: boolean },
): Promise<{ link: string; expiresAt: Date }> {
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + STAFF_LINK_LIFETIME_MS);
  await insertStaffLink(db, { tokenHash: hash, staffId: person.id, expiresAt }, now);
  const link = `${settings.publicUrl}/staff/welcome?token=${encodeURIComponent(token)}`;
  if (options.email) await enqueue(db, settings, staffLinkEmail(person.lang, person.email, person.name, link), now);
  return { link, expiresAt };
}

/** 400 for an invitation's name or email, or grants naming a lab or center that does not exist. */
async function refuseBadPerson(db: Db, fields: { name?: string; email?: string; grants: readonly StaffGrant[] }): Promise<void> {
  const errors: Record<string, string> = {};
  if (fields.name !== undefined && !fields.name.trim()) errors.name = ValidationKey.required;
  if (fields.email !== undefined && !isValidEmail(fields.email))
    errors.email = fields.email.trim() ? ValidationKey.emailInvalid : ValidationKey.emailRequired;
  const unknown = await unknownOrganisations(db, fields.grants);
  if (unknown.labs.length || unknown.centers.length) errors.grants = ValidationKey.invalidValue;
  if (Object.keys(errors).length) throw new Refusal(400, RegistryMessage.badRequest, errors);
}

const notFound = () => new Refusal(404, RegistryMessage.notFound);

/** GET /api/staff/people (administrators): every person, by name, with roles and status. */
async function people(ctx: Ctx): Promise<Response> {
  await requireGrant(ctx, StaffRole.administrator);
  return ok(await listStaff(ctx.db));
}

/** POST /api/staff/people (administrators): a new person with their roles; their setup link is emailed to them. */
async function invite(ctx: Ctx): Promise<Response> {
  const { staff, grant } = await requireGrant(ctx, StaffRole.administrator);
  const body = await readBody(ctx, staffInviteBody);
  await refuseBadPerson(ctx.db, body);
  const now = ctx.now();
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const id = await insertStaffPerson(tx, { email: body.email, name: body.name, lang: body.lang, createdBy: staff.person.id }, now);
      await setStaffGrants(tx, id, body.grants);
      await issueStaffLink(tx, ctx.settings, { id, email: body.email.trim().toLowerCase(), name: body.name.trim(), lang: body.lang }, now, {
        email: true,
      });
      await auditStaff(tx, staff, grant, "staff.invite", { detail: { staffId: id }, at: now });
      return id;
    });
    return ok({ id });
  } catch (error) {
    if (uniqueViolation(error) === STAFF_EMAIL_UNIQUE) throw refusal(StaffAccountReason.emailTaken);
    throw error;
  }
}

/** The person of the path (404 when none), for an administrator's change. */
async function pathPerson(ctx: Ctx, params: Record<string, string>): Promise<StaffPersonRow> {
  const person = await findStaffPerson(ctx.db, pathId(params.staffId, "staffId"));
  if (!person) throw notFound();
  return person;
}

async function listItemAnswer(db: Db, id: number): Promise<Response> {
  return ok((await readStaffListItem(db, id))!);
}

/** POST /api/staff/people/{staffId}/grants (administrators): replaces the person's roles; never one's own administrator role. */
async function setGrants(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { staff, grant } = await requireGrant(ctx, StaffRole.administrator);
  const person = await pathPerson(ctx, params);
  const body = await readBody(ctx, staffGrantsBody);
  if (person.id === staff.person.id && !body.grants.some((g) => g.role === StaffRole.administrator)) throw refusal(StaffAccountReason.ownAccount);
  await refuseBadPerson(ctx.db, { grants: body.grants });
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await setStaffGrants(tx, person.id, body.grants);
    await auditStaff(tx, staff, grant, "staff.grants", { detail: { staffId: person.id, roles: body.grants.map((g) => g.role).join(",") }, at: now });
  });
  return listItemAnswer(ctx.db, person.id);
}

/** POST /api/staff/people/{staffId}/disable (administrators): the person can no longer sign in; their sessions end now. */
async function disable(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { staff, grant } = await requireGrant(ctx, StaffRole.administrator);
  const person = await pathPerson(ctx, params);
  if (person.id === staff.person.id) throw refusal(StaffAccountReason.ownAccount);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await disableStaffPerson(tx, person.id, now);
    const ended = await endStaffSessions(tx, person.id, now);
    await auditStaff(tx, staff, grant, "staff.disable", { detail: { staffId: person.id, sessionsEnded: ended }, at: now });
  });
  return listItemAnswer(ctx.db, person.id);
}

/**
 * POST /api/staff/people/{staffId}/link (administrators): a new setup link, emailed. For a person already set up ("lost
 * phone") their password, authenticator and recovery codes are reset and their sessions end: the link starts again.
 * Not for oneself (409 ownAccount) nor a disabled person (404).
 */
async function newLink(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const { staff, grant } = await requireGrant(ctx, StaffRole.administrator);
  const person = await pathPerson(ctx, params);
  if (person.id === staff.person.id) throw refusal(StaffAccountReason.ownAccount);
  if (person.disabledAt) throw notFound();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const reset = Boolean(person.passwordHash || person.totpSecret);
    if (reset) {
      await resetStaffFactors(tx, person.id);
      await endStaffSessions(tx, person.id, now);
    }
    await issueStaffLink(tx, ctx.settings, person, now, { email: true });
    await auditStaff(tx, staff, grant, "staff.link", { detail: { staffId: person.id, reset }, at: now });
  });
  return listItemAnswer(ctx.db, person.id);
}

/** GET /api/staff/organisations (administrators): the labs and centers a grant may name. */
async function organisations(ctx: Ctx): Promise<Response> {
  await requireGrant(ctx, StaffRole.administrator);
  return ok(await staffOrganisationList(ctx.db));
}

export const staffAccountRoutes: Route<Ctx>[] = [
  {
    method: "POST",
    pattern: "/api/staff/sign-in",
    handle: signIn,
    doc: {
      summary: "A staff person's email and password: a pending step (`code`, or `setup` when the authenticator is not set up).",
      auth: "none",
      body: staffSignInBody,
      answer: staffPending,
    },
  },
  {
    method: "POST",
    pattern: "/api/staff/sign-in/code",
    handle: signInCode,
    doc: {
      summary: "The second factor with the pending `code` token: an authenticator code or a recovery code; the session.",
      auth: "staff",
      body: staffCodeBody,
      answer: staffSession,
    },
  },
  {
    method: "POST",
    pattern: "/api/staff/links/check",
    handle: checkLink,
    doc: { summary: "Whom a staff setup link is for (404 when unknown, used or expired).", auth: "none", body: staffLinkBody, answer: staffLinkInfo },
  },
  {
    method: "POST",
    pattern: "/api/staff/links/accept",
    handle: acceptLink,
    doc: {
      summary: "Uses a staff setup link: the person's new password; the pending `setup` step.",
      auth: "none",
      body: staffAcceptBody,
      answer: staffPending,
    },
  },
  {
    method: "GET",
    pattern: "/api/staff/setup",
    handle: setupInfo,
    doc: { summary: "The authenticator's new secret, with the pending `setup` token.", auth: "staff", answer: staffSetupInfo },
  },
  {
    method: "POST",
    pattern: "/api/staff/setup",
    handle: confirmSetup,
    doc: {
      summary: "Confirms the authenticator with its first code (pending `setup` token): the session and ten recovery codes, answered once.",
      auth: "staff",
      body: staffCodeBody,
      answer: staffSetupResult,
    },
  },
  {
    method: "GET",
    pattern: "/api/staff/me",
    handle: me,
    doc: { summary: "The signed-in staff person and when the session ends.", auth: "staff", answer: staffMe },
  },
  {
    method: "POST",
    pattern: "/api/staff/sign-out",
    handle: signOut,
    doc: { summary: "Ends the staff session (or pending step) of the bearer token.", auth: "staff", answer: z.null() },
  },
  {
    method: "GET",
    pattern: "/api/staff/people",
    handle: people,
    doc: { summary: "Administrators: every staff person with roles and status.", auth: "staff", answer: z.array(staffListItem) },
  },
  {
    method: "POST",
    pattern: "/api/staff/people",
    handle: invite,
    doc: {
      summary: "Administrators: invites a staff person with their roles (their setup link is emailed to them).",
      auth: "staff",
      body: staffInviteBody,
      answer: staffInviteResult,
    },
  },
  {
    method: "POST",
    pattern: "/api/staff/people/:staffId/grants",
    handle: setGrants,
    doc: { summary: "Administrators: replaces a person's roles.", auth: "staff", body: staffGrantsBody, answer: staffListItem },
  },
  {
    method: "POST",
    pattern: "/api/staff/people/:staffId/disable",
    handle: disable,
    doc: { summary: "Administrators: disables a person; their open sessions end.", auth: "staff", answer: staffListItem },
  },
  {
    method: "POST",
    pattern: "/api/staff/people/:staffId/link",
    handle: newLink,
    doc: {
      summary: "Administrators: emails a new setup link; for a person already set up, resets their password, authenticator and recovery codes.",
      auth: "staff",
      answer: staffListItem,
    },
  },
  {
    method: "GET",
    pattern: "/api/staff/organisations",
    handle: organisations,
    doc: { summary: "Administrators: the labs and transplant centers a role may name.", auth: "staff", answer: staffOrganisations },
  },
];

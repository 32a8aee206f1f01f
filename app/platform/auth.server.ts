import { data, redirectDocument } from "react-router";
import { randomBytes } from "node:crypto";
import { Language } from "../../registry/contract";
import type { AuthResult } from "../../registry/contract";
import { SessionExpiredError } from "~/registry/client.server";
import { answerOr, reach } from "~/registry/reach.server";
import type { Session } from "./session.server";
import { TOKEN_REFRESH_MARGIN_MS, type FlashMessage, type SessionData } from "./session-keys";
import { draftFor, lapsedSignIn } from "./draft-across-sign-in";
import type { PortalContext } from "~/platform/context";

/**
 * Everything the session holds for one patient or one visitor's form in progress: cleared when a sign-in ends and
 * before a new one starts, so nothing of one patient (drafts, pending forms, codes) is left for the next person on the
 * same browser. Only the flash messages, the anonymous CSRF token and the language of the pages (the page that says why
 * the patient was signed out is in the patient's language, docs/decisions/040) outlive a sign-in. A record, so that a new session
 * key does not compile until it is listed here.
 */
const PATIENT_KEYS: Record<Exclude<keyof SessionData, "flash" | "csrf" | "lang">, true> = {
  token: true,
  tokenExpires: true,
  medicalRecordId: true,
  firstName: true,
  signedInAt: true,
  lastSeenAt: true,
  pendingRegistration: true,
  hipaaPasswords: true,
  pendingProfile: true,
  resetOutcome: true,
  pendingCode: true,
  screeningDraft: true,
  medicalHistoryDraft: true,
  cancelCenter: true,
  carriedForm: true,
  surgeBrowser: true,
  // ACC-052: outlive a sign-in that lapsed (the limits, toRegister) for the same patient's next sign-in only (114).
  lapsedSignIn: true,
  profileDraft: true,
};

/** What a sign-in that lapsed leaves for the same patient's next sign-in (ACC-052; docs/decisions/114). */
const KEPT_AFTER_LAPSE = new Set<keyof SessionData>(["lapsedSignIn", "profileDraft"]);

/** Queues a flash message; the same message twice (two loaders of one request) shows once. */
export function addFlash(session: Session<{ flash?: FlashMessage[] }>, message: FlashMessage): void {
  const queued = session.get("flash") ?? [];
  if (queued.some((m) => m.key === message.key && m.kind === message.kind)) return;
  session.set("flash", [...queued, message]);
}

/** Starts a signed-in session; a fresh CSRF token is issued so nothing from before sign-in carries over. */
export function signIn(session: Session, auth: AuthResult, patient: { firstName: string; preferredLanguage: number }, now = Date.now()): void {
  // ACC-052: a profile draft kept when the last sign-in ended goes on only for the same patient (docs/decisions/114).
  const draft = draftFor(session.get("profileDraft"), auth.medicalRecordId, now);
  clearSignIn(session);
  if (draft) session.set("profileDraft", draft);
  session.set("token", auth.token);
  session.set("tokenExpires", auth.expires);
  session.set("medicalRecordId", auth.medicalRecordId);
  session.set("firstName", patient.firstName);
  session.set("lang", patient.preferredLanguage === Language.Spanish ? "es" : "en");
  session.set("signedInAt", now);
  session.set("lastSeenAt", now);
  session.set("csrf", randomBytes(24).toString("base64url"));
}

/**
 * Forgets the sign-in and everything of the patient. `lapsed`: the sign-in ran out rather than being ended on
 * purpose (a limit, a refused token), so what it leaves for the same patient's next sign-in stays (ACC-052).
 */
export function clearSignIn(session: Session, opts: { lapsed?: boolean } = {}): void {
  for (const key of Object.keys(PATIENT_KEYS) as Array<keyof typeof PATIENT_KEYS>) {
    if (!(opts.lapsed && KEPT_AFTER_LAPSE.has(key))) session.unset(key);
  }
}

/**
 * The idle or 12-hour limit ended the sign-in (server.ts, PLT-011): the patient reads why on the next page, and the
 * session remembers whose sign-in it was, so a profile form posted after it is kept for them (ACC-052, 114).
 */
export function endSignInAtLimit(session: Session, limit: "idle" | "absolute", now = Date.now()): void {
  const lapsed = lapsedSignIn(session.get("medicalRecordId"), now);
  clearSignIn(session, { lapsed: true });
  addFlash(session, { kind: "status", key: limit === "idle" ? "session.timedOut" : "session.expired" });
  if (lapsed) session.set("lapsedSignIn", lapsed);
}

/** The messages that say why a sign-in ended (docs/decisions/040). */
const SIGN_IN_ENDED = new Set(["session.timedOut", "session.expired", "session.ended", "session.signedOut"]);

/**
 * Where a patient goes when the portal cannot vouch for their sign-in (PLT-001: logout marker). 'Please sign in to
 * continue.' is only for a visitor who was not signed in: when the reason the sign-in ended is already queued (the
 * idle or 12-hour limit, a sign-out elsewhere), that reason is what the patient reads (docs/decisions/040).
 */
export function toRegister(session: Session, flash?: FlashMessage): never {
  clearSignIn(session, { lapsed: true });
  const queued = session.get("flash") ?? [];
  const ended = queued.some((m) => SIGN_IN_ENDED.has(m.key));
  if (flash && !(flash.key === "session.signInRequired" && ended)) addFlash(session, flash);
  // A full page load even after a client-side navigation: the tab keeps nothing of the patient (docs/decisions/088).
  throw redirectDocument("/register?logout=true");
}

/**
 * Why the registry refused a token that the revocation check had not caught yet: a token past its time timed out;
 * one still within it was revoked (a sign-out or a password change elsewhere), not idle (docs/decisions/040).
 */
export function refusedReason(session: Session, now = Date.now()): FlashMessage {
  const expires = Date.parse(session.get("tokenExpires") ?? "");
  return { kind: "status", key: Number.isFinite(expires) && expires > now ? "session.ended" : "session.timedOut" };
}

/**
 * The header's 'Welcome, {first name}' (every page, public ones too): only for a sign-in the registry still honours.
 * A revoked one (a copied cookie after sign-out) is cleared here as on a private page (docs/decisions/023).
 */
export async function headerFirstName(context: PortalContext): Promise<string | null> {
  const { session } = context;
  const token = session.get("token");
  const firstName = session.get("firstName");
  if (!token || !firstName) return null;
  if ((await context.registry.signInStatus(token)) !== "refused") return firstName;
  clearSignIn(session);
  addFlash(session, { kind: "status", key: "session.ended" });
  return null;
}

export type SignedIn = {
  token: string;
  medicalRecordId: number;
  /**
   * Set when the registry could not be reached to vouch for the token just now (docs/decisions/023): pages backed by
   * the registry say it is down anyway; pages that would show health answers kept in the session refuse
   * (refuseUnvouched).
   */
  unvouched?: true;
};

/**
 * For every private page and action: the patient's token and record id, refreshed with the registry when it nears its
 * end. Without a sign-in, or when the registry refuses the token, the patient lands on /register and the session
 * loses everything of the patient (drafts of health answers included). The registry is asked whether the token is
 * still honoured (revoked by a sign-out or a password change elsewhere) at most once a second per token
 * (docs/decisions/023), so a copied cookie opens nothing a second after the sign-out.
 */
export async function requirePatient(context: PortalContext, now = Date.now()): Promise<SignedIn> {
  const { session, registry } = context;
  const token = session.get("token");
  const medicalRecordId = session.get("medicalRecordId");
  if (!token || !medicalRecordId) return toRegister(session, { kind: "status", key: "session.signInRequired" });
  // "unknown" (the registry cannot be reached) goes on, marked unvouched: every page that shows registry data then
  // says the registry is down, and the drafts of health answers are not shown (docs/decisions/023).
  const status = await registry.signInStatus(token);
  if (status === "refused") return toRegister(session, { kind: "status", key: "session.ended" });
  const unvouched = status === "unknown" ? ({ unvouched: true } as const) : {};
  const expires = Date.parse(session.get("tokenExpires") ?? "");
  if (!Number.isFinite(expires) || expires - now < TOKEN_REFRESH_MARGIN_MS) {
    try {
      const refreshed = await reach(registry.refreshToken(token));
      if (!refreshed.reached) {
        // The registry cannot renew it: the token still in its time goes on, unvouched; an expired one cannot.
        if (expires > now) return { token, medicalRecordId, unvouched: true };
        throw refreshed.error;
      }
      const answer = refreshed.answer;
      if (!answer.success || !answer.results) return toRegister(session, refusedReason(session, now));
      session.set("token", answer.results.token);
      session.set("tokenExpires", answer.results.expires);
      return { token: answer.results.token, medicalRecordId };
    } catch (error) {
      if (error instanceof SessionExpiredError) return toRegister(session, refusedReason(session, now));
      throw error;
    }
  }
  return { token, medicalRecordId, ...unvouched };
}

/**
 * For pages that show health answers kept only in the session (the medical history's draft): without the registry
 * vouching for the sign-in just now, they answer 503 'We could not reach the registry...' and keep the draft for later.
 */
export function refuseUnvouched(patient: SignedIn): void {
  if (patient.unvouched) throw data({ unavailable: true }, { status: 503 });
}

/** Runs a registry call for a signed-in patient; a refused token sends them to /register saying why (refusedReason). */
export async function withPatient<T>(context: PortalContext, fn: (patient: SignedIn) => Promise<T>): Promise<T> {
  const patient = await requirePatient(context);
  try {
    return await fn(patient);
  } catch (error) {
    if (error instanceof SessionExpiredError) return toRegister(context.session, refusedReason(context.session));
    throw error;
  }
}

/**
 * The signed-in patient's record, account and screenings (GET /api/pass/{id}), or null when the registry
 * cannot answer: the page then says so instead of failing. A refused token leads to /register (withPatient).
 */
export async function readPassRecord(context: PortalContext) {
  return withPatient(context, async ({ token, medicalRecordId }) => {
    const answer = await answerOr(context.registry.passRecord(medicalRecordId, token), null);
    return answer?.success ? answer.results : null;
  });
}

import { z } from "zod";
import {
  CLIENT_ADDRESS_HEADER,
  addressValidation,
  authResult,
  centerSelection,
  CLIENT_USER_AGENT_HEADER,
  codeResultAnswer,
  INVITE_TOKEN_HEADER,
  REQUEST_ID_HEADER,
  eSignDocument,
  eSignResult,
  envelope,
  FormReason,
  inviteInfo,
  LAB_RESULTS_FILE,
  LAB_TESTS_FILE,
  labReadiness,
  lookupData,
  medicalHistory as medicalHistorySchema,
  outboxEntry,
  passRecord,
  phoneCheck,
  refreshResult,
  registerAnswer,
  RegistryMessage,
  resetResult,
  screening as screeningSchema,
  transplantCenter,
  USER_AGENT_MAX,
  validateTokenResult,
  type LabReadiness,
  type MedicalHistoryBody,
  type RegisterAnswer,
  type ScreeningBody,
  type SelectCenterBody,
} from "../../registry/contract";
import {
  KNOWN_DEVICE_HEADER,
  knownDeviceHeader,
  PROVED_WORK_HEADER,
  spendChallengeResult,
  type KnownDeviceClaim,
} from "../../registry/contract/sign-in";
import { textMessagesState } from "../../registry/contract/text-messages";
import { closeAccountResult, MY_RECORD_CONTENT_TYPE, MY_RECORD_FILE, myRecordFile, type MyRecordFormat } from "../../registry/contract/my-record";
import { ANSWERS_PDF_FILE, type AnswersPdfBody, type AnswersPdfKind } from "../../registry/contract/answers-pdf";
import { devicesResult, messageChoicesResult, signOutDeviceResult } from "../../registry/contract/devices-schemas";
import type { MessageChoices } from "../../registry/contract/message-choices";
import { createSignInChecks } from "./sign-in-checks.server";
import { staffCalls } from "./staff-calls.server";
import { staffProgramCalls, type StaffFileAnswer } from "./staff-program-calls.server";
import { staffCenterCalls } from "./staff-center-calls.server";
import { staffLabCalls } from "./staff-lab-calls.server";
import type { TextKey } from "~/texts/texts";

/**
 * server.ts (bundled by esbuild) creates the client, and the React Router build checks its errors: each bundle has its own
 * copy of this module, so the error classes recognise each other by a brand shared across copies, not by identity.
 */
const UNAVAILABLE = Symbol.for("pass-portal.RegistryUnavailableError");
const EXPIRED = Symbol.for("pass-portal.SessionExpiredError");
const BUSY = Symbol.for("pass-portal.RegistryBusyError");
const branded = (value: unknown, brand: symbol) => typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;

/** The registry could not be reached, or answered something that is not the contract. */
export class RegistryUnavailableError extends Error {
  readonly [UNAVAILABLE] = true;
  static [Symbol.hasInstance](value: unknown): boolean {
    return branded(value, UNAVAILABLE);
  }
  constructor(reason: string) {
    super(`Registry unavailable: ${reason}`);
    this.name = "RegistryUnavailableError";
  }
}
/**
 * The registry is too busy hashing passwords just now (503 limits.busy, docs/decisions/020): try again after
 * `retryAfterS` seconds. A RegistryUnavailableError too, so a caller that does not tell them apart still answers.
 */
export class RegistryBusyError extends RegistryUnavailableError {
  readonly [BUSY] = true;
  static override [Symbol.hasInstance](value: unknown): boolean {
    return branded(value, BUSY);
  }
  constructor(readonly retryAfterS: number) {
    super("busy");
    this.name = "RegistryBusyError";
  }
}
/** The form message for a registry that did not answer: busy (docs/decisions/020) or unreachable. */
export function unavailableMessageKey(error: RegistryUnavailableError): TextKey {
  return error instanceof RegistryBusyError ? "limits.busy" : "errors.registryDown";
}
/**
 * The form message for a post the registry or its database could not save (docs/decisions/086): busy, or "We could not
 * save this just now. Nothing you typed was lost", with the form shown again as typed.
 */
export function notSavedMessageKey(error: RegistryUnavailableError): TextKey {
  return error instanceof RegistryBusyError ? "limits.busy" : "errors.notSaved";
}
/** The registry refused the sign-in token (expired, revoked or missing). */
export class SessionExpiredError extends Error {
  readonly [EXPIRED] = true;
  static [Symbol.hasInstance](value: unknown): boolean {
    return branded(value, EXPIRED);
  }
  constructor() {
    super("Registry refused the sign-in token");
    this.name = "SessionExpiredError";
  }
}

export type Fetcher = (request: Request) => Promise<Response>;

export type Answer<T> = {
  status: number;
  success: boolean;
  results: T | null;
  message: string | null;
  errors?: Record<string, string>;
  /** Seconds to wait, from the Retry-After of a refusal (429: a limit, docs/decisions/021). */
  retryAfter?: number;
};

/** Seconds of a Retry-After header given in seconds (the registry's form), or undefined. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get("retry-after")?.trim() ?? "";
  return /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

/**
 * A lab PDF download (LAB-003, LAB-004): the file, or the registry's refusal (its `results` say why: the lab readiness
 * reasons and messages, LAB-003).
 */
export type PdfDownload = { status: number; success: true; pdf: Uint8Array; contentType: string; fileName: string };
export type PdfAnswer = PdfDownload | (Answer<LabReadiness> & { success: false; pdf: null });

/** The patient's own record as a file (ACC-043, ACC-044): its bytes as the registry made them, or the refusal. */
export type RecordFileAnswer =
  | { status: number; success: true; bytes: Uint8Array; contentType: string; fileName: string }
  | (Answer<unknown> & { success: false; bytes: null });

/**
 * The results of answers the portal reads nothing of but the envelope, and the centers' lists: one schema each, made
 * once, so the envelope made of it is too (registry/contract/envelope.ts keeps one per results schema).
 */
const anyResults = z.unknown();
const centersResults = z.array(transplantCenter);
const outboxResults = z.array(outboxEntry);

/** An answer that may carry an address to confirm (register, update-medical-record; PLT-019, ACC-007). */
const withAddress = z.object({ addressValidation: addressValidation.nullable().optional() });
export type AddressAnswer<T> = Answer<T> & { addressValidation?: z.infer<typeof addressValidation> | null };

/**
 * The browser behind a portal request (docs/decisions/085): every call made for it forwards its address, user agent
 * and request id, which the registry stores in each audit row the call writes.
 */
/** POST /authenticate's options: what the portal vouches for about the browser signing in. */
export type AuthenticateOptions = {
  /** The browser's address (else the request's, `forRequest`). */
  clientAddress?: string;
  /** Its verified known-device mark for an account (docs/decisions/087). */
  knownDevice?: KnownDeviceClaim;
  /** It solved the surge step's proof of work and this portal verified it (docs/decisions/134): `X-Proved-Work`. */
  provedWork?: boolean;
};
export type ForwardedOrigin = { clientAddress: string; userAgent: string; requestId: string };

type ClientOptions = { fetch: Fetcher; baseUrl: string };
/** What the clients of one process share: the options and the revocation checks' cache (docs/decisions/023). */
type Shared = ClientOptions & { signInChecks?: ReturnType<typeof createSignInChecks> };

/**
 * The one typed client of the registry API. Every request and answer crosses the contract's schemas;
 * routes never build registry URLs themselves. One per process; `forRequest` gives the client of one portal request
 * (the load context's `registry`), the same calls with that browser's details forwarded.
 */
export function createRegistryClient(opts: ClientOptions): RegistryClient {
  const shared: Shared = { ...opts };
  const make = (origin: ForwardedOrigin | undefined): RegistryClient => ({ ...clientMethods(shared, origin), forRequest: make });
  return make(undefined);
}

function clientMethods(opts: Shared, origin: ForwardedOrigin | undefined) {
  const base = opts.baseUrl.replace(/\/$/, "");

  type CallInit = {
    token?: string;
    body?: unknown;
    clientAddress?: string;
    accept?: string;
    userAgent?: string;
    inviteToken?: string;
    /** The sign-in's known-device claim (docs/decisions/087), as `X-Known-Device`. */
    knownDevice?: KnownDeviceClaim;
    /** The sign-in's browser solved the proof of work and the portal verified it (docs/decisions/134), as `X-Proved-Work`. */
    provedWork?: boolean;
    /** A 401 is an answer to read (the staff console's calls say why: a wrong code, an ended session), not SessionExpiredError. */
    answerRefusals?: boolean;
  };

  /** Sends one request; a transport failure or a 5xx answer is RegistryUnavailableError. */
  async function send(method: "GET" | "POST" | "PUT", path: string, init: CallInit): Promise<Response> {
    const headers = new Headers({ Accept: init.accept ?? "application/json" });
    if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
    // The registry rate-limits calls per client address (ACC-018) and audits it with the user agent and the request id
    // (docs/decisions/085).
    const clientAddress = init.clientAddress || origin?.clientAddress;
    if (clientAddress) headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
    // The browser's user agent, stored with an e-signature (ESG-003) and in the audit log.
    const userAgent = init.userAgent || origin?.userAgent;
    if (userAgent) headers.set(CLIENT_USER_AGENT_HEADER, userAgent.slice(0, USER_AGENT_MAX));
    if (origin?.requestId) headers.set(REQUEST_ID_HEADER, origin.requestId);
    // A header holds printable ASCII only; a link's token is base64url, so anything else in it (a pasted or fuzzed
    // link) is sent percent-encoded: it matches no invite and is answered as an invalid link, never a 500.
    if (init.inviteToken)
      headers.set(INVITE_TOKEN_HEADER, /^[\x21-\x7e]+$/.test(init.inviteToken) ? init.inviteToken : encodeURIComponent(init.inviteToken));
    if (init.knownDevice) headers.set(KNOWN_DEVICE_HEADER, knownDeviceHeader(init.knownDevice));
    if (init.provedWork) headers.set(PROVED_WORK_HEADER, "1");
    if (init.body !== undefined) headers.set("Content-Type", "application/json");
    let response: Response;
    try {
      response = await opts.fetch(
        new Request(`${base}${path}`, {
          method,
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        }),
      );
    } catch (error) {
      throw new RegistryUnavailableError(error instanceof Error ? error.name : "fetch failed");
    }
    if (response.status === 503) await refuseBusy(response);
    if (response.status >= 500) throw new RegistryUnavailableError(`status ${response.status}`);
    return response;
  }

  /** A 503 whose reason is limits.busy is RegistryBusyError (any other 503 stays "unavailable"). */
  async function refuseBusy(response: Response): Promise<void> {
    const body: unknown = await response.json().catch(() => null);
    const parsed = envelope(anyResults).safeParse(body);
    if (parsed.success && parsed.data.errors?.form === FormReason.busy) throw new RegistryBusyError(retryAfterOf(response) ?? 1);
  }

  async function call<S extends z.ZodType>(
    method: "GET" | "POST" | "PUT",
    path: string,
    results: S,
    init: CallInit = {},
  ): Promise<Answer<z.infer<S>> & { raw: unknown }> {
    return envelopeOf(await send(method, path, init), results, init);
  }

  /** The contract-checked envelope of an answer; 401 to a call with a token is SessionExpiredError. */
  async function envelopeOf<S extends z.ZodType>(response: Response, results: S, init: CallInit): Promise<Answer<z.infer<S>> & { raw: unknown }> {
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new RegistryUnavailableError("answer is not JSON");
    }
    const parsed = envelope(results).safeParse(json);
    if (!parsed.success) throw new RegistryUnavailableError("answer does not match the contract");
    if (response.status === 401 && init.token && !init.answerRefusals) throw new SessionExpiredError();
    const retryAfter = retryAfterOf(response);
    return { status: response.status, ...parsed.data, ...(retryAfter === undefined ? {} : { retryAfter }), raw: json } as Answer<z.infer<S>> & {
      raw: unknown;
    };
  }

  /** Adds the `addressValidation` of an answer (checked against the contract). */
  function addressOf<T>(answer: Answer<T> & { raw: unknown }): AddressAnswer<T> {
    const extra = withAddress.safeParse(answer.raw);
    if (!extra.success) throw new RegistryUnavailableError("address validation does not match the contract");
    const { raw: _raw, ...rest } = answer;
    return { ...rest, addressValidation: extra.data.addressValidation };
  }

  function strip<T>(answer: Answer<T> & { raw: unknown }): Answer<T> {
    const { raw: _raw, ...rest } = answer;
    return rest;
  }

  function query(params: Record<string, string>): string {
    return `?${new URLSearchParams(params).toString()}`;
  }

  /** A PDF, or the JSON refusal of a download (a success answer that is not a PDF is not the contract). */
  async function pdf(path: string, token: string, fileName: string): Promise<PdfAnswer> {
    const init: CallInit = { token, accept: "application/pdf, application/json" };
    const response = await send("GET", path, init);
    const contentType = response.headers.get("content-type") ?? "";
    if (response.status === 200 && /^application\/pdf\b/i.test(contentType)) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (new TextDecoder().decode(bytes.subarray(0, 5)) !== "%PDF-") throw new RegistryUnavailableError("answer is not a PDF");
      return { status: 200, success: true, pdf: bytes, contentType: "application/pdf", fileName };
    }
    const answer = strip(await envelopeOf(response, labReadiness, init));
    if (answer.success) throw new RegistryUnavailableError("answer is not a PDF");
    return { ...answer, success: false, pdf: null };
  }

  /** The record file of a format: checked (a PDF's signature, the JSON against the contract), passed on as it came. */
  async function recordFile(path: string, token: string, format: MyRecordFormat): Promise<RecordFileAnswer> {
    const init: CallInit = { token, accept: `${MY_RECORD_CONTENT_TYPE[format]}, application/json` };
    const response = await send("GET", path, init);
    const disposition = response.headers.get("content-disposition") ?? "";
    if (response.status === 200 && /^attachment\b/i.test(disposition)) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder();
      if (format === "pdf" && text.decode(bytes.subarray(0, 5)) !== "%PDF-") throw new RegistryUnavailableError("answer is not a PDF");
      if (format === "json") {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text.decode(bytes));
        } catch {
          throw new RegistryUnavailableError("answer is not JSON");
        }
        if (!myRecordFile.safeParse(parsed).success) throw new RegistryUnavailableError("answer is not the record file");
      }
      return { status: 200, success: true, bytes, contentType: MY_RECORD_CONTENT_TYPE[format], fileName: MY_RECORD_FILE[format] };
    }
    const answer = strip(await envelopeOf(response, anyResults, init));
    if (answer.success) throw new RegistryUnavailableError("answer is not a file");
    return { ...answer, success: false, bytes: null };
  }

  /** The PDF of the answers the page shows (SCR-025, MHX-010): its bytes as the registry made them, or the refusal. */
  async function answersFile(path: string, token: string, kind: AnswersPdfKind, body: AnswersPdfBody): Promise<RecordFileAnswer> {
    const init: CallInit = { token, body, accept: "application/pdf, application/json" };
    const response = await send("POST", path, init);
    if (response.status === 200 && /^application\/pdf\b/i.test(response.headers.get("content-type") ?? "")) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (new TextDecoder().decode(bytes.subarray(0, 5)) !== "%PDF-") throw new RegistryUnavailableError("answer is not a PDF");
      return { status: 200, success: true, bytes, contentType: "application/pdf", fileName: ANSWERS_PDF_FILE[kind] };
    }
    const answer = strip(await envelopeOf(response, anyResults, init));
    if (answer.success) throw new RegistryUnavailableError("answer is not a PDF");
    return { ...answer, success: false, bytes: null };
  }

  /** A staff call's file (a PDF, a CSV) with its content type checked, or the JSON refusal (docs/decisions/133). */
  async function staffFile(
    path: string,
    token: string,
    file: { contentType: "application/pdf" | "text/csv"; fileName: string },
  ): Promise<StaffFileAnswer> {
    const init: CallInit = { token, accept: `${file.contentType}, application/json`, answerRefusals: true };
    const response = await send("GET", path, init);
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (response.status === 200 && type === file.contentType) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (file.contentType === "application/pdf" && new TextDecoder().decode(bytes.subarray(0, 5)) !== "%PDF-")
        throw new RegistryUnavailableError("answer is not a PDF");
      return { status: 200, success: true, bytes, contentType: file.contentType, fileName: file.fileName };
    }
    const answer = strip(await envelopeOf(response, anyResults, init));
    if (answer.success) throw new RegistryUnavailableError("answer is not a file");
    return { ...answer, success: false, bytes: null };
  }

  /**
   * GET /validate-token with the token in the Authorization header (the registry refuses the spec's query string, which
   * would put the token in URLs and access logs; docs/decisions/085).
   */
  async function verifyToken(token: string) {
    const answer = await call("GET", "/validate-token", validateTokenResult, { token });
    return answer.success && answer.results ? { medicalRecordId: answer.results.medicalRecordId } : null;
  }
  /** One per process (shared by every request's client): the revocation check of every private request (docs/decisions/023). */
  const signInChecks = (opts.signInChecks ??= createSignInChecks({
    verify: async (token) => {
      try {
        return await verifyToken(token);
      } catch (error) {
        if (error instanceof SessionExpiredError) return null;
        throw error;
      }
    },
    isUnavailable: (error) => error instanceof RegistryUnavailableError,
  }));
  /** A call after which the account's earlier tokens may be revoked: this process asks about them again at once. */
  async function revoking<T>(medicalRecordId: number | null, answer: Promise<T>): Promise<T> {
    try {
      return await answer;
    } finally {
      signInChecks.forgetRecord(medicalRecordId);
    }
  }

  return {
    /** Whether the registry still honours a sign-in token (cached for at most a second; docs/decisions/023). */
    signInStatus: (token: string) => signInChecks.status(token),
    /** The staff console's calls (docs/decisions/126, 127). */
    staff: staffCalls(async (method, path, results, init) => strip(await call(method, path, results, { ...init, answerRefusals: true }))),
    staffProgram: staffProgramCalls(
      async (method, path, results, init) => strip(await call(method, path, results, { ...init, answerRefusals: true })),
      staffFile,
    ),
    /** The transplant center's area of the staff console (docs/decisions/133). */
    staffCenter: staffCenterCalls(
      async (method, path, results, init) => strip(await call(method, path, results, { ...init, answerRefusals: true })),
      pdf,
    ),
    staffLab: staffLabCalls(async (method, path, results, init) => strip(await call(method, path, results, { ...init, answerRefusals: true }))),
    async register(
      payload: unknown,
      opts2: { inviteToken?: string; addressConfirmed?: boolean; clientAddress?: string } = {},
    ): Promise<RegisterAnswer & { status: number }> {
      // The invite token in a header, never in the URL (docs/decisions/085).
      const path = opts2.addressConfirmed ? `/register${query({ addrConfirmed: "true" })}` : "/register";
      const answer = await call("POST", path, authResult, { body: payload, clientAddress: opts2.clientAddress, inviteToken: opts2.inviteToken });
      const full = registerAnswer.safeParse(answer.raw);
      if (!full.success) throw new RegistryUnavailableError("register answer does not match the contract");
      return { ...full.data, status: answer.status };
    },
    /**
     * POST /authenticate; `knownDevice`: the browser's verified known-device mark for an account (docs/decisions/087);
     * `provedWork`: the browser solved the surge step's proof of work and this portal verified it (134).
     */
    authenticate: async (email: string, password: string, options: AuthenticateOptions = {}) =>
      strip(
        await call("POST", "/authenticate", authResult, {
          body: { email, password },
          clientAddress: options.clientAddress,
          knownDevice: options.knownDevice,
          provedWork: options.provedWork,
        }),
      ),
    /**
     * POST /sign-in-challenges: spends a surge challenge once across every portal process, within the address's
     * allowance a minute (docs/decisions/135). `nonceHash`: the SHA-256 (hex) of the challenge's nonce.
     */
    spendSignInChallenge: async (nonceHash: string, expiresAt: Date, clientAddress: string) =>
      strip(
        await call("POST", "/sign-in-challenges", spendChallengeResult, { body: { nonceHash, expiresAt: expiresAt.toISOString() }, clientAddress }),
      ),
    /** POST /sign-in-link {token}: signs in with a one-time link emailed over the cap (docs/decisions/132). */
    signInWithLink: async (token: string, clientAddress?: string) =>
      strip(await call("POST", "/sign-in-link", authResult, { body: { token }, clientAddress })),
    // Tokens in the Authorization header only (docs/decisions/085). validate-token answers 200 either way.
    validateToken: async (token: string) => strip(await call("GET", "/validate-token", validateTokenResult, { token })),
    refreshToken: async (token: string) => strip(await call("GET", "/refresh-token", refreshResult, { token })),
    revokeToken: async (token: string, medicalRecordId: number | null = null) =>
      strip(await revoking(medicalRecordId, call("POST", "/revoke-token", anyResults, { token }))),
    lookupData: async () => strip(await call("GET", "/lookup-data", lookupData)),
    passRecord: async (medicalRecordId: number, token: string) => strip(await call("GET", `/api/pass/${medicalRecordId}`, passRecord, { token })),
    health: async () => strip(await call("GET", "/health", anyResults)),
    demoOutbox: async () => strip(await call("GET", "/demo/outbox", outboxResults)),

    /** POST /validate-phone (ACC-015): availability of a primary phone number. */
    validatePhone: async (phoneNumber: string, clientAddress: string, country?: number) =>
      strip(await call("POST", "/validate-phone", phoneCheck, { body: { phoneNumber, country }, clientAddress })),
    /** GET /validate-invite with the invite token in `X-Invite-Token` (ACC-004): what an invite pre-fills. */
    validateInvite: async (token: string, clientAddress: string) =>
      strip(await call("GET", "/validate-invite", inviteInfo, { clientAddress, inviteToken: token })),
    /** POST /forgot-password?emailAddress= (PLT-019): the same answer whether or not the account exists (ACC-023). */
    forgotPassword: async (email: string, clientAddress: string) =>
      strip(await call("POST", `/forgot-password${query({ emailAddress: email })}`, anyResults, { clientAddress })),
    /** POST /reset-password { token, email, password } -> { statusId, status }. */
    resetPassword: async (body: { token: string; email: string; password: string }, clientAddress: string) =>
      strip(await revoking(null, call("POST", "/reset-password", resetResult, { body, clientAddress }))),

    /** POST /api/mfa/send-confirmation-email and -text (ACC-026). */
    sendConfirmationEmail: async (token: string, medicalRecordId: number, email: string, currentPassword?: string) =>
      strip(await call("POST", "/api/mfa/send-confirmation-email", anyResults, { token, body: { medicalRecordId, email, currentPassword } })),
    sendConfirmationText: async (token: string, medicalRecordId: number, phoneNumber: string) =>
      strip(await call("POST", "/api/mfa/send-confirmation-text", anyResults, { token, body: { medicalRecordId, phoneNumber } })),
    /** GET /api/pass/{id}/text-messages: whether texts to the mobile number are stopped (docs/decisions/106). */
    textMessages: async (token: string, medicalRecordId: number) =>
      strip(await call("GET", `/api/pass/${medicalRecordId}/text-messages`, textMessagesState, { token })),
    /** POST /api/mfa/update-confirmation?medicalRecordId= -> results: CodeResult (1 valid, 2 wrong, 3 expired). */
    updateConfirmation: async (
      token: string,
      medicalRecordId: number,
      body: { code: string; value: string; isEmail: boolean },
      clientAddress?: string,
    ) =>
      strip(
        await call("POST", `/api/mfa/update-confirmation${query({ medicalRecordId: String(medicalRecordId) })}`, codeResultAnswer, {
          token,
          body,
          clientAddress,
        }),
      ),

    /** POST /api/pass/{id}/update-medical-record (profile, ACC-029); may answer an address to confirm (ACC-007). */
    updateMedicalRecord: async (token: string, medicalRecordId: number, body: Record<string, unknown>, opts2: { addressConfirmed?: boolean } = {}) =>
      addressOf(
        await call(
          "POST",
          `/api/pass/${medicalRecordId}/update-medical-record${opts2.addressConfirmed ? query({ addrConfirmed: "true" }) : ""}`,
          anyResults,
          { token, body },
        ),
      ),
    /**
     * POST /api/pass/{id}/update-password {currentPassword, password, confirmPassword} -> a fresh token for this session;
     * earlier sessions are revoked (ACC-030). A wrong current password: 400 errors.currentPassword (docs/decisions/025).
     */
    updatePassword: async (token: string, medicalRecordId: number, body: { currentPassword: string; password: string; confirmPassword: string }) =>
      strip(await revoking(medicalRecordId, call("POST", `/api/pass/${medicalRecordId}/update-password`, refreshResult, { token, body }))),
    /** POST /api/pass/{id}/opt-in-out/{type} (1 opt out, 2 opt in). */
    optInOut: async (token: string, medicalRecordId: number, type: number) =>
      strip(await call("POST", `/api/pass/${medicalRecordId}/opt-in-out/${type}`, anyResults, { token })),
    /** GET /api/pass/{id}/message-choices (docs/decisions/109): email, text or both for each kind of message. */
    messageChoices: async (token: string, medicalRecordId: number) =>
      strip(await call("GET", `/api/pass/${medicalRecordId}/message-choices`, messageChoicesResult, { token })),
    /** POST /api/pass/{id}/message-choices: every kind, at least one channel each. */
    saveMessageChoices: async (token: string, medicalRecordId: number, body: MessageChoices) =>
      strip(await call("POST", `/api/pass/${medicalRecordId}/message-choices`, messageChoicesResult, { token, body })),
    /** GET /api/pass/{id}/devices: the patient's signed-in devices, this one marked. */
    devices: async (token: string, medicalRecordId: number) =>
      strip(await call("GET", `/api/pass/${medicalRecordId}/devices`, devicesResult, { token })),
    /** POST /api/pass/{id}/devices/sign-out {device}: one of the patient's devices ('this': this one) is signed out. */
    signOutDevice: async (token: string, medicalRecordId: number, device: string) =>
      strip(
        await revoking(
          medicalRecordId,
          call("POST", `/api/pass/${medicalRecordId}/devices/sign-out`, signOutDeviceResult, { token, body: { device } }),
        ),
      ),

    /** GET /api/pass/centers (PLT-019): every transplant center, by name (the screening's center dropdown). */
    transplantCenters: async (token: string) => strip(await call("GET", "/api/pass/centers", centersResults, { token })),
    /** POST /api/pass/{id}/screening (PLT-019): the first save of a screening, server-bound body (SCR-014). */
    createScreening: async (token: string, medicalRecordId: number, body: ScreeningBody) =>
      strip(await call("POST", `/api/pass/${medicalRecordId}/screening`, screeningSchema, { token, body })),
    /** PUT /api/pass/{id}/screening/{screeningId} (PLT-019): a later save of the same screening. */
    updateScreening: async (token: string, medicalRecordId: number, screeningId: number, body: ScreeningBody) =>
      strip(await call("PUT", `/api/pass/${medicalRecordId}/screening/${screeningId}`, screeningSchema, { token, body })),
    /** POST /api/pass/{id}/medical-record (SCR-011, PLT-019): the fields confirmed on the screening's Verify Info step. */
    validateMedicalRecord: async (token: string, medicalRecordId: number, body: Record<string, unknown>) =>
      strip(await call("POST", `/api/pass/${medicalRecordId}/medical-record`, anyResults, { token, body })),

    // --- Center selection and labs (CEN-006, CEN-008, CEN-009, LAB-001, LAB-003, LAB-004, LAB-006) ---------------------
    /** GET /api/pass/centers/{postalCode}/0/{distance} (PLT-019, CEN-001): member centers nearest first, within 100/300/1000 miles or any (0). */
    centersNear: async (token: string, postalCode: string, distance: number) =>
      strip(
        await call("GET", `/api/pass/centers/${encodeURIComponent(postalCode.trim() || "-")}/0/${distance}`, centersResults, {
          token,
        }),
      ),
    /**
     * POST /api/pass/{id}/screening/{screeningId}/center { centerId, reason, other } -> { centerId, centerName,
     * centerReferrals }; 409 errors.form = LabFormReason (giveAdditionalTime, sameCenter, ...), 400 field keys.
     */
    selectCenter: async (token: string, medicalRecordId: number, screeningId: number, body: SelectCenterBody) =>
      strip(await call("POST", `/api/pass/${medicalRecordId}/screening/${screeningId}/center`, centerSelection, { token, body })),
    /** POST /api/pass/{id}/screening/{screeningId}/order-labs ('Request Labs') -> the screening; 409 errors.form = LabFormReason. */
    orderLabs: async (token: string, medicalRecordId: number, screeningId: number) =>
      strip(await call("POST", `/api/pass/${medicalRecordId}/screening/${screeningId}/order-labs`, screeningSchema, { token })),
    /** GET /api/pass/screening/{screeningId}/lab-tests/ready -> success = approved; 409 with reasons/messages when nothing to order. */
    labTestsReady: async (token: string, screeningId: number, lang?: "en" | "es") =>
      strip(await call("GET", `/api/pass/screening/${screeningId}/lab-tests/ready${lang ? query({ lang }) : ""}`, labReadiness, { token })),
    /** GET /api/pass/screening/{screeningId}/lab-results/ready -> success = results recorded; 409 with reasons/messages otherwise. */
    labResultsReady: async (token: string, screeningId: number, lang?: "en" | "es") =>
      strip(await call("GET", `/api/pass/screening/${screeningId}/lab-results/ready${lang ? query({ lang }) : ""}`, labReadiness, { token })),
    /** GET /api/pass/screening/{screeningId}/lab-tests/download -> the lab order PDF (stamps prescriptionDownloadDateTime). */
    labTestsPdf: async (token: string, screeningId: number) => pdf(`/api/pass/screening/${screeningId}/lab-tests/download`, token, LAB_TESTS_FILE),
    /** GET /api/pass/screening/{screeningId}/lab-results/download -> the lab results PDF. */
    labResultsPdf: async (token: string, screeningId: number) =>
      pdf(`/api/pass/screening/${screeningId}/lab-results/download`, token, LAB_RESULTS_FILE),
    /** GET /api/pass/{id}/my-record/{pdf|json}?lang= -> the patient's own record as a file (ACC-043, ACC-044). */
    myRecordFile: async (token: string, medicalRecordId: number, format: MyRecordFormat, lang: "en" | "es") =>
      recordFile(`/api/pass/${medicalRecordId}/my-record/${format}${query({ lang })}`, token, format),
    /** POST /api/pass/{id}/screening/{screeningId}/answers-pdf -> the screening's answers as the dialog shows them, as a PDF (SCR-025). */
    screeningAnswersPdf: async (token: string, medicalRecordId: number, screeningId: number, body: AnswersPdfBody) =>
      answersFile(`/api/pass/${medicalRecordId}/screening/${screeningId}/answers-pdf`, token, "screening", body),
    /** POST /api/pass/{id}/medical-history/answers-pdf -> the medical history review's answers as a PDF (MHX-010). */
    medicalHistoryAnswersPdf: async (token: string, medicalRecordId: number, body: AnswersPdfBody) =>
      answersFile(`/api/pass/${medicalRecordId}/medical-history/answers-pdf`, token, "medical-history", body),
    /** POST /api/pass/{id}/close-account {currentPassword} -> closed (ACC-045); 400 errors.currentPassword, nothing changed. */
    closeAccount: async (token: string, medicalRecordId: number, currentPassword: string) =>
      strip(await call("POST", `/api/pass/${medicalRecordId}/close-account`, closeAccountResult, { token, body: { currentPassword } })),

    // --- Medical history and e-sign (MHX-005, MHX-006, ESG-001, ESG-003; contract/medical-history.ts, e-sign.ts) ---
    /** POST /api/pass/{id}/medical-history -> the stored submission; 400 field keys (validation.*, MedicalHistoryKey). */
    saveMedicalHistory: async (token: string, medicalRecordId: number, body: MedicalHistoryBody) =>
      strip(await call("POST", `/api/pass/${medicalRecordId}/medical-history`, medicalHistorySchema, { token, body })),
    /** GET /api/pass/{id}/medical-history -> the latest submission, or null when none. */
    latestMedicalHistory: async (token: string, medicalRecordId: number) =>
      strip(await call("GET", `/api/pass/${medicalRecordId}/medical-history`, medicalHistorySchema, { token })),
    /** GET /api/e-sign/create-pdf -> the consent as HTML with the expected full name and the document hash. */
    eSignDocument: async (token: string, medicalRecordId: number) =>
      strip(await call("GET", `/api/e-sign/create-pdf${query({ medicalRecordId: String(medicalRecordId) })}`, eSignDocument, { token })),
    /**
     * POST /api/e-sign { entityTypeId, typedName, documentHash } with the browser's address and user agent -> { signedDateTime,
     * ifStatus }; 400 errors.typedName = eSign.nameMismatch, 409 errors.form = ESignReason.
     */
    eSign: async (
      token: string,
      medicalRecordId: number,
      body: { typedName: string; documentHash: string },
      client: { clientAddress: string; userAgent: string },
    ) =>
      strip(
        await call("POST", "/api/e-sign", eSignResult, {
          token,
          body: { entityTypeId: medicalRecordId, ...body },
          clientAddress: client.clientAddress,
          userAgent: client.userAgent,
        }),
      ),
  };
}

export type RegistryClient = ReturnType<typeof clientMethods> & {
  /** The client of one portal request: every call forwards that browser's address, user agent and request id. */
  forRequest: (origin: ForwardedOrigin) => RegistryClient;
};
export { RegistryMessage };

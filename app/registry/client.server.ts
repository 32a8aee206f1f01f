import { z } from "zod";
import {
  addressValidation,
  authResult,
  codeResultAnswer,
  envelope,
  inviteInfo,
  lookupData,
  outboxEntry,
  passRecord,
  phoneCheck,
  refreshResult,
  registerAnswer,
  RegistryMessage,
  resetResult,
  screening as screeningSchema,
  transplantCenter,
  validateTokenResult,
  type RegisterAnswer,
  type ScreeningBody,
} from "../../registry/contract";

/**
 * server.ts (bundled by esbuild) creates the client, and the Remix build checks its errors: each bundle has its own
 * copy of this module, so the error classes recognise each other by a brand shared across copies, not by identity.
 */
const UNAVAILABLE = Symbol.for("pass-portal.RegistryUnavailableError");
const EXPIRED = Symbol.for("pass-portal.SessionExpiredError");
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

export type Answer<T> = { status: number; success: boolean; results: T | null; message: string | null; errors?: Record<string, string> };

/** An answer that may carry an address to confirm (register, update-medical-record; 000 §7, DECISIONS D7). */
const withAddress = z.object({ addressValidation: addressValidation.nullable().optional() });
export type AddressAnswer<T> = Answer<T> & { addressValidation?: z.infer<typeof addressValidation> | null };

/**
 * The one typed client of the registry API. Every request and answer crosses the contract's schemas;
 * routes never build registry URLs themselves.
 */
export function createRegistryClient(opts: { fetch: Fetcher; baseUrl: string }) {
  const base = opts.baseUrl.replace(/\/$/, "");

  async function call<S extends z.ZodTypeAny>(
    method: "GET" | "POST" | "PUT",
    path: string,
    results: S,
    init: { token?: string; body?: unknown; clientAddress?: string } = {},
  ): Promise<Answer<z.infer<S>> & { raw: unknown }> {
    const headers = new Headers({ Accept: "application/json" });
    if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
    // The registry rate-limits anonymous calls per client address (DECISIONS D11).
    if (init.clientAddress) headers.set("X-Client-Address", init.clientAddress);
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
    if (response.status >= 500) throw new RegistryUnavailableError(`status ${response.status}`);
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new RegistryUnavailableError("answer is not JSON");
    }
    const parsed = envelope(results).safeParse(json);
    if (!parsed.success) throw new RegistryUnavailableError("answer does not match the contract");
    if (response.status === 401 && init.token) throw new SessionExpiredError();
    return { status: response.status, ...parsed.data, raw: json } as Answer<z.infer<S>> & { raw: unknown };
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

  return {
    async register(
      payload: unknown,
      opts2: { inviteToken?: string; addressConfirmed?: boolean; clientAddress?: string } = {},
    ): Promise<RegisterAnswer & { status: number }> {
      const params: Record<string, string> = {};
      if (opts2.inviteToken) params.token = opts2.inviteToken;
      if (opts2.addressConfirmed) params.addrConfirmed = "true";
      const path = Object.keys(params).length ? `/register${query(params)}` : "/register";
      const answer = await call("POST", path, authResult, { body: payload, clientAddress: opts2.clientAddress });
      const full = registerAnswer.safeParse(answer.raw);
      if (!full.success) throw new RegistryUnavailableError("register answer does not match the contract");
      return { ...full.data, status: answer.status };
    },
    authenticate: async (email: string, password: string) =>
      strip(await call("POST", "/authenticate", authResult, { body: { email, password } })),
    validateToken: async (token: string) => strip(await call("GET", `/validate-token${query({ token })}`, validateTokenResult)),
    refreshToken: async (token: string) => strip(await call("GET", `/refresh-token${query({ token })}`, refreshResult)),
    revokeToken: async (token: string) => strip(await call("POST", "/revoke-token", z.unknown(), { token })),
    lookupData: async () => strip(await call("GET", "/lookup-data", lookupData)),
    passRecord: async (medicalRecordId: number, token: string) =>
      strip(await call("GET", `/api/pass/${medicalRecordId}`, passRecord, { token })),
    health: async () => strip(await call("GET", "/health", z.unknown())),
    demoOutbox: async () => strip(await call("GET", "/demo/outbox", z.array(outboxEntry))),

    /** POST /validate-phone (000 §5 Phone): availability of a primary phone number. */
    validatePhone: async (phoneNumber: string, clientAddress: string) =>
      strip(await call("POST", "/validate-phone", phoneCheck, { body: { phoneNumber }, clientAddress })),
    /** GET /validate-invite?token= (000 §2.3): what an invite pre-fills. */
    validateInvite: async (token: string, clientAddress: string) =>
      strip(await call("GET", `/validate-invite${query({ token })}`, inviteInfo, { clientAddress })),
    /** POST /forgot-password?emailAddress= (000 §7): the same answer whether or not the account exists (D6). */
    forgotPassword: async (email: string, clientAddress: string) =>
      strip(await call("POST", `/forgot-password${query({ emailAddress: email })}`, z.unknown(), { clientAddress })),
    /** POST /reset-password { token, email, password } -> { statusId, status }. */
    resetPassword: async (body: { token: string; email: string; password: string }, clientAddress: string) =>
      strip(await call("POST", "/reset-password", resetResult, { body, clientAddress })),

    /** POST /api/mfa/send-confirmation-email and -text (000 §2.5). */
    sendConfirmationEmail: async (token: string, medicalRecordId: number, email: string) =>
      strip(await call("POST", "/api/mfa/send-confirmation-email", z.unknown(), { token, body: { medicalRecordId, email } })),
    sendConfirmationText: async (token: string, medicalRecordId: number, phoneNumber: string) =>
      strip(await call("POST", "/api/mfa/send-confirmation-text", z.unknown(), { token, body: { medicalRecordId, phoneNumber } })),
    /** POST /api/mfa/update-confirmation?medicalRecordId= -> results: CodeResult (1 valid, 2 wrong, 3 expired). */
    updateConfirmation: async (token: string, medicalRecordId: number, body: { code: string; value: string; isEmail: boolean }) =>
      strip(
        await call("POST", `/api/mfa/update-confirmation${query({ medicalRecordId: String(medicalRecordId) })}`, codeResultAnswer, {
          token,
          body,
        }),
      ),

    /** POST /api/pass/{id}/update-medical-record (profile, 000 §2.9); may answer an address to confirm (D7). */
    updateMedicalRecord: async (token: string, medicalRecordId: number, body: Record<string, unknown>, opts2: { addressConfirmed?: boolean } = {}) =>
      addressOf(
        await call(
          "POST",
          `/api/pass/${medicalRecordId}/update-medical-record${opts2.addressConfirmed ? query({ addrConfirmed: "true" }) : ""}`,
          z.unknown(),
          { token, body },
        ),
      ),
    /** POST /api/pass/{id}/update-password -> a fresh token for this session; earlier sessions are revoked (D6). */
    updatePassword: async (token: string, medicalRecordId: number, body: { password: string; confirmPassword: string }) =>
      strip(await call("POST", `/api/pass/${medicalRecordId}/update-password`, refreshResult, { token, body })),
    /** POST /api/pass/{id}/opt-in-out/{type} (1 opt out, 2 opt in). */
    optInOut: async (token: string, medicalRecordId: number, type: number) =>
      strip(await call("POST", `/api/pass/${medicalRecordId}/opt-in-out/${type}`, z.unknown(), { token })),

    /** GET /api/pass/centers (001 §7): every transplant center, by name (the screening's center dropdown). */
    transplantCenters: async (token: string) => strip(await call("GET", "/api/pass/centers", z.array(transplantCenter), { token })),
    /** POST /api/pass/{id}/screening (001 §7): the first save of a screening, server-bound body (DECISIONS D3). */
    createScreening: async (token: string, medicalRecordId: number, body: ScreeningBody) =>
      strip(await call("POST", `/api/pass/${medicalRecordId}/screening`, screeningSchema, { token, body })),
    /** PUT /api/pass/{id}/screening/{screeningId} (001 §7): a later save of the same screening. */
    updateScreening: async (token: string, medicalRecordId: number, screeningId: number, body: ScreeningBody) =>
      strip(await call("PUT", `/api/pass/${medicalRecordId}/screening/${screeningId}`, screeningSchema, { token, body })),
    /** POST /api/pass/{id}/medical-record (001 §2.8, §7): the fields confirmed on the screening's Verify Info step. */
    validateMedicalRecord: async (token: string, medicalRecordId: number, body: Record<string, unknown>) =>
      strip(await call("POST", `/api/pass/${medicalRecordId}/medical-record`, z.unknown(), { token, body })),
  };
}

export type RegistryClient = ReturnType<typeof createRegistryClient>;
export { RegistryMessage };

import { z } from "zod";
import {
  authResult,
  envelope,
  lookupData,
  outboxEntry,
  passRecord,
  refreshResult,
  registerAnswer,
  RegistryMessage,
  validateTokenResult,
  type RegisterAnswer,
} from "../../registry/contract";

/** The registry could not be reached, or answered something that is not the contract. */
export class RegistryUnavailableError extends Error {
  constructor(reason: string) {
    super(`Registry unavailable: ${reason}`);
    this.name = "RegistryUnavailableError";
  }
}
/** The registry refused the sign-in token (expired, revoked or missing). */
export class SessionExpiredError extends Error {
  constructor() {
    super("Registry refused the sign-in token");
    this.name = "SessionExpiredError";
  }
}

export type Fetcher = (request: Request) => Promise<Response>;

type Answer<T> = { status: number; success: boolean; results: T | null; message: string | null; errors?: Record<string, string> };

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
    init: { token?: string; body?: unknown } = {},
  ): Promise<Answer<z.infer<S>>> {
    const headers = new Headers({ Accept: "application/json" });
    if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
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
    return { status: response.status, ...parsed.data } as Answer<z.infer<S>>;
  }

  function query(params: Record<string, string>): string {
    return `?${new URLSearchParams(params).toString()}`;
  }

  return {
    async register(payload: unknown, opts2: { inviteToken?: string; addressConfirmed?: boolean } = {}): Promise<RegisterAnswer> {
      const params: Record<string, string> = {};
      if (opts2.inviteToken) params.token = opts2.inviteToken;
      if (opts2.addressConfirmed) params.addrConfirmed = "true";
      const path = Object.keys(params).length ? `/register${query(params)}` : "/register";
      const answer = await call("POST", path, authResult, { body: payload });
      const full = registerAnswer.safeParse(answer);
      if (!full.success) throw new RegistryUnavailableError("register answer does not match the contract");
      return full.data;
    },
    authenticate: (email: string, password: string) => call("POST", "/authenticate", authResult, { body: { email, password } }),
    validateToken: (token: string) => call("GET", `/validate-token${query({ token })}`, validateTokenResult),
    refreshToken: (token: string) => call("GET", `/refresh-token${query({ token })}`, refreshResult),
    revokeToken: (token: string) => call("POST", "/revoke-token", z.unknown(), { token }),
    lookupData: () => call("GET", "/lookup-data", lookupData),
    passRecord: (medicalRecordId: number, token: string) => call("GET", `/api/pass/${medicalRecordId}`, passRecord, { token }),
    health: () => call("GET", "/health", z.unknown()),
    demoOutbox: () => call("GET", "/demo/outbox", z.array(outboxEntry)),
  };
}

export type RegistryClient = ReturnType<typeof createRegistryClient>;
export { RegistryMessage };

import { RegistryMessage } from "./contract/envelope";
import { REQUEST_ID_HEADER } from "./contract/forwarded";
import { hasDisallowedCharacters } from "./contract/text-rules";
import type { Db } from "./db/types";
import { codeHint, errorCode, isDatabaseFault, readableErrorName, recordDatabaseFault } from "./db/faults";
import { AccountMessage, FormReason } from "./contract/accounts";
import { createPasswords } from "./domain/passwords";
import { openPlaces } from "./domain/places";
import { DEFAULT_HASH_QUEUE, DEFAULT_HASH_WORKERS, ScryptPool, ScryptPoolBusyError } from "./domain/scrypt-pool";
import type { Ctx, LogEntry } from "./http/context";
import { requestOrigin, withOrigin } from "./http/origin";
import { reply, Refusal } from "./http/respond";
import { createRevocations } from "./http/revocations";
import { assertDistinctRoutes, matchRoute, type Route } from "./http/router";
import { registryRoutes } from "./routes";
import { DEFAULT_REFUSAL_DELAY_MS, type RegistrySettings } from "./settings";

export type { RegistrySettings } from "./settings";
export type RegistryHandler = (request: Request) => Promise<Response>;

/** Query parameters that would carry a bearer secret: refused with 400 (docs/decisions/085). */
const TOKEN_PARAMS = ["token", "access_token"];

/** One JSON line on stderr. */
function defaultLog(entry: LogEntry): void {
  process.stderr.write(JSON.stringify({ time: new Date().toISOString(), ...entry }) + "\n");
}

/** A readable name and the code (ENOSPC, 57014...), never a minified class name or the message (docs/decisions/086). */
function errorFields(error: unknown): { error: string; code?: string; hint?: string } {
  const code = errorCode(error);
  const hint = codeHint(code);
  return { error: readableErrorName(error), ...(code ? { code } : {}), ...(hint ? { hint } : {}) };
}

/** The registry as a fetch handler: Request -> JSON envelope Response, at the spec's paths (PLT-019). */
export function createRegistryHandler(deps: {
  db: Db;
  settings: RegistrySettings;
  now?: () => Date;
  log?: (entry: LogEntry) => void;
  /** The password hashing pool (one per process); made from the settings when left out. */
  scryptPool?: ScryptPool;
  /**
   * How a refusal's delay is waited (a timer when left out). In the portal's process it is waited outside the portal's
   * count of requests in flight (docs/decisions/134): a sleeping refusal holds no admission place.
   */
  pause?: (ms: number) => Promise<void>;
}): RegistryHandler {
  const { db, settings } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? defaultLog;
  const routes = registryRoutes(settings);
  // Their order does not matter (the most specific pattern answers); two routes for the same requests do.
  assertDistinctRoutes(routes);
  const pool = deps.scryptPool ?? new ScryptPool(settings.passwordHashing ?? { workers: DEFAULT_HASH_WORKERS, queue: DEFAULT_HASH_QUEUE });
  // One per handler (one per process in production), timed by the handler's clock.
  const revocations = createRevocations({ now: () => now().getTime() });
  // docs/decisions/116: the IP-geolocation database, read once; a file that cannot be read is logged, never fatal.
  const places = openPlaces(settings.geoipDatabase, log);
  /**
   * A refusal of a limit (429) or of a full hashing pool (503) is answered after REFUSAL_DELAY_MS (docs/decisions/022):
   * it costs a timer, and a client that sends its next attempt when answered is slowed to one per delay.
   */
  const refusalDelayMs = settings.refusalDelayMs ?? DEFAULT_REFUSAL_DELAY_MS;
  const pause = deps.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // docs/decisions/141: a check with nothing to check against waits a real check's time, outside the portal's count.
  const passwords = createPasswords(pool, settings.scrypt, { pause });
  const slowly = async (refusal: Refusal): Promise<Response> => {
    if (refusalDelayMs > 0) await pause(refusalDelayMs);
    return refusal.toResponse();
  };

  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return new Refusal(400, RegistryMessage.badRequest).toResponse();
    }
    const match = matchRoute(routes, request.method, url.pathname);
    if (match.kind === "none") return new Refusal(404, RegistryMessage.notFound).toResponse();
    if (match.kind === "wrong-method") {
      return new Refusal(405, RegistryMessage.methodNotAllowed, undefined, { allow: match.allowed.join(", ") }).toResponse();
    }
    // A path parameter or query value with a control character (a NUL the database would refuse) names nothing.
    if (Object.values(match.params).some((v) => hasDisallowedCharacters(v, true))) return new Refusal(404, RegistryMessage.notFound).toResponse();
    if ([...url.searchParams].some(([k, v]) => hasDisallowedCharacters(k, true) || hasDisallowedCharacters(v, true))) {
      return new Refusal(400, RegistryMessage.badRequest).toResponse();
    }
    // docs/decisions/085: tokens travel in headers only (Authorization, X-Invite-Token); a URL ends up in logs.
    if (TOKEN_PARAMS.some((name) => url.searchParams.has(name))) return new Refusal(400, RegistryMessage.badRequest).toResponse();
    // Where the call came from, in every audit row it writes, and its request id in the answer (docs/decisions/085).
    const origin = requestOrigin(request);
    const response = await withOrigin(origin, () => answer(match.route, match.params, request, url, origin.requestId));
    if (!response.headers.has(REQUEST_ID_HEADER)) response.headers.set(REQUEST_ID_HEADER, origin.requestId);
    return response;
  };

  async function answer(route: Route<Ctx>, params: Record<string, string>, request: Request, url: URL, requestId: string): Promise<Response> {
    try {
      return await route.handle({ request, url, db, settings, now, log, passwords, revocations, places }, params);
    } catch (error) {
      if (error instanceof Refusal) return error.status === 429 ? slowly(error) : error.toResponse();
      // Password hashing is full (docs/decisions/020): refused at once, to be tried again in a moment.
      if (error instanceof ScryptPoolBusyError) {
        return slowly(new Refusal(503, AccountMessage.busy, { form: FormReason.busy }, { "retry-after": String(error.retryAfterS) }));
      }
      // Route pattern, error name and error code only: never bodies, tokens, passwords, confirmation codes, query
      // strings or health data.
      log({ level: "error", event: "registry.unhandled", method: request.method, route: route.pattern, requestId, ...errorFields(error) });
      // docs/decisions/086: the database failed (disk full, server down or too slow), not the request: 503
      // "unavailable" (the portal keeps the form and says nothing was lost), and /health fails for a while.
      if (isDatabaseFault(error)) {
        recordDatabaseFault(db, error, now().getTime());
        return reply(503, { success: false, results: null, message: RegistryMessage.unavailable }, { "retry-after": "5" });
      }
      return reply(500, { success: false, results: null, message: RegistryMessage.internal });
    }
  }
}

import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { CLIENT_ADDRESS_HEADER, CLIENT_USER_AGENT_HEADER, USER_AGENT_MAX } from "../contract/e-sign";
import { REQUEST_ID_HEADER, wellFormedRequestId } from "../contract/forwarded";

/**
 * Where a call came from (docs/decisions/085): the browser's address, its user agent and the request id, as the
 * portal forwards them. The handler trusts these headers: the in-process registry is only reachable from its portal,
 * and the standalone server (http-node.ts) replaces them with its socket's own unless the caller proves it is a portal.
 */
export type RequestOrigin = { clientAddress: string | null; userAgent: string | null; requestId: string };

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A header value bounded and free of control characters, or null when empty. */
function headerText(request: Request, name: string, max: number): string | null {
  const value = (request.headers.get(name) ?? "").replace(CONTROL, "").trim().slice(0, max);
  return value || null;
}

/** The origin of a request as its (already trusted) headers say; a fresh request id when none is well formed. */
export function requestOrigin(request: Request): RequestOrigin {
  return {
    clientAddress: headerText(request, CLIENT_ADDRESS_HEADER, 100)?.toLowerCase() ?? null,
    userAgent: headerText(request, CLIENT_USER_AGENT_HEADER, USER_AGENT_MAX),
    requestId: wellFormedRequestId(request.headers.get(REQUEST_ID_HEADER)) ?? randomUUID(),
  };
}

const current = new AsyncLocalStorage<RequestOrigin>();

/**
 * Runs one call's work with its origin, which every audit row written meanwhile carries (data/audit.ts): no endpoint
 * has to pass it along, and a staff command or a background sweep (outside any call) writes none.
 */
export function withOrigin<T>(origin: RequestOrigin, work: () => Promise<T>): Promise<T> {
  return current.run(origin, work);
}

/** The origin of the call being served, or undefined outside a call. */
export function currentOrigin(): RequestOrigin | undefined {
  return current.getStore();
}

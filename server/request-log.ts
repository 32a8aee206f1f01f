import type { RequestHandler } from "express";
import { randomUUID } from "node:crypto";
import { REQUEST_ID_HEADER, wellFormedRequestId } from "../registry/contract/forwarded";
import type { Log } from "./logger";

/**
 * The id of one request (docs/decisions/085): the trusted proxy's well-formed `X-Request-Id` when there is one
 * (TRUST_PROXY_HOPS > 0; nginx sends `$request_id`, which its access log has too), otherwise a fresh UUID. A browser
 * reaching the portal directly cannot choose it.
 */
export function requestIdOf(header: string | string[] | undefined, trustProxyHops: number): string {
  const given = trustProxyHops > 0 && typeof header === "string" ? wellFormedRequestId(header) : null;
  return given ?? randomUUID();
}

/**
 * One line per request: method, path without the query string, status, duration, the client address (through the
 * trusted proxies) and the request id. The id is also answered in `X-Request-Id`, kept in `res.locals.requestId` for
 * the load context, forwarded to the registry and stored in its audit rows (docs/decisions/085).
 */
export function requestLog(log: Log, trustProxyHops = 0): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    const requestId = requestIdOf(req.headers["x-request-id"], trustProxyHops);
    res.locals.requestId = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.on("finish", () => {
      log({
        msg: "request",
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - start) / 1_000_000n),
        address: req.ip,
        requestId,
      });
    });
    next();
  };
}

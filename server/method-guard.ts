import type { RequestHandler } from "express";

/**
 * What the portal serves, checked before anything reads the request (docs/decisions/088). Pages and forms use GET,
 * HEAD and POST only: any other method (TRACE, OPTIONS, PUT, DELETE, PROPFIND...) is answered 405 with `Allow`, where
 * React Router would throw on TRACE (a 500 and an error log line) and read the others as a form post. A `?_data=`
 * query is a Remix v1/v2 data request (a tab loaded before the move to React Router 7, or a scanner): React Router 7
 * would answer it with the whole page, which such a client cannot read, so it is a 400. Both are the client's
 * mistake: the request log has them, at info level.
 */
export const SERVED_METHODS = ["GET", "HEAD", "POST"] as const;
const SERVED = new Set<string>(SERVED_METHODS);

export type Refusal = { status: 405; allow: string } | { status: 400 };

export function refusalOf(method: string, url: string): Refusal | null {
  if (!SERVED.has(method.toUpperCase())) return { status: 405, allow: SERVED_METHODS.join(", ") };
  const query = url.indexOf("?");
  if (query >= 0 && new URLSearchParams(url.slice(query + 1).split("#")[0]).has("_data")) return { status: 400 };
  return null;
}

export const methodGuard: RequestHandler = (req, res, next) => {
  const refusal = refusalOf(req.method, req.originalUrl);
  if (!refusal) return next();
  res.status(refusal.status).setHeader("Cache-Control", "no-store");
  if (refusal.status === 405) res.setHeader("Allow", refusal.allow);
  // A body that came with it is never read: the connection closes rather than carry it to the next request.
  if (req.headers["content-length"] || req.headers["transfer-encoding"]) res.setHeader("Connection", "close");
  res.type("text").send(refusal.status === 405 ? "Method Not Allowed" : "Bad Request");
};

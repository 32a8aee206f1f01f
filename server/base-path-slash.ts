import type { RequestHandler } from "express";

/**
 * The portal's address without its trailing slash (`/portal` when BASE_PATH=/portal/), reached with no proxy in front
 * to add it: where the pages are, with the query kept (ACC-038). 301 for GET and HEAD, 308 for a form post (the method
 * and its body kept). Null for every other URL, and when the portal is served at `/`.
 */
export function slashRedirect(base: string, method: string, url: string): { status: 301 | 308; location: string } | null {
  if (base === "/" || !base.endsWith("/")) return null;
  const query = url.search(/[?#]/);
  const pathPart = query < 0 ? url : url.slice(0, query);
  if (pathPart !== base.slice(0, -1)) return null;
  const get = method.toUpperCase() === "GET" || method.toUpperCase() === "HEAD";
  return { status: get ? 301 : 308, location: base + (query < 0 ? "" : url.slice(query)) };
}

export function basePathSlash(base: string): RequestHandler {
  return (req, res, next) => {
    const to = slashRedirect(base, req.method, req.originalUrl);
    if (!to) return next();
    res.setHeader("Cache-Control", "no-store");
    res.redirect(to.status, to.location);
  };
}

import { writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler as createRouterRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { bodyOf } from "./body-limit";

/**
 * React Router behind Express, as @react-router/express does it, except for the body: the Request is given the body the
 * body limit already read (server/body-limit.ts), never the socket, so nothing past the limit reaches a parser.
 */
export function createRequestHandler(opts: {
  /** The build, or (npm run dev) a function loading the current one on every request. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode?: "production" | "development";
  /** React Router's context for this request's loaders and actions (v8_middleware: a RouterContextProvider). */
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => Promise<RouterContextProvider>;
}): RequestHandler {
  const handle = createRouterRequestHandler(opts.build, opts.mode ?? "production");
  return async (req, res, next) => {
    try {
      const request = routerRequest(req, res);
      const response = await handle(request, await opts.getLoadContext(req, res));
      await sendRouterResponse(res, methodNotAllowed(req.method, response) ?? response);
    } catch (error) {
      // The client closed its connection before its answer was written (a crowd's impatient clients): nothing to
      // answer and nothing failed here, so no error line (docs/decisions/086). React Router's handleError logs what
      // failed in a loader, an action or a render.
      if (res.destroyed) return;
      next(error);
    }
  };
}

/**
 * React Router answers a method a resource route has no handler for (a POST to /session-status, which has a loader
 * only; a GET to an action-only route) with 405 and `{"message":"Unexpected Server Error"}`, without Allow. Such an
 * answer becomes a plain 405 "Method Not Allowed" with Allow, as the method guard answers methods the portal never
 * serves (docs/decisions/088, 131). A page's 405 (HTML, its error page in the patient's language) is left as it is.
 */
export function methodNotAllowed(method: string, response: Response): Response | undefined {
  if (response.status !== 405 || response.headers.has("Allow") || (response.headers.get("Content-Type") ?? "").startsWith("text/html"))
    return undefined;
  const allow = method === "POST" ? "GET, HEAD" : "POST";
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: allow, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function routerRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // Like @react-router/express: the host's port from X-Forwarded-Host or Host; req.hostname follows "trust proxy".
  const portOf = (header: string | undefined) => Number.parseInt(header?.split(":")[1] ?? "", 10);
  const forwardedPort = portOf(req.get("X-Forwarded-Host"));
  const hostPort = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : "";
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  } catch {
    // A Host header no URL can hold: the client's mistake (400), not ours.
    throw Object.assign(new Error("request URL not valid"), { status: 400 });
  }
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value) headers.set(name, value);
  }
  const init: RequestInit = { method: req.method, headers, signal };
  if (req.method !== "GET" && req.method !== "HEAD") init.body = new Uint8Array(bodyOf(req));
  return new Request(url.href, init);
}

/**
 * The app's answer onto Express's: each header the app sets replaces one the server set before (the security headers:
 * a download's own `X-Content-Type-Options` is sent once, not twice; docs/decisions/131); Set-Cookie lines add up.
 */
export async function sendRouterResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

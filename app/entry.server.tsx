import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./components/nonce";
import { StripNul } from "./strip-nul.server";
import { describeError } from "../server/describe-error";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          // React 18.3.1 can leave NUL bytes at its buffer's edge (app/strip-nul.server.ts).
          const clean = new StripNul();
          clean.pipe(body);
          pipe(clean);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.log({ level: "error", msg: "render error", error: error instanceof Error ? error.name : "unknown" });
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * Errors of loaders, actions and rendering: one JSON log line (name, code, one-line message), never Remix's default
 * console.error with its multi-line stack (docs/decisions/018). Requests the browser gave up on are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // Answers like 405 (a post to a page without a form) are the client's mistake: the request log has them.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  context.log({ level: "error", msg: "request failed", method: request.method, path: new URL(request.url).pathname, ...describeError(error) });
};

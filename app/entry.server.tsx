import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { FailedPostContext } from "~/components/form-problem";
import { NonceContext } from "~/components/nonce";
import { reportsProblem } from "~/forms/types";
import { portalContext } from "~/platform/context";
import { PageCollector } from "~/platform/page-collector.server";
import { laterPartsLoaded } from "~/enhance/later";
import { describeError } from "../server/describe-error";
import { BUSY_RETRY_AFTER_S } from "../server/in-flight";
import { shortPageHtml } from "../server/short-page";

/**
 * A page not built within this time is given up (docs/decisions/086): one log line, and the short "very busy" page
 * with 503 and Retry-After, never a half page (a 200 or 500 cut short).
 */
const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Parts whose code the browser loads later are rendered in place, never suspended (app/enhance/later.tsx).
  await laterPartsLoaded();
  const portal = loadContext.get(portalContext);
  const nonce = portal.nonce;
  // A post whose form came back with problems: the document title says so (app/components/form-problem.tsx).
  const failedPost = Object.values(routerContext.staticHandlerContext.actionData ?? {}).some(reportsProblem);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let settled = false;
    /** An error before the page was complete (a part of it cut off): the page is never sent as it is. */
    let cutOff: unknown;
    /**
     * docs/decisions/086: a page that could not be built whole in time (our deadline, or React Router's 4.95 s limit
     * on the loader data it streams into the page, which failed such pages as a half page with status 500): one log
     * line with the path (no query string: reset and invite tokens travel there; no data), and the short "very busy"
     * page with 503 and Retry-After.
     */
    const giveUp = (reason: Record<string, unknown>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      portal.log({ level: "error", msg: "render aborted", method: request.method, path: new URL(request.url).pathname, ...reason });
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Retry-After": String(BUSY_RETRY_AFTER_S) });
      resolve(new Response(shortPageHtml("busy", portal.lang, portal.basePath), { status: 503, headers }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <FailedPostContext.Provider value={failedPost}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </FailedPostContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // The page is sent whole (onAllReady below), and must work without JavaScript: no part of it is ever sent
        // apart, as hidden HTML that only a script puts in place (React outlines a Suspense boundary once the page
        // before it passes this many bytes; app/enhance/later.tsx).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // No page waits on deferred data (no Suspense boundary): the shell is the whole page, so it is sent as one
        // buffer, to browsers and bots alike (docs/decisions/056).
        onAllReady() {
          shellRendered = true;
          if (cutOff !== undefined) return giveUp(describeError(cutOff));
          pipe(
            new PageCollector((page) => {
              if (settled) return;
              settled = true;
              clearTimeout(timer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(page as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status: responseStatusCode }));
            }),
          );
        },
        onShellError(error: unknown) {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          if (!shellRendered) {
            cutOff ??= error;
            return;
          }
          responseStatusCode = 500;
          portal.log({ level: "error", msg: "render error", error: error instanceof Error ? error.name : "unknown" });
        },
      },
    );
    // The callbacks above run later (React starts rendering on a later turn), when the timer exists.
    const timer = setTimeout(() => {
      // First: the abort makes React report the unfinished page as an error, which must not become an error page.
      giveUp({ afterMs: ABORT_DELAY });
      abort();
    }, ABORT_DELAY);
  });
}

/**
 * Errors of loaders, actions and rendering: one JSON log line (name, code, one-line message), never React Router's default
 * console.error with its multi-line stack (docs/decisions/018). Requests the browser gave up on are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // Answers like 405 (a post to a page without a form) are the client's mistake: the request log has them.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  context
    .get(portalContext)
    .log({ level: "error", msg: "request failed", method: request.method, path: new URL(request.url).pathname, ...describeError(error) });
};

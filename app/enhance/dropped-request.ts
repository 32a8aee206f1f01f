import type { ClientInstrumentation } from "react-router";
import { routeModulesLoaded, sendLastFormNatively } from "./route-chunk-fallback";

/**
 * A dropped request never loses what was typed (docs/decisions/089). With JavaScript, React Router fetches each
 * navigation's data (`<page>.data`, GET for a page, POST for a form) and the routes it does not know yet
 * (`/__manifest`); when one of those fetches fails on the network (a flaky mobile connection), React Router shows the
 * error page in place of the form. Instead, the navigation under way is finished the plain HTML way, which every page
 * supports (decision 030), once:
 * - a form not yet answered (its POST failed, or the routes it needs could not be fetched): the same form sent
 *   natively, with its pressed button (the browser's own path: its values go as a normal POST, and if the network is
 *   still down the browser's own error page offers to send it again, Back keeping the form);
 * - anything else (a link, Back/Forward, a redirect after the form was answered, a GET form): a full page load of
 *   the page the failed request stood for.
 * A failure is a fetch that fails on the network (not an abort), or a gateway's 502/504 that React Router did not
 * write (no `X-Remix-Response`: the portal behind a reverse proxy could not be reached; a 503 is the portal's own
 * "very busy" answer, decision 086, and is left to it). Only during a navigation: a
 * fetcher's or a revalidation's failure, and the background route discovery (React Router only logs that one), are
 * left as they were.
 *
 * A navigation's data request waits for the route modules on their way (./route-chunk-fallback.tsx): when one fails,
 * the page is loaded in full and the data request is never sent, so it cannot spend the flash messages the page
 * load is to show, nor post a form the fallback sends natively (docs/decisions/092).
 *
 * Public APIs only: `window.fetch` (React Router calls the global at each request) and React Router's router
 * instrumentation, which only observes which navigation is under way.
 */

/** `pop`: Back/Forward, where the address bar already shows the target. */
type UnderWay = { href: string; submission: boolean; answered: boolean; pop?: boolean };

/** The navigation React Router is running, as its `navigate` instrumentation (or the history's popstate) saw it start. */
let underWay: UnderWay | null = null;
let fellBack = false;

/** For `<HydratedRouter instrumentations>`: observes each navigation's start and end (it changes nothing). */
export const navigationWatch: ClientInstrumentation = {
  router(router) {
    router.instrument({
      async navigate(go, { to, formMethod }) {
        // A history step (`to` a number): the popstate it causes marks it (installDroppedRequestFallback).
        if (typeof to === "number") {
          await go();
          return;
        }
        const mine = {
          href: new URL(to, window.location.href).href,
          submission: !!formMethod && formMethod.toUpperCase() !== "GET",
          answered: false,
        };
        underWay = mine;
        await go();
        if (underWay === mine) underWay = null;
      },
    });
  },
};

/** The page a `.data` request stands for: `/register.data?_routes=root` is /register, `/_root.data` is `/`. */
function pageOfData(url: URL): string {
  const page = new URL(url.href);
  page.pathname = page.pathname.endsWith("/_root.data") ? page.pathname.slice(0, -"_root.data".length) : page.pathname.slice(0, -".data".length);
  page.searchParams.delete("_routes");
  return page.href;
}

/** The page a route discovery was for: the longest of its paths (the others are its ancestors). */
function pageOfManifest(url: URL): string | null {
  const paths = (url.searchParams.get("paths") ?? "").split(",").filter(Boolean);
  const longest = paths.sort((a, b) => b.length - a.length)[0];
  return longest ? new URL(longest, url).href : null;
}

function fallBack(kind: "data" | "manifest", method: string, url: URL, nav: UnderWay): boolean {
  if (fellBack || nav !== underWay) return false;
  if (nav.submission && !nav.answered && (kind === "manifest" || method !== "GET")) {
    fellBack = sendLastFormNatively();
    return fellBack;
  }
  if (method !== "GET") return false;
  const target = kind === "data" ? pageOfData(url) : nav.answered ? pageOfManifest(url) : nav.href;
  if (!target) return false;
  fellBack = true;
  if (nav.pop) window.location.replace(target);
  else window.location.assign(target);
  return true;
}

/** What a reverse proxy answers when the portal behind it cannot be reached (or did not answer in time). */
const GATEWAY_FAILURES = new Set([502, 504]);

function aborted(error: unknown, init: RequestInit | undefined, input: RequestInfo | URL): boolean {
  const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
  return !!signal?.aborted || (error instanceof DOMException && error.name === "AbortError");
}

export function installDroppedRequestFallback() {
  // Back and Forward do not go through `navigate`: React Router answers the history's popstate (registered after this
  // one, so the mark is there before its requests).
  window.addEventListener("popstate", () => {
    underWay = { href: window.location.href, submission: false, answered: false, pop: true };
  });
  const nativeFetch = window.fetch;
  window.fetch = function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const kind =
      url.origin !== window.location.origin
        ? null
        : url.pathname.endsWith(".data")
          ? "data"
          : url.pathname.endsWith("/__manifest")
            ? "manifest"
            : null;
    const nav = underWay;
    if (!kind || !nav) return nativeFetch.call(window, input, init);
    // A navigation's data goes once its route modules are in (a chunk that fails loads the page in full, with the
    // flash messages this answer would have spent: docs/decisions/092).
    const answer =
      kind === "data"
        ? routeModulesLoaded().then((loaded) => (loaded ? nativeFetch.call(window, input, init) : new Promise<Response>(() => {})))
        : nativeFetch.call(window, input, init);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    return answer.then(
      (response) => {
        if (GATEWAY_FAILURES.has(response.status) && !response.headers.has("X-Remix-Response") && fallBack(kind, method, url, nav)) {
          return new Promise<Response>(() => {});
        }
        // The form reached the portal (whatever it answered): sending it again would send it twice.
        if (kind === "data" && method !== "GET") nav.answered = true;
        // A Back/Forward has its page's data: it is over (no `navigate` call ends it).
        if (kind === "data" && nav.pop && underWay === nav) underWay = null;
        return response;
      },
      (error: unknown) => {
        if (aborted(error, init, input) || !fallBack(kind, method, url, nav)) throw error;
        // The browser is replacing the page: React Router waits, with the page and its values as they are.
        return new Promise<Response>(() => {});
      },
    );
  };
}

import type { Session } from "./session.server";
import type { FlashMessage } from "./session-keys";

/**
 * The messages a page of this request shows (takeFlash), until the answer is known to be that page (settleFlash). Kept
 * on the request's session object under a global symbol, not in a module variable: server.ts and the React Router build each
 * load their own copy of this module.
 */
const SHOWN = Symbol.for("pass-portal.shownFlash");
/** A session that holds flash messages: the patients' and the staff console's (docs/decisions/127). */
type FlashSession = Session<{ flash?: FlashMessage[] }>;
type Marked = FlashSession & { [SHOWN]?: FlashMessage[] };

/** Redirects: 3xx for a document, 202 for a single-fetch data request (React Router single fetch). */
const isRedirect = (status: number) => (status >= 300 && status < 400) || status === 202;

/**
 * The flash messages for the page being rendered (the root loader). They stay in the session until the answer goes out:
 * when a loader of the same request redirects instead (a private page that sends the patient to /register), they
 * travel with the redirect and are shown on the page it leads to (docs/decisions/040).
 */
export function takeFlash(session: FlashSession): FlashMessage[] {
  const messages = [...(session.get("flash") ?? [])];
  if (messages.length) (session as Marked)[SHOWN] = messages;
  return messages;
}

/** When the answer's status is known: a page that showed its messages removes them; a redirect keeps them. */
export function settleFlash(session: FlashSession, status: number): void {
  const taken = (session as Marked)[SHOWN];
  if (!taken || isRedirect(status)) return;
  delete (session as Marked)[SHOWN];
  const left = (session.get("flash") ?? []).filter((m) => !taken.includes(m));
  if (left.length) session.set("flash", left);
  else session.unset("flash");
}

import type { Request, RequestHandler, Response } from "express";

/** MAX_REQUESTS_IN_FLIGHT's default, measured on a 2-core machine (docs/decisions/086). */
export const DEFAULT_MAX_IN_FLIGHT = 64;
/** Seconds a refused client is asked to wait (Retry-After). */
export const BUSY_RETRY_AFTER_S = 2;

/**
 * The admission classes (the `class` label of the metrics, docs/decisions/131). Today one: "app", every page and data
 * request; more (signed-in sessions, sign-in posts...) get their own limit and name.
 */
export type AdmissionClass = "app";

export type InFlightLimit = RequestHandler & {
  /** Its class, as the metrics name it. */
  className: AdmissionClass;
  /** Requests admitted and not yet answered. */
  current: () => number;
  /** Requests refused since the start. */
  refused: () => number;
};

/**
 * docs/decisions/086: at most `max` page and data requests in the app at once. One more is answered at once by
 * `refuse` (503 with Retry-After and the short "very busy" page), costing a few microseconds, instead of waiting in
 * an event loop so full that every render behind it runs past its deadline. A request leaves the count when its
 * answer is sent or its connection closes, whichever comes first. Mount it after the health checks and the static
 * files: those are never refused.
 */
export function inFlightLimit(max: number, refuse: (req: Request, res: Response) => void, className: AdmissionClass = "app"): InFlightLimit {
  let current = 0;
  let refused = 0;
  const handler: RequestHandler = (req, res, next) => {
    if (current >= max) {
      refused += 1;
      res.setHeader("Retry-After", String(BUSY_RETRY_AFTER_S));
      return refuse(req, res);
    }
    current += 1;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      current -= 1;
    };
    res.once("finish", leave);
    res.once("close", leave);
    // The admitted request goes on in the event loop's next turn, after the requests that arrived with it have been
    // counted. React 19 renders a page within the same turn (React 18 waited a turn), so without this a crowd is
    // taken one whole request at a time: never more than one in flight, nobody refused, everyone queued unseen, the
    // health checks behind them.
    setImmediate(next);
  };
  return Object.assign(handler, { className, current: () => current, refused: () => refused });
}

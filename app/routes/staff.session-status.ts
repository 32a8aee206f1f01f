import type { Route } from "./+types/staff.session-status";
import { portalContext } from "~/platform/context";
import { LAST_SEEN_RESOLUTION_MS } from "~/platform/session-limits";
import { staffIdleMsLeft, staffSessionLimit } from "~/platform/staff-session";

/**
 * The staff console's idle tab asks how long is left before it warns (as patients' tabs do, ACC-051). Read only: not
 * activity (server.ts leaves lastSeenAt alone for this path), and the registry is not asked (asking it would renew
 * its own idle count).
 */
export function loader({ context: routerContext }: Route.LoaderArgs) {
  const { staffSession } = routerContext.get(portalContext);
  const now = Date.now();
  const signedIn = staffSessionLimit(staffSession.data, now) === "active";
  const status = { signedIn, msLeft: signedIn ? staffIdleMsLeft(staffSession.data, now, LAST_SEEN_RESOLUTION_MS) : 0 };
  return Response.json(status, { headers: { "Cache-Control": "no-store" } });
}

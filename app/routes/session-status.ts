import type { Route } from "./+types/session-status";
import { sessionStatus } from "~/platform/session-limits";
import { portalContext } from "~/platform/context";

/**
 * ACC-051: an idle tab asks whether the sign-in is still alive before it warns or says the session ended (the patient
 * may be using the portal in another tab). Read only: asking is not activity (server.ts leaves lastSeenAt alone for
 * this path), the registry token is not refreshed, nothing is written but what the server's limits already do. A
 * token the registry no longer honours (a sign-out elsewhere) is an ended sign-in.
 */
export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  const { session } = context;
  let status = sessionStatus(session.data, Date.now());
  const token = session.get("token");
  if (status.signedIn && token && (await context.registry.signInStatus(token)) === "refused") status = { signedIn: false, msLeft: 0 };
  return Response.json(status, { headers: { "Cache-Control": "no-store" } });
}

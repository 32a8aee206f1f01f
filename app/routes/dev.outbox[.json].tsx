import type { Route } from "./+types/dev.outbox[.json]";
import { readDemoOutbox } from "~/registry/demo-outbox.server";
import { portalContext } from "~/platform/context";

/** PLT-015: the demo outbox as JSON, newest first: [{ channel, to, subject, text, createdAt }]. */
export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  const entries = await readDemoOutbox(context);
  return new Response(JSON.stringify(entries), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

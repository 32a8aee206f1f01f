import type { Route } from "./+types/dev.outbox[.json]";
import { readDemoOutbox } from "~/registry/demo-outbox.server";

/** PLT-015: the demo outbox as JSON, newest first: [{ channel, to, subject, text, createdAt }]. */
export async function loader({ context }: Route.LoaderArgs) {
  const entries = await readDemoOutbox(context);
  return new Response(JSON.stringify(entries), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

import type { OutboxEntry } from "../../registry/contract";
import type { PortalContext } from "~/platform/context";

/** The demo outbox, only in demo mode (404 otherwise, so production never shows it). */
export async function readDemoOutbox(context: PortalContext): Promise<OutboxEntry[]> {
  if (!context.demoMode) throw new Response("Not found", { status: 404 });
  const answer = await context.registry.demoOutbox();
  if (!answer.success || !answer.results) throw new Response("Not found", { status: 404 });
  return answer.results;
}

import { z } from "zod";
import { outboxEntry } from "../contract/schemas";
import type { Ctx } from "../http/context";
import { ok } from "../http/respond";
import type { Route } from "../http/router";
import { listOutbox } from "../outbox/outbox";

/** GET /demo/outbox: the messages kept in demo mode, newest first (PLT-015). Routed only in demo mode. */
async function outbox(ctx: Ctx): Promise<Response> {
  return ok(await listOutbox(ctx.db));
}

export const demoRoutes: Route<Ctx>[] = [
  {
    method: "GET",
    pattern: "/demo/outbox",
    handle: outbox,
    doc: { summary: "The messages kept in demo mode, newest first (routed only in demo mode).", auth: "none", answer: z.array(outboxEntry) },
  },
];

import { RegistryMessage } from "../contract/envelope";
import type { HealthResult } from "../contract/schemas";
import type { Ctx } from "../http/context";
import { ok, reply } from "../http/respond";
import type { Route } from "../http/router";

/** GET /health: 200 when the database answers, 503 otherwise. */
async function health(ctx: Ctx): Promise<Response> {
  try {
    await ctx.db.query("select 1");
  } catch (error) {
    ctx.log({ level: "error", event: "registry.health", error: error instanceof Error ? error.constructor.name : typeof error });
    return reply(503, { success: false, results: null, message: RegistryMessage.unavailable });
  }
  const results: HealthResult = { database: "ok" };
  return ok(results);
}

export const healthRoutes: Route<Ctx>[] = [{ method: "GET", pattern: "/health", handle: health }];

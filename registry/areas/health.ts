import { RegistryMessage } from "../contract/envelope";
import { healthResult, type HealthResult } from "../contract/schemas";
import { codeHint, errorCode, readableErrorName, recentDatabaseFault, withTimeout } from "../db/faults";
import type { Ctx } from "../http/context";
import { ok, reply } from "../http/respond";
import type { Route } from "../http/router";

/** The health query's limit: a database slower than this is not ready (docs/decisions/086). */
export const HEALTH_QUERY_TIMEOUT_MS = 2_000;

/**
 * GET /health: 200 when the database answers within HEALTH_QUERY_TIMEOUT_MS and no call failed on a database fault
 * (a full disk, a lost connection, a statement timeout) in the last FAULT_WINDOW_MS; 503 otherwise (docs/decisions/086).
 * A read alone would pass on a full disk, where every write fails: the recent fault is what tells.
 */
async function health(ctx: Ctx): Promise<Response> {
  const unavailable = (reason: string, fields: Record<string, unknown>) => {
    ctx.log({ level: "error", event: "registry.health", reason, ...fields });
    return reply(503, { success: false, results: null, message: RegistryMessage.unavailable }, { "retry-after": "5" });
  };
  try {
    await withTimeout(ctx.db.query("select 1"), HEALTH_QUERY_TIMEOUT_MS);
  } catch (error) {
    const code = errorCode(error);
    return unavailable("query failed", { error: readableErrorName(error), ...(code ? { code, hint: codeHint(code) } : {}) });
  }
  const fault = recentDatabaseFault(ctx.db, ctx.now().getTime());
  if (fault)
    return unavailable("recent database fault", {
      code: fault.code,
      hint: codeHint(fault.code),
      secondsAgo: Math.round((ctx.now().getTime() - fault.at) / 1000),
    });
  const results: HealthResult = { database: "ok" };
  return ok(results);
}

export const healthRoutes: Route<Ctx>[] = [
  {
    method: "GET",
    pattern: "/health",
    handle: health,
    doc: {
      summary: "200 when the database answers and no call failed on a database fault lately; 503 otherwise.",
      auth: "none",
      answer: healthResult,
    },
  },
];

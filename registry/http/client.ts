import { FormReason, AccountMessage } from "../contract/accounts";
import { takeRateLimit, type RateLimit } from "../data/rate-limits";
import type { Ctx } from "./context";
import { Refusal } from "./respond";

/**
 * The browser's address as the portal passes it (`X-Client-Address`, D11). The registry sits behind the portal, which
 * sets this header from the connection (or its trusted proxies); callers without it share one "unknown" bucket.
 */
export function clientAddress(request: Request): string {
  const value = request.headers.get("x-client-address")?.trim().toLowerCase() ?? "";
  return value && value.length <= 100 ? value : "unknown";
}

/** Counts one hit of `limit` for `key`; 429 with `errors.form` (and Retry-After) when over it. */
export async function enforceRateLimit(
  ctx: Ctx,
  limit: RateLimit,
  key: string,
  reason: { form: string; message: string } = { form: FormReason.tooManyAttempts, message: AccountMessage.tooManyAttempts },
): Promise<void> {
  const { allowed, retryAfterMs } = await takeRateLimit(ctx.db, limit, key, ctx.now());
  if (!allowed) {
    throw new Refusal(429, reason.message, { form: reason.form }, { "retry-after": String(Math.ceil(retryAfterMs / 1000)) });
  }
}

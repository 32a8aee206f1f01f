import { FormReason, AccountMessage } from "../contract/accounts";
import { CLIENT_ADDRESS_HEADER } from "../contract/e-sign";
import { refundRateLimit, takeRateLimit, type RateLimit } from "../data/rate-limits";
import { addressLimitKey } from "../contract/address-key";
import type { Ctx } from "./context";
import { Refusal } from "./respond";

/**
 * The browser's address as the portal passes it (`X-Client-Address`, ACC-018). The registry sits behind the portal, which
 * sets this header from the connection (or its trusted proxies); callers without it share one "unknown" bucket.
 */
export function clientAddress(request: Request): string {
  const value = request.headers.get(CLIENT_ADDRESS_HEADER)?.trim().toLowerCase() ?? "";
  return value && value.length <= 100 ? value : "unknown";
}

/** What per-address limits count the browser's address under: an IPv6 /64 as one address (docs/decisions/087). */
export function clientLimitKey(request: Request): string {
  return addressLimitKey(clientAddress(request));
}

/** The reason of the per-client-address limits of docs/decisions/021. */
export const CONNECTION_LIMIT = { form: FormReason.tooManyFromConnection, message: AccountMessage.tooManyFromConnection };

/**
 * Counts one hit of `limit` for `key` (or one distinct `item` of it); 429 with `errors.form` (and Retry-After) when
 * over it. Answers the stored hits, for refundHits when the attempt turns out right.
 */
export async function enforceRateLimit(
  ctx: Ctx,
  limit: RateLimit,
  key: string,
  reason: { form: string; message: string } = { form: FormReason.tooManyAttempts, message: AccountMessage.tooManyAttempts },
  item?: string,
): Promise<number[]> {
  const { allowed, retryAfterMs, hits } = await takeRateLimit(ctx.db, limit, key, ctx.now(), item);
  if (!allowed) {
    throw new Refusal(429, reason.message, { form: reason.form }, { "retry-after": String(Math.ceil(retryAfterMs / 1000)) });
  }
  return hits;
}

/** A per-client-address limit (docs/decisions/021), checked before any costly work. */
export function limitClient(ctx: Ctx, limit: RateLimit, item?: string): Promise<number[]> {
  return enforceRateLimit(ctx, limit, clientLimitKey(ctx.request), CONNECTION_LIMIT, item);
}

/** Gives back hits of an attempt that turned out right (a sign-in, a code, a key). */
export function refundHits(ctx: Ctx, hits: number[]): Promise<void> {
  return refundRateLimit(ctx.db, hits);
}

/**
 * Per-client-address limits taken in turn (docs/decisions/021): when one refuses, the hits the others took are given
 * back, so a refused attempt spends nothing of the address's budget (docs/decisions/135). Answers every hit taken.
 */
export async function limitClientAll(
  ctx: Ctx,
  limits: readonly { limit: RateLimit; item?: string }[],
  reason: { form: string; message: string } = CONNECTION_LIMIT,
): Promise<number[]> {
  const hits: number[] = [];
  try {
    for (const { limit, item } of limits) hits.push(...(await enforceRateLimit(ctx, limit, clientLimitKey(ctx.request), reason, item)));
  } catch (error) {
    await refundHits(ctx, hits);
    throw error;
  }
  return hits;
}

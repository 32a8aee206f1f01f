import { SIGN_IN_CHALLENGES, spendChallengeRequest, spendChallengeResult } from "../contract/sign-in";
import { spendChallenge } from "../data/sign-in-challenges";
import { clientLimitKey } from "../http/client";
import type { Ctx } from "../http/context";
import { readBody } from "../http/params";
import { ok } from "../http/respond";
import type { Route } from "../http/router";

/**
 * POST /sign-in-challenges {nonceHash, expiresAt}: spends a sign-in surge challenge the portal signed and checked
 * (docs/decisions/135), for the browser's address (`X-Client-Address`, an IPv6 /64 as one). Always 200: `outcome`
 * says whether this call spent it (`spent`), it was spent before by any portal process (`used`), or the address
 * spent its allowance this minute (`over`). The portal passes the sign-in on to POST /authenticate only on `spent`.
 */
async function spend(ctx: Ctx): Promise<Response> {
  const body = await readBody(ctx, spendChallengeRequest);
  const now = ctx.now();
  const latest = now.getTime() + SIGN_IN_CHALLENGES.keptAtMostMs;
  const expiresAt = new Date(Math.max(now.getTime() + 1000, Math.min(new Date(body.expiresAt).getTime(), latest)));
  const outcome = await spendChallenge(ctx.db, { nonceHash: body.nonceHash, addressKey: clientLimitKey(ctx.request), expiresAt }, now, {
    max: SIGN_IN_CHALLENGES.spentPerAddressPerMinute,
    windowMs: SIGN_IN_CHALLENGES.windowMs,
  });
  return ok({ outcome });
}

export const signInChallengeRoutes: Route<Ctx>[] = [
  {
    method: "POST",
    pattern: "/sign-in-challenges",
    handle: spend,
    doc: {
      summary: "Spend a sign-in surge challenge once across every portal process, within the address's allowance a minute.",
      auth: "none",
      body: spendChallengeRequest,
      answer: spendChallengeResult,
    },
  },
];

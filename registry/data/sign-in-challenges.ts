import { createHash } from "node:crypto";
import type { Db } from "../db/types";

/** The advisory lock namespace of one address's spends (rate-limits.ts uses 72246003, new-contact-sends.ts 72246004). */
const LOCK_NAMESPACE = 72246005;

export type SpendOutcome = "spent" | "used" | "over";

/**
 * Spends a sign-in challenge (docs/decisions/135): under the address's lock (one for every registry process on one
 * database), refused when the address spent `max` within `windowMs`; otherwise one insert that does nothing when the
 * nonce was spent before. Expired rows are pruned on the way.
 */
export async function spendChallenge(
  db: Db,
  spend: { nonceHash: string; addressKey: string; expiresAt: Date },
  now: Date,
  limit: { max: number; windowMs: number },
): Promise<SpendOutcome> {
  const addressHash = createHash("sha256").update(`sign-in-challenge\n${spend.addressKey}`).digest("hex");
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1, hashtext($2))", [LOCK_NAMESPACE, addressHash]);
    await tx.query("delete from sign_in_challenges where expires_at <= $1", [now]);
    const [row] = await tx.query<{ n: number }>("select count(*)::int as n from sign_in_challenges where address_hash = $1 and spent_at > $2", [
      addressHash,
      new Date(now.getTime() - limit.windowMs),
    ]);
    if ((row?.n ?? 0) >= limit.max) return "over";
    const inserted = await tx.query(
      `insert into sign_in_challenges (nonce_hash, address_hash, spent_at, expires_at) values ($1, $2, $3, $4)
       on conflict (nonce_hash) do nothing returning 1`,
      [spend.nonceHash, addressHash, now, spend.expiresAt],
    );
    return inserted.length ? "spent" : "used";
  });
}

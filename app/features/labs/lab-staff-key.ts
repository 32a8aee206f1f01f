import { ABSOLUTE_LIMIT_MS, IDLE_LIMIT_MS, type RememberedLabKey } from "~/platform/session-keys";

/**
 * The lab staff key remembered for the staff member's session on /update-labs
 * (docs/decisions/045). Pure: the route keeps the entry in the encrypted session cookie.
 *
 * A key is remembered only after the registry accepted it; it is forgotten when the registry refuses it, when the
 * staff member chooses 'Forget the key', when a patient sign-in ends or starts on the browser, and after the same
 * limits as a patient's sign-in (PLT-011): 30 minutes without use, 12 hours after it was first given.
 */

/** The remembered key, or null when there is none or it is past a limit. */
export function rememberedKey(entry: RememberedLabKey | undefined, now: number): string | null {
  if (!entry || typeof entry.key !== "string" || !entry.key) return null;
  if (!Number.isFinite(entry.since) || !Number.isFinite(entry.lastUsed)) return null;
  if (now - entry.lastUsed >= IDLE_LIMIT_MS || now - entry.since >= ABSOLUTE_LIMIT_MS) return null;
  return entry.key;
}

/** The entry after the registry accepted `key`: the same key keeps its start time, another one starts anew. */
export function rememberKey(entry: RememberedLabKey | undefined, key: string, now: number): RememberedLabKey {
  const same = entry && rememberedKey(entry, now) === key;
  return { key, since: same ? entry.since : now, lastUsed: now };
}

/** How the key of a post is chosen: the one typed wins; with none typed, the remembered one. */
export function keyToUse(typed: string, remembered: string | null): { key: string; fromMemory: boolean } {
  const t = typed.trim();
  if (t || !remembered) return { key: t, fromMemory: false };
  return { key: remembered, fromMemory: true };
}

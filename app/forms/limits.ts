import { FormReason } from "../../registry/contract/accounts";
import type { TextKey } from "~/texts/texts";

/** A message for the whole form, as a locale key and its parameters. */
export type LimitMessage = { key: TextKey; params?: Record<string, string> };

/** The registry answer fields these rules read. */
type Refusal = { status: number; errors?: Record<string, string>; retryAfter?: number };

/** The registry refused because of a per-client-address limit (docs/decisions/021). */
export function isConnectionLimit(answer: Refusal): boolean {
  return answer.status === 429 && answer.errors?.form === FormReason.tooManyFromConnection;
}

/**
 * 'Too many attempts from your connection. Please wait N minutes and try again.': the wait in whole minutes,
 * rounded up, from the answer's Retry-After (the generic text when the registry gave none).
 */
export function connectionLimitMessage(retryAfterS: number | undefined): LimitMessage {
  if (retryAfterS === undefined || !Number.isFinite(retryAfterS) || retryAfterS <= 0) return { key: "limits.tooManyFromConnection" };
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  return minutes === 1 ? { key: "limits.tooManyOneMinute" } : { key: "limits.tooManyMinutes", params: { minutes: String(minutes) } };
}

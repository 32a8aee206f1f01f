import { CENTER_REASON_MAX } from "../../../registry/contract/staff-center";
import type { TextKey } from "~/texts/texts";

/** The center's forms with a reason (docs/decisions/133): decline and cancel. Pure: the page and the action use them. */
export const REASON_FIELDS = ["reason"] as const;

/** The form id of a step with a reason. */
export const reasonForm = (action: "decline" | "cancel") => `center-${action}` as const;

/** The reason typed with a decline or cancel: trimmed, required, at most CENTER_REASON_MAX characters. */
export function reasonProblem(reason: string): TextKey | null {
  const trimmed = reason.trim();
  if (!trimmed) return "staffCenter.referral.reasonRequired";
  if ([...trimmed].length > CENTER_REASON_MAX) return "staffCenter.referral.reasonTooLong";
  return null;
}

import { phoneDigits } from "../../registry/contract/phone";
import type { Account } from "../../registry/contract/schemas";
import { isVerified } from "./dashboard";

/** Whether two values are the same contact: email in lower case, phone by its digits (DECISIONS D6). */
export function sameContact(kind: "email" | "text", a: string, b: string): boolean {
  if (kind === "email") return a.trim().toLowerCase() === b.trim().toLowerCase();
  return phoneDigits(a) === phoneDigits(b);
}

export type ContactView = {
  /** 'Confirmed' (green) or 'Not Confirmed' (red). */
  confirmed: boolean;
  /** Whether the send button shows. */
  showSend: boolean;
  /** Disabled while the field is empty. */
  sendDisabled: boolean;
};

/**
 * One contact on the confirm screen (000 §2.5, §4 "Confirmation flow"): confirmed only when verified and not
 * edited; the send button shows when unverified or edited. Without JavaScript the page cannot see an edit
 * before it is posted, so the button also shows for a confirmed contact (the patient may change it).
 */
export function contactView(kind: "email" | "text", c: { verified: boolean; stored: string; current: string }, scripts: boolean): ContactView {
  const confirmed = c.verified && sameContact(kind, c.stored, c.current);
  return { confirmed, showSend: !confirmed || !scripts, sendDisabled: c.current.trim() === "" };
}

/**
 * 'Continue' on the confirm screen: shown only when the patient has no screenings yet, enabled only once the
 * verification gate is met (email; and mobile when the preference is phone).
 */
export function continueView(account: Account | null, screenings: number): { show: boolean; enabled: boolean } {
  return { show: screenings === 0, enabled: isVerified(account) };
}

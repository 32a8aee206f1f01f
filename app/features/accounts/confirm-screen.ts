import { phoneDigits, textAddress } from "../../../registry/contract/phone";
import type { Account } from "../../../registry/contract/schemas";
import { isVerified } from "~/platform/verification";

/**
 * Whether two values are the same contact: email in lower case, phone by where it is texted, else its digits (ACC-012;
 * "+1 (202) 555-0188" is the stored "(202) 555-0188", docs/decisions/090).
 */
export function sameContact(kind: "email" | "text", a: string, b: string): boolean {
  if (kind === "email") return a.trim().toLowerCase() === b.trim().toLowerCase();
  return (textAddress(a) ?? phoneDigits(a)) === (textAddress(b) ?? phoneDigits(b));
}

export type ContactView = {
  /** 'Confirmed' (green), 'Not Confirmed' (red), or, without JavaScript while the patient changes a confirmed one, how to. */
  status: "confirmed" | "notConfirmed" | "changing";
  /** Whether the send button shows. */
  showSend: boolean;
  /** Disabled while the field is empty. */
  sendDisabled: boolean;
  /** Without JavaScript a confirmed contact is shown read-only, with a 'Change' link instead of the send button. */
  readOnly: boolean;
  showChange: boolean;
};

/**
 * One contact on the confirm screen (ACC-025): confirmed only when verified and not
 * edited; the send button shows when unverified or edited. With JavaScript an edit is seen as it is typed. Without
 * it the page cannot see an edit before it is posted, so a confirmed contact is read-only with a 'Change' link
 * (`?change=email|text`, `changeAsked`); that, or a form that came back with another value, counts as the edit
 * (docs/decisions/047).
 */
export function contactView(
  kind: "email" | "text",
  c: { verified: boolean; stored: string; current: string },
  scripts: boolean,
  changeAsked = false,
): ContactView {
  const edited = !sameContact(kind, c.stored, c.current);
  const sendDisabled = c.current.trim() === "";
  if (!c.verified) return { status: "notConfirmed", showSend: true, sendDisabled, readOnly: false, showChange: false };
  if (scripts) {
    return edited
      ? { status: "notConfirmed", showSend: true, sendDisabled, readOnly: false, showChange: false }
      : { status: "confirmed", showSend: false, sendDisabled, readOnly: false, showChange: false };
  }
  if (edited || changeAsked) return { status: "changing", showSend: true, sendDisabled, readOnly: false, showChange: false };
  return { status: "confirmed", showSend: false, sendDisabled, readOnly: true, showChange: true };
}

/**
 * 'Continue' on the confirm screen: shown only when the patient has no screenings yet, enabled only once the
 * verification gate is met (email; and mobile when the preference is phone).
 */
export function continueView(account: Account | null, screenings: number): { show: boolean; enabled: boolean } {
  return { show: screenings === 0, enabled: isVerified(account) };
}

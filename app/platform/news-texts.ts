import type { MessageChoices, MessageKind } from "../../registry/contract/message-choices";
import type { TextKey } from "~/texts/texts";

/**
 * The texts that tell a patient where a kind of news will come (docs/decisions/128): the specification's "check your
 * email", and the same for a patient who chose texts only for that kind. No page tells such a patient to look in their
 * email for it.
 */
const BY_TEXT: Partial<Record<TextKey, { kind: MessageKind; key: TextKey }>> = {
  "screening.complete.staysMember": { kind: "labs", key: "screening.complete.staysMemberByText" },
  "landing.card.thankYouLabs": { kind: "labs", key: "landing.card.thankYouLabsByText" },
  "screening.complete.immunoFreeText": { kind: "decisions", key: "screening.complete.immunoFreeTextByText" },
  "landing.card.immuneToleranceText": { kind: "decisions", key: "landing.card.immuneToleranceTextByText" },
};

/** The text for the patient's channels: the by-text variant when the kind's news comes by text only; else `key`. */
export function newsText(key: TextKey, delivery: MessageChoices | null): TextKey {
  const variant = BY_TEXT[key];
  return variant && delivery && !delivery[variant.kind].email ? variant.key : key;
}

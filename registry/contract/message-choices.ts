/**
 * The messages a patient chooses (docs/decisions/109, ACC-047): for each kind of automated message, email, text or
 * both, never none. Plain data, no zod: the profile's form reads it in the browser too.
 */
export const MESSAGE_KINDS = ["steps", "decisions", "labs"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export type MessageChannels = { email: boolean; text: boolean };
export type MessageChoices = Record<MessageKind, MessageChannels>;

/** Without a choice: what the portal sent before patients could choose (docs/decisions/042). */
export const DEFAULT_MESSAGE_CHOICES: MessageChoices = {
  steps: { email: true, text: false },
  decisions: { email: true, text: true },
  labs: { email: true, text: false },
};

export function isMessageKind(value: string): value is MessageKind {
  return (MESSAGE_KINDS as readonly string[]).includes(value);
}

/** At least one channel per kind: a registration's updates are too important to go nowhere (docs/decisions/109). */
export function validChannels(channels: MessageChannels): boolean {
  return channels.email || channels.text;
}

/**
 * The channels a message of a kind goes by (docs/decisions/109, 128): the patient's choice, but a text only when one can
 * reach the patient (a confirmed mobile number that did not reply STOP); when the text cannot go, the email goes
 * instead, so an update is never lost. The registry sends by it; the portal says by it where the news will come.
 */
export function deliveredBy(choice: MessageChannels, canText: boolean): MessageChannels {
  const text = choice.text && canText;
  return { email: choice.email || !text, text };
}

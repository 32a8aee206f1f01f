import { MESSAGE_KINDS, validChannels, type MessageChoices, type MessageKind } from "../../../registry/contract/message-choices";
import type { FieldErrors } from "~/forms/types";
import type { TextKey } from "~/texts/texts";

/**
 * The form of /profile/messages (docs/decisions/109, ACC-047): per kind of message a fieldset with two checkboxes,
 * `<kind>-email` and `<kind>-text` (value "true" when ticked); at least one per kind, else the kind's error.
 */
export const MESSAGE_CHOICES_FORM = "message-choices";

export const channelField = (kind: MessageKind, channel: "email" | "text") => `${kind}-${channel}`;

/** Every field, in page order: each kind's own name (its error; the fieldset's first checkbox), then its checkboxes. */
export const CHOICE_FIELDS: readonly string[] = MESSAGE_KINDS.flatMap((k) => [k, channelField(k, "email"), channelField(k, "text")]);

const REQUIRED: Record<MessageKind, TextKey> = {
  steps: "messageChoices.stepsRequired",
  decisions: "messageChoices.decisionsRequired",
  labs: "messageChoices.labsRequired",
};

/** The form's values for stored choices. */
export function choiceValues(choices: MessageChoices): Record<string, string> {
  const values: Record<string, string> = {};
  for (const k of MESSAGE_KINDS) {
    values[channelField(k, "email")] = choices[k].email ? "true" : "";
    values[channelField(k, "text")] = choices[k].text ? "true" : "";
  }
  return values;
}

/** The choices a posted form makes, and an error for each kind with no channel ticked. */
export function readChoices(form: FormData): { choices: MessageChoices; values: Record<string, string>; errors: FieldErrors } {
  const ticked = (name: string) => form.get(name) === "true";
  const choices = Object.fromEntries(
    MESSAGE_KINDS.map((k) => [k, { email: ticked(channelField(k, "email")), text: ticked(channelField(k, "text")) }]),
  ) as MessageChoices;
  const errors: FieldErrors = {};
  for (const k of MESSAGE_KINDS) if (!validChannels(choices[k])) errors[k] = REQUIRED[k];
  return { choices, values: choiceValues(choices), errors };
}

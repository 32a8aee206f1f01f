/**
 * What typed text may hold (docs/decisions/026): plain, no zod, so the portal's forms, its browser code and the
 * registry share one rule.
 *
 * Never allowed: control characters (C0 and C1, DEL), the invisible bidirectional embedding/override/isolate
 * controls (they make text display differently from what is stored), lone UTF-16 surrogates, noncharacters U+FFFE and
 * U+FFFF, and U+FFFD (the replacement character: a character that could not be read). Letters of every script,
 * combining marks, emoji and their joiners are text and allowed. A multi-line field (a textarea) also allows tab,
 * line feed and carriage return (browsers send a textarea's line breaks as CR LF).
 */
const BIDI_FORMATTING = "\\u202A-\\u202E\\u2066-\\u2069"; // embeddings, overrides, isolates
const NEVER = `\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_FORMATTING}\\uFFFD\\uFFFE\\uFFFF`;
const LONE_SURROGATE = "[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]";
const MULTI_LINE_BAD = new RegExp(`[${NEVER}]|${LONE_SURROGATE}`);
const SINGLE_LINE_BAD = new RegExp(`[${NEVER}\\t\\n\\r]|${LONE_SURROGATE}`);
const MULTI_LINE_BAD_ALL = new RegExp(MULTI_LINE_BAD.source, "g");
const SINGLE_LINE_BAD_ALL = new RegExp(SINGLE_LINE_BAD.source, "g");

export type TextRule = { max: number; multiline?: boolean };

/** Whether the text holds a character it may not (see above). */
export function hasDisallowedCharacters(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_BAD : SINGLE_LINE_BAD).test(value);
}

/** The text with each character it may not hold shown as U+FFFD, so the patient can see where it was. */
export function markDisallowedCharacters(value: string, multiline = false): string {
  return value.replace(multiline ? MULTI_LINE_BAD_ALL : SINGLE_LINE_BAD_ALL, "\uFFFD");
}

/** Those and the marks (U+200E, U+200F, U+061C): every bidirectional control. */
const BIDI_CONTROLS = new RegExp(`[${BIDI_FORMATTING}\\u200E\\u200F\\u061C]`, "g");

/**
 * The text without bidirectional controls, for documents that show a stored value (the consent, the PDFs: decision
 * 028): a name stored before these rules, or typed with a mark, must not reorder what a document shows. The record
 * keeps what was typed.
 */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

/** Length as a patient counts it: characters (code points), not UTF-16 units. */
export function textLength(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/** The problem with a text under its rule, as a validation key, or undefined when it is fine. */
export function textProblem(value: string, rule: TextRule): "validation.invalidCharacters" | "validation.textTooLong" | undefined {
  if (hasDisallowedCharacters(value, rule.multiline)) return "validation.invalidCharacters";
  if (textLength(value) > rule.max) return "validation.textTooLong";
  return undefined;
}

/**
 * The longest value any form field takes when no rule of its own is given (selects, radio buttons, hidden fields,
 * short codes): every patient-typed text field has its own rule in FIELD_TEXT_RULES.
 */
export const DEFAULT_TEXT_RULE: TextRule = { max: 200 };

/**
 * Each form field's rule, by field name. The limits are the registry's (registration.ts, limits.ts): the portal
 * refuses what the registry would, with a message, before asking it.
 */
export const FIELD_TEXT_RULES: Readonly<Record<string, TextRule>> = {
  firstName: { max: 100 },
  middleInitial: { max: 10 },
  lastName: { max: 100 },
  preferredName: { max: 100 },
  birthDate: { max: 20 },
  email: { max: 254 },
  phoneNumber: { max: 40 },
  phoneNumberSecondary: { max: 40 },
  value: { max: 254 },
  password: { max: 1000 },
  confirmPassword: { max: 1000 },
  currentPassword: { max: 1000 },
  addressLine1: { max: 200 },
  addressLine2: { max: 200 },
  city: { max: 100 },
  province: { max: 100 },
  postalCode: { max: 20 },
  entryreferrer: { max: 200 },
  inviteToken: { max: 500 },
  resetToken: { max: 500 },
  code: { max: 40 },
  requisition: { max: 100 },
  labStaffKey: { max: 500 },
  typedName: { max: 201 },
  // Screening "Other" descriptions and the change-center 'Additional Information' (limits.ts: 500).
  kidneyStatusOther: { max: 500, multiline: true },
  donorStatusOther: { max: 500, multiline: true },
  primaryGoalOther: { max: 500, multiline: true },
  transplantCenterSituationOther: { max: 500, multiline: true },
  other: { max: 500, multiline: true },
  // A lab's reason for declining a lab order (contract/staff-lab.ts LAB_DECLINE_REASON_MAX).
  declineReason: { max: 500, multiline: true },
  // Medical history texts (limits.ts: 1000, the other organ 200).
  addlMedicines: { max: 1000, multiline: true },
  otherOrganTxpDetails: { max: 1000, multiline: true },
  medicalConditionComments: { max: 1000, multiline: true },
  otherOrganTxp: { max: 200 },
  // The immune-tolerance program's note on a stage move (contract/staff-program.ts: 2000).
  programNote: { max: 2000, multiline: true },
};

export function textRuleOf(field: string): TextRule {
  return Object.hasOwn(FIELD_TEXT_RULES, field) ? FIELD_TEXT_RULES[field]! : DEFAULT_TEXT_RULE;
}

import { AuthPreference, PhoneRuleResult, type ValueOf } from "./enums";

/** The digits of a phone number, everything else ignored (000 §5 Phone). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** A phone number is valid only with exactly 10 digits, non-digits ignored. */
export function isValidPhone(value: string): boolean {
  return phoneDigits(value).length === 10;
}

/** US display: only digits kept, at most 10, shown as (XXX) XXX-XXXX as far as typed. */
export function formatUsPhone(value: string): string {
  const d = phoneDigits(value).slice(0, 10);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

type Rule = ValueOf<typeof PhoneRuleResult>;

/**
 * Phone rules by authentication preference (000 §5).
 * Email preference: primary optional but Invalid unless 10 digits; with no primary the secondary is Required
 * and must be 10 digits; with a primary the secondary is optional but Invalid when given and not 10 digits.
 * Any other preference: primary Required and 10 digits; secondary optional, Invalid when given and not 10 digits.
 */
export function phoneRules(
  preference: number,
  primary: string,
  secondary: string,
): { primary: Rule; secondary: Rule } {
  const p = primary.trim();
  const s = secondary.trim();
  const optional = (v: string): Rule => (v === "" || isValidPhone(v) ? PhoneRuleResult.Valid : PhoneRuleResult.Invalid);
  const required = (v: string): Rule =>
    v === "" ? PhoneRuleResult.Required : isValidPhone(v) ? PhoneRuleResult.Valid : PhoneRuleResult.Invalid;
  if (preference === AuthPreference.Email) {
    if (p === "") return { primary: PhoneRuleResult.Valid, secondary: required(s) };
    return { primary: optional(p), secondary: optional(s) };
  }
  return { primary: required(p), secondary: optional(s) };
}

import { AuthPreference, Country, PhoneRuleResult, type ValueOf } from "./enums";

/** The digits of a phone number, everything else ignored (ACC-013). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** An international number (ITU-T E.164): a country code that does not start with 0, at most 15 digits in all. */
const E164_DIGITS = /^[1-9]\d{6,14}$/;

/**
 * The number in E.164 ("+" and its digits) by the rule of the address's country, or null when it is not valid there
 * (docs/decisions/049). United States (and no country chosen): exactly 10 digits, non-digits ignored (ACC-013),
 * read as +1. Other: a number written with its country code ("+" or "00" first) of 7 to 15 digits; or, as the spec's
 * 10-digit rule, exactly 10 digits without one, read as a North American (+1) number, e.g. Canada's.
 */
export function toE164(value: string, country: number = Country.UnitedStates): string | null {
  const typed = value.trim();
  if (country === Country.Other && /^(\+|00)/.test(typed)) {
    const digits = phoneDigits(typed.replace(/^00/, ""));
    return E164_DIGITS.test(digits) ? `+${digits}` : null;
  }
  const digits = phoneDigits(typed);
  return digits.length === 10 ? `+1${digits}` : null;
}

/** Whether a number is valid for the address's country (see toE164); the US rule when no country is given. */
export function isValidPhone(value: string, country: number = Country.UnitedStates): boolean {
  return toE164(value, country) !== null;
}

/**
 * How the registry stores a valid number: an international one (country Other) in E.164; a US one as typed (the
 * portal sends it as (XXX) XXX-XXXX). Its digits are the key the registry compares and keeps unique.
 */
export function storedPhone(value: string, country: number): string {
  const trimmed = value.trim();
  if (country !== Country.Other || trimmed === "") return trimmed;
  return toE164(trimmed, country) ?? trimmed;
}

/** Where a stored number is texted (E.164): a "+" number as it is, 10 digits as +1; null for anything else. */
export function textAddress(stored: string): string | null {
  const trimmed = stored.trim();
  if (trimmed.startsWith("+")) return toE164(trimmed, Country.Other);
  return toE164(trimmed, Country.UnitedStates);
}

/** A stored number as the patient sees it: a US one as (XXX) XXX-XXXX, an international one as stored (E.164). */
export function displayPhone(stored: string, country: number): string {
  return country === Country.UnitedStates && !stored.trim().startsWith("+") ? formatUsPhone(stored) : stored;
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
 * Phone rules by authentication preference (ACC-014); "10 digits" is the rule of the address's country (toE164).
 * Email preference: primary optional but Invalid unless 10 digits; with no primary the secondary is Required
 * and must be 10 digits; with a primary the secondary is optional but Invalid when given and not 10 digits.
 * Any other preference: primary Required and 10 digits; secondary optional, Invalid when given and not 10 digits.
 */
export function phoneRules(
  preference: number,
  primary: string,
  secondary: string,
  country: number = Country.UnitedStates,
): { primary: Rule; secondary: Rule } {
  const p = primary.trim();
  const s = secondary.trim();
  const optional = (v: string): Rule => (v === "" || isValidPhone(v, country) ? PhoneRuleResult.Valid : PhoneRuleResult.Invalid);
  const required = (v: string): Rule =>
    v === "" ? PhoneRuleResult.Required : isValidPhone(v, country) ? PhoneRuleResult.Valid : PhoneRuleResult.Invalid;
  if (preference === AuthPreference.Email) {
    if (p === "") return { primary: PhoneRuleResult.Valid, secondary: required(s) };
    return { primary: optional(p), secondary: optional(s) };
  }
  return { primary: required(p), secondary: optional(s) };
}

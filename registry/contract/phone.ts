import { AuthPreference, Country, PhoneRuleResult, type ValueOf } from "./enums";

/** The digits of a phone number, everything else ignored (ACC-013). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** An international number (ITU-T E.164): a country code that does not start with 0, at most 15 digits in all. */
const E164_DIGITS = /^[1-9]\d{6,14}$/;

/**
 * Why a number is not valid (docs/decisions/090): `invalid` (the spec's rule: not 10 digits, or not a number of the
 * country's form), `areaCode` (a North American area code starts with 0 or 1, or is a service code N11 such as 911),
 * `exchange` (the 3 digits after the area code start with 0 or 1), `notUs` (a "+" number of another country while the
 * address is not Other).
 */
export type PhoneProblem = "invalid" | "areaCode" | "exchange" | "notUs";

/** The NANP rules of a North American number's 10 digits (area code NXX, not N11; exchange NXX). */
function northAmericanProblem(national: string): PhoneProblem | null {
  if (!/^\d{10}$/.test(national)) return "invalid";
  if (/^[01]/.test(national) || /^\d11/.test(national)) return "areaCode";
  if (/^\d{3}[01]/.test(national)) return "exchange";
  return null;
}

/**
 * A number read by the rule of the address's country (docs/decisions/049, 090): its E.164 form, or why it is not
 * valid. A "+" (or "00") number is read with its country code: +1 is North American in every country, any other
 * country code only with Country Other. Without one, it is North American: the spec's 10 digits, or (United States,
 * or no country chosen) 11 digits whose first is the country code 1, dropped. A North American number must be a
 * possible one (NANP): its area code and exchange do not start with 0 or 1, and its area code is no N11 service code.
 */
export function readPhone(value: string, country: number = Country.UnitedStates): { e164: string } | { problem: PhoneProblem } {
  const typed = value.trim();
  const withCode = /^(\+|00)/.test(typed);
  const digits = phoneDigits(withCode ? typed.replace(/^00/, "") : typed);
  if (withCode && !digits.startsWith("1")) {
    if (country !== Country.Other) return { problem: digits === "" ? "invalid" : "notUs" };
    return E164_DIGITS.test(digits) ? { e164: `+${digits}` } : { problem: "invalid" };
  }
  const national = withCode || (country !== Country.Other && digits.length === 11 && digits.startsWith("1")) ? digits.slice(1) : digits;
  const problem = northAmericanProblem(national);
  return problem ? { problem } : { e164: `+1${national}` };
}

/** The number in E.164 ("+" and its digits) by the rule of the address's country (readPhone), or null when it is not valid there. */
export function toE164(value: string, country: number = Country.UnitedStates): string | null {
  const reading = readPhone(value, country);
  return "e164" in reading ? reading.e164 : null;
}

/** Why a number is not valid for the address's country (readPhone), or null when it is. */
export function phoneProblem(value: string, country: number = Country.UnitedStates): PhoneProblem | null {
  const reading = readPhone(value, country);
  return "problem" in reading ? reading.problem : null;
}

/** Whether a number is valid for the address's country (see readPhone); the US rule when no country is given. */
export function isValidPhone(value: string, country: number = Country.UnitedStates): boolean {
  return toE164(value, country) !== null;
}

/**
 * How the registry stores a valid number: an international one (country Other) in E.164; a US one as
 * (XXX) XXX-XXXX, its country code dropped (docs/decisions/090). Its digits are the key the registry compares and
 * keeps unique. A number that is not valid is kept as typed (the rules refuse it before it is stored).
 */
export function storedPhone(value: string, country: number): string {
  const trimmed = value.trim();
  if (trimmed === "") return trimmed;
  const e164 = toE164(trimmed, country);
  if (!e164) return trimmed;
  return country === Country.Other ? e164 : formatUsPhone(e164.slice(2));
}

/**
 * Where a stored number is texted (E.164), the one address of every text the registry sends to a patient (codes,
 * journey updates, security notices; docs/decisions/090): a "+" number as it is, 10 digits as +1, 11 digits whose
 * first is 1 as "+" and them; null for anything else.
 */
export function textAddress(stored: string): string | null {
  const trimmed = stored.trim();
  const digits = phoneDigits(trimmed);
  if (trimmed.startsWith("+")) return E164_DIGITS.test(digits) ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}

/** A stored number as the patient sees it: a US one as (XXX) XXX-XXXX, an international one as stored (E.164). */
export function displayPhone(stored: string, country: number): string {
  return country === Country.UnitedStates && !stored.trim().startsWith("+") ? formatUsPhone(stored) : stored;
}

/** 10 (or more) national digits as (XXX) XXX-XXXX as far as typed; digits past the tenth follow, never dropped. */
function formatNational(d: string): string {
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * A US number as the patient types it (ACC-013; docs/decisions/090): (XXX) XXX-XXXX as far as typed, the country code
 * kept in front ("+1 (303) 555-5841", "1 (303) 555-5841"). It never drops a digit (an 11th shows, for the rule to
 * refuse), and never reads another country's number as a US one: a "+" number of another country, a "00" number, or
 * one starting with 0 is left as typed, for the country field to decide.
 */
export function formatUsPhone(value: string): string {
  const typed = value.trim();
  const digits = phoneDigits(typed);
  if (typed.startsWith("+")) {
    if (!digits.startsWith("1")) return value;
    return digits.length === 1 ? "+1" : `+1 ${formatNational(digits.slice(1))}`;
  }
  if (typed.startsWith("00") || digits.startsWith("0")) return value;
  if (digits.startsWith("1")) return digits.length === 1 ? "1" : `1 ${formatNational(digits.slice(1))}`;
  return formatNational(digits);
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

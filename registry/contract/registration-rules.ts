import { Country, PhoneRuleResult } from "./enums";
import { BIRTH_DATE_MIN } from "./limits";
import { phoneProblem, phoneRules, type PhoneProblem } from "./phone";
import type { RegistrationPayload } from "./registration";
import { findUsState } from "./us-states";
import type { ValidationKeyValue } from "./validation-keys";

/**
 * The field rules of ACC-010, ACC-029 for registration and profile, as pure functions of already-parsed values. No schema
 * library here: the registry, the portal's actions and the browser's re-check after a first submit all run these.
 */

/** The patient's name and birth date fields, in the order of the registration and profile forms. */
export const NAME_FIELDS = ["firstName", "middleInitial", "lastName", "preferredName", "birthDate"] as const;
/** The address fields, in the order of the registration and profile forms. */
export const ADDRESS_FIELDS = ["addressLine1", "addressLine2", "city", "usState", "province", "postalCode", "country"] as const;
type NameField = (typeof NAME_FIELDS)[number];

/** A stored record's name and birth date, as the forms show them. */
export function nameValues(r: Readonly<Record<NameField, string>>): Record<NameField, string> {
  return Object.fromEntries(NAME_FIELDS.map((k) => [k, r[k]])) as Record<NameField, string>;
}

/** Field -> message key (app/locales `validation.*`). Empty when valid. */
export type FieldErrors = Partial<Record<string, string>>;
/** The same, from the rules below: each message is one of ValidationKey's (the portal checks they all have texts). */
export type RuleErrors = Partial<Record<string, ValidationKeyValue>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim().toLowerCase());
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Birth date rule: a real date between 1920-01-01 and today (both YYYY-MM-DD). */
export function isValidBirthDate(value: string, today: string): boolean {
  return isIsoDate(value) && value >= BIRTH_DATE_MIN && value <= today;
}

/** Password length rule of ACC-020 (the common-password list is checked by the registry). */
export function passwordError(password: string): ValidationKeyValue | undefined {
  if (password === "") return "validation.passwordRequired";
  if ([...password].length < PASSWORD_MIN) return "validation.passwordTooShort";
  if ([...password].length > PASSWORD_MAX) return "validation.passwordTooLong";
  return undefined;
}

/** The rules of ACC-029 shared by registration and profile. */
export function personErrors(
  p: {
    firstName: string;
    lastName: string;
    preferredName: string;
    middleInitial: string;
    birthDate: string;
    preferredLanguage: number;
    gender: number;
  },
  today: string,
): RuleErrors {
  const e: RuleErrors = {};
  if (!p.firstName) e.firstName = "validation.firstNameRequired";
  if ([...p.middleInitial].length > 1) e.middleInitial = "validation.middleInitialTooLong";
  if (!p.lastName) e.lastName = "validation.lastNameRequired";
  if (!p.preferredName) e.preferredName = "validation.preferredNameRequired";
  if (!isValidBirthDate(p.birthDate, today)) e.birthDate = "validation.birthDateRequired";
  if (p.preferredLanguage < 1 || p.preferredLanguage > 2) e.preferredLanguage = "validation.preferredLanguageRequired";
  if (p.gender < 1 || p.gender > 2) e.gender = "validation.genderRequired";
  return e;
}

export function addressErrors(a: {
  addressLine1: string;
  city: string;
  usState: number;
  province: string;
  postalCode: string;
  country: number;
}): RuleErrors {
  const e: RuleErrors = {};
  if (!a.addressLine1) e.addressLine1 = "validation.addressRequired";
  if (!a.city) e.city = "validation.cityRequired";
  if (a.country !== Country.UnitedStates && a.country !== Country.Other) e.country = "validation.countryRequired";
  if (a.country === Country.UnitedStates && (a.usState <= 0 || !findUsState(a.usState))) e.usState = "validation.usStateRequired";
  if (a.country === Country.Other && !a.province) e.province = "validation.provinceRequired";
  if (!a.postalCode) e.postalCode = "validation.postalCodeRequired";
  return e;
}

/**
 * The message of a number that is not valid (docs/decisions/049, 090): the spec's 'Please enter a valid 10-digit US
 * phone number' (United States, or no country chosen) or 'Please enter a valid phone number' (Other); for a North
 * American number that cannot exist, what is wrong with it; for another country's "+" number under the United States,
 * that the country field decides.
 */
export function phoneProblemKey(problem: PhoneProblem, country: number): ValidationKeyValue {
  switch (problem) {
    case "areaCode":
      return "validation.phoneAreaCode";
    case "exchange":
      return "validation.phoneExchange";
    case "notUs":
      return "validation.phoneNotUs";
    default:
      return country === Country.Other ? "validation.phoneInvalid" : "validation.phoneInvalidUs";
  }
}

/** A number's message by the rule of the address's country, or undefined when it is valid there (empty is not checked here). */
export function phoneError(value: string, country: number): ValidationKeyValue | undefined {
  const problem = phoneProblem(value, country);
  return problem ? phoneProblemKey(problem, country) : undefined;
}

/** Phone messages of ACC-014: required when empty, then the rule of the address's country (readPhone, docs/decisions/049, 090). */
export function phoneErrors(phoneNumber: string, phoneNumberSecondary: string, country: number, preference: number): RuleErrors {
  const e: RuleErrors = {};
  const primary = phoneNumber ? phoneError(phoneNumber, country) : "validation.phoneRequired";
  if (primary) e.phoneNumber = primary;
  const rules = phoneRules(preference, phoneNumber, phoneNumberSecondary, country);
  if (rules.secondary === PhoneRuleResult.Invalid)
    e.phoneNumberSecondary = phoneError(phoneNumberSecondary, country) ?? phoneProblemKey("invalid", country);
  return e;
}

/** Every rule of ACC-010 for the registration form except the bot check and confirm-password (portal-only fields). */
export function registrationErrors(p: RegistrationPayload, today: string): RuleErrors {
  const e: RuleErrors = { ...personErrors(p, today) };
  if (!p.email) e.email = "validation.emailRequired";
  else if (!isValidEmail(p.email)) e.email = "validation.emailInvalid";
  Object.assign(e, phoneErrors(p.phoneNumber, p.phoneNumberSecondary, p.country, p.authenticationPreference));
  const pw = passwordError(p.password);
  if (pw) e.password = pw;
  Object.assign(e, addressErrors(p));
  if (!p.agreedToHipaa) e.agreedToHipaa = "validation.hipaaRequired";
  return e;
}

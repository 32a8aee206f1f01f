/**
 * Every field-error message key the registry may answer in `errors` (values of the envelope's errors map).
 * The portal translates each one (app/locales `validation.*`).
 */
export const ValidationKey = {
  // registrationErrors / personErrors / addressErrors / phoneErrors (registration.ts)
  firstNameRequired: "validation.firstNameRequired",
  middleInitialTooLong: "validation.middleInitialTooLong",
  lastNameRequired: "validation.lastNameRequired",
  preferredNameRequired: "validation.preferredNameRequired",
  birthDateRequired: "validation.birthDateRequired",
  preferredLanguageRequired: "validation.preferredLanguageRequired",
  genderRequired: "validation.genderRequired",
  emailRequired: "validation.emailRequired",
  emailInvalid: "validation.emailInvalid",
  phoneRequired: "validation.phoneRequired",
  phoneInvalidUs: "validation.phoneInvalidUs",
  phoneInvalid: "validation.phoneInvalid",
  /** A North American number that cannot exist (docs/decisions/090): its area code, or its exchange. */
  phoneAreaCode: "validation.phoneAreaCode",
  phoneExchange: "validation.phoneExchange",
  /** A "+" number of another country while the address's country is not Other (docs/decisions/090). */
  phoneNotUs: "validation.phoneNotUs",
  passwordRequired: "validation.passwordRequired",
  passwordTooShort: "validation.passwordTooShort",
  passwordTooLong: "validation.passwordTooLong",
  addressRequired: "validation.addressRequired",
  cityRequired: "validation.cityRequired",
  countryRequired: "validation.countryRequired",
  usStateRequired: "validation.usStateRequired",
  provinceRequired: "validation.provinceRequired",
  postalCodeRequired: "validation.postalCodeRequired",
  hipaaRequired: "validation.hipaaRequired",
  // checked by the registry only
  passwordCommon: "validation.passwordCommon",
  /** Password change (ACC-030). */
  confirmPasswordRequired: "validation.confirmPasswordRequired",
  passwordsDoNotMatch: "validation.passwordsDoNotMatch",
  /** Password change: the current password is asked for and checked (docs/decisions/025). */
  currentPasswordRequired: "validation.currentPasswordRequired",
  currentPasswordWrong: "validation.currentPasswordWrong",
  /** Too many wrong passwords for the account (ACC-022 lockout, shared with sign-in). */
  currentPasswordLocked: "validation.currentPasswordLocked",
  emailTaken: "validation.emailTaken",
  phoneTaken: "validation.phoneTaken",
  /** A required value left out (screening body fields, an "Other" description when Other is chosen). */
  required: "validation.required",
  /** A value of the wrong type (an object where text is expected, a non-number...). */
  invalidValue: "validation.invalidValue",
  /** Text longer than the field allows. */
  tooLong: "validation.tooLong",
  /** Text longer than the field allows, with the limit: `withParams(textTooLong, { max })` (docs/decisions/026). */
  textTooLong: "validation.textTooLong",
  /** Text with a control character or another character that is not allowed (contract/text-rules.ts). */
  invalidCharacters: "validation.invalidCharacters",
} as const;
export type ValidationKeyValue = (typeof ValidationKey)[keyof typeof ValidationKey];

/** The same keys as a list (the portal's locale test checks each one exists in English and Spanish). */
export const VALIDATION_KEYS: readonly ValidationKeyValue[] = Object.values(ValidationKey);

/**
 * A field error with parameters for its message, as one string (field errors are strings everywhere: the registry's
 * envelope, the session, the form answer): `validation.textTooLong?max=100`. `messageOf` splits it again.
 */
export function withParams<K extends string>(key: K, params: Record<string, string>): `${K}?${string}` {
  return `${key}?${new URLSearchParams(params).toString()}` as const;
}

/** The locale key and the parameters of a field error (see withParams). */
export function messageOf(error: string): [string, Record<string, string>] {
  const at = error.indexOf("?");
  if (at < 0) return [error, {}];
  return [error.slice(0, at), Object.fromEntries(new URLSearchParams(error.slice(at + 1)))];
}

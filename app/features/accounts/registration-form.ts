import {
  AuthPreference,
  Country,
  formatUsPhone,
  isoToday,
  parseRegistrationPayload,
  registrationErrors,
  type FieldErrors,
  type RegistrationPayload,
} from "../../../registry/contract";
import { confirmPasswordError, type RegisterField } from "./registration-field-names";

/**
 * The address field that does not apply to the chosen country is ignored (ACC-016: state only for the United
 * States, province only for Other). Without JavaScript both fields are on the page, so both may be posted.
 */
export function dropInapplicableRegion<T extends { country: string; usState: string; province: string }>(values: T): T {
  if (values.country === String(Country.UnitedStates)) return { ...values, province: "" };
  if (values.country === String(Country.Other)) return { ...values, usState: "0" };
  return values;
}

/** What the form shows when it comes back: a US phone number as (XXX) XXX-XXXX (ACC-013). */
export function displayValues<T extends Record<string, string>>(values: T): T {
  if (values.country !== String(Country.UnitedStates) || !values.phoneNumber) return values;
  return { ...values, phoneNumber: formatUsPhone(values.phoneNumber) };
}

/** Turns the posted form into the registry payload and every error the portal can find before asking the registry. */
export function checkRegistrationForm(
  values: Record<RegisterField, string>,
  extra: { entryreferrer: string },
  now: Date = new Date(),
): { payload: RegistrationPayload; errors: FieldErrors } {
  const { payload, errors: inputErrors } = parseRegistrationPayload({
    ...dropInapplicableRegion(values),
    phoneNumberSecondary: "",
    authenticationPreference: AuthPreference.Email,
    entryreferrer: extra.entryreferrer,
  });
  const errors = { ...registrationErrors(payload, isoToday(now)), ...inputErrors };
  const confirm = confirmPasswordError(values.password, values.confirmPassword);
  if (confirm) errors.confirmPassword = confirm;
  return { payload, errors };
}

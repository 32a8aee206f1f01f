import {
  AuthPreference,
  isoToday,
  registrationErrors,
  registrationPayload,
  type FieldErrors,
  type RegistrationPayload,
} from "../../registry/contract";
import { confirmPasswordError, type RegisterField } from "./registration-fields";

/** Turns the posted form into the registry payload and every error the portal can find before asking the registry. */
export function checkRegistrationForm(
  values: Record<RegisterField, string>,
  extra: { entryreferrer: string },
  now: Date = new Date(),
): { payload: RegistrationPayload; errors: FieldErrors } {
  const payload = registrationPayload.parse({
    ...values,
    phoneNumberSecondary: "",
    authenticationPreference: AuthPreference.Email,
    entryreferrer: extra.entryreferrer,
  });
  const errors = registrationErrors(payload, isoToday(now));
  const confirm = confirmPasswordError(values.password, values.confirmPassword);
  if (confirm) errors.confirmPassword = confirm;
  return { payload, errors };
}

import { AuthPreference, Country } from "../../../registry/contract/enums";
import { isoToday } from "../../../registry/contract/limits";
import { addressErrors, personErrors, registrationErrors } from "../../../registry/contract/registration-rules";
import { passwordUpdateErrors, resetErrors } from "./password-rules";
import { confirmPasswordError } from "./registration-field-names";
import type { FieldError } from "~/texts/text-key";
import type { FieldErrors } from "~/forms/types";
import type { Values } from "~/forms/live-errors";

/**
 * The same rules the actions run, over a form's values as the browser holds them, for the re-check after a first
 * submit (ACC-017). Zod-free on purpose: the server's parse also refuses over-long text and
 * characters that are not allowed (docs/decisions/026); those errors stay until the field is changed.
 */
export type { FieldErrors, Values };

/** A number field as the registry's parse reads it: empty or not an integer -> -9999 (never valid). */
function int(value: string | undefined): number {
  const n = Number(value);
  return value === undefined || value.trim() === "" || !Number.isInteger(n) ? -9999 : n;
}

function text(values: Values, name: string): string {
  return (values[name] ?? "").trim();
}

function person(values: Values) {
  return {
    firstName: text(values, "firstName"),
    middleInitial: text(values, "middleInitial"),
    lastName: text(values, "lastName"),
    preferredName: text(values, "preferredName"),
    birthDate: text(values, "birthDate"),
    preferredLanguage: int(values.preferredLanguage),
    gender: int(values.gender),
  };
}

function address(values: Values) {
  const country = int(values.country);
  return {
    addressLine1: text(values, "addressLine1"),
    addressLine2: text(values, "addressLine2"),
    city: text(values, "city"),
    usState: country === Country.UnitedStates ? Math.max(int(values.usState), 0) : 0,
    province: country === Country.Other ? text(values, "province") : "",
    postalCode: text(values, "postalCode"),
    country: country === -9999 ? Country.NotSelected : country,
  };
}

function defined(errors: Partial<Record<string, FieldError>>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, FieldError] => typeof e[1] === "string"));
}

/** Registration (ACC-010, ACC-014, ACC-016): every field rule, confirm password and HIPAA; the phone by the address's country. */
export function registerRecheck(values: Values, today: string = isoToday()): FieldErrors {
  const errors = registrationErrors(
    {
      ...person(values),
      ...address(values),
      email: text(values, "email"),
      password: values.password ?? "",
      phoneNumber: text(values, "phoneNumber"),
      phoneNumberSecondary: "",
      authenticationPreference: AuthPreference.Email,
      agreedToHipaa: values.agreedToHipaa === "true" || values.agreedToHipaa === "on",
      entryreferrer: "",
    },
    today,
  );
  const confirm = confirmPasswordError(values.password ?? "", values.confirmPassword ?? "");
  return defined({ ...errors, confirmPassword: confirm });
}

/** Profile 'Personal Information' (ACC-029): names, birth date, language, gender and address. */
export function profileRecheck(values: Values, today: string = isoToday()): FieldErrors {
  return defined({ ...personErrors(person(values), today), ...addressErrors(address(values)) });
}

/** Profile 'New Password' (ACC-030). */
export function passwordRecheck(values: Values): FieldErrors {
  return passwordUpdateErrors({
    currentPassword: values.currentPassword ?? "",
    password: values.password ?? "",
    confirmPassword: values.confirmPassword ?? "",
  });
}

/** Enter New Password (ACC-024). */
export function resetRecheck(values: Values): FieldErrors {
  return resetErrors({ email: values.email ?? "", password: values.password ?? "", confirmPassword: values.confirmPassword ?? "" });
}

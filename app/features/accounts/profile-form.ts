import {
  ADDRESS_FIELDS,
  addressErrors,
  isoToday,
  NAME_FIELDS,
  nameValues,
  personErrors,
  parseRegistrationPayload,
  UPDATE_MEDICAL_RECORD_FIELDS,
  type FieldErrors,
} from "../../../registry/contract";
import { displayPhone } from "../../../registry/contract/phone";
import type { MedicalRecord } from "../../../registry/contract/schemas";
import { dropInapplicableRegion } from "./registration-form";

/** The profile's Personal Information fields (ACC-029), in page order; email and primary phone are read-only. */
export const PROFILE_FIELDS = [...NAME_FIELDS, "email", "phoneNumber", ...ADDRESS_FIELDS, "preferredLanguage", "gender"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfilePayload = Record<(typeof UPDATE_MEDICAL_RECORD_FIELDS)[number], string | number>;

/** The form's values from the stored record (numbers as text, a US phone formatted). */
export function profileDefaults(r: MedicalRecord): Record<ProfileField, string> {
  return {
    ...nameValues(r),
    email: r.email,
    phoneNumber: displayPhone(r.phoneNumber, r.country),
    addressLine1: r.addressLine1,
    addressLine2: r.addressLine2,
    city: r.city,
    usState: String(r.usState),
    province: r.province,
    postalCode: r.postalCode,
    country: String(r.country),
    preferredLanguage: String(r.preferredLanguage),
    gender: String(r.gender),
  };
}

/**
 * ACC-029: the registration rules for names, birth date, language, gender and address; saved only when
 * valid; language and gender as integers, the rest as text. Email and phone are read-only, so never sent.
 */
export function checkProfileForm(values: Record<ProfileField, string>, now: Date = new Date()): { payload: ProfilePayload; errors: FieldErrors } {
  const { payload: p, errors: inputErrors } = parseRegistrationPayload({ ...dropInapplicableRegion(values), password: "" });
  const errors: FieldErrors = { ...personErrors(p, isoToday(now)), ...addressErrors(p), ...inputErrors };
  const payload = {} as ProfilePayload;
  for (const key of UPDATE_MEDICAL_RECORD_FIELDS) payload[key] = p[key];
  return { payload, errors };
}

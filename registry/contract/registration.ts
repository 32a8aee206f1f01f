import { z } from "zod";
import { AuthPreference, Country } from "./enums";
import { issueFieldErrors, cleanString } from "./text-schema";
import { isoToday } from "./limits";
import type { FieldErrors } from "./registration-rules";

const text = (max: number) => z.preprocess((v) => (v == null ? "" : String(v)), cleanString(max)).transform((s) => s.trim());
/**
 * An integer from JSON or form text; -9999 (no answer) when left out, empty or not an integer. The union only
 * describes what is taken (a number, or its text, in the OpenAPI document: docs/decisions/102): after the first step
 * the value is always a number.
 */
const int = z
  .preprocess(
    (v) => {
      if (v === "" || v == null) return -9999;
      const n = Number(v);
      return Number.isInteger(n) ? n : -9999;
    },
    z.union([z.number().int(), z.string().regex(/^\s*-?\d+\s*$/)]),
  )
  .transform(Number);
const bool = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean());

/** The registration request payload (ACC-002, ACC-034), coerced from JSON or form strings. Over-long text is refused. */
export const registrationPayload = z.object({
  firstName: text(100),
  middleInitial: text(10),
  lastName: text(100),
  preferredName: text(100),
  birthDate: text(20),
  email: text(254),
  password: z.preprocess((v) => (v == null ? "" : String(v)), cleanString(1000)),
  preferredLanguage: int,
  gender: int,
  authenticationPreference: int.transform((v) => (v === -9999 ? AuthPreference.Email : v)),
  phoneNumber: text(40),
  phoneNumberSecondary: text(40),
  agreedToHipaa: bool,
  addressLine1: text(200),
  addressLine2: text(200),
  city: text(100),
  usState: int.transform((v) => (v === -9999 ? 0 : v)),
  province: text(100),
  postalCode: text(20),
  country: int.transform((v) => (v === -9999 ? Country.NotSelected : v)),
  entryreferrer: text(200),
});
export type RegistrationPayload = z.infer<typeof registrationPayload>;

/**
 * The registration payload of posted values without ever throwing: a field that is too long or holds a character that
 * is not allowed is a field error (docs/decisions/026), and the payload has that field empty.
 */
export function parseRegistrationPayload(values: Record<string, unknown>): { payload: RegistrationPayload; errors: FieldErrors } {
  const first = registrationPayload.safeParse(values);
  if (first.success) return { payload: first.data, errors: {} };
  const errors = issueFieldErrors(first.error);
  const blanked = { ...values };
  for (const field of Object.keys(errors)) blanked[field] = "";
  return { payload: registrationPayload.parse(blanked), errors };
}

// The field rules themselves hold no schema, so the browser can run them without zod (ACC-017).
export * from "./registration-rules";
export { isoToday };

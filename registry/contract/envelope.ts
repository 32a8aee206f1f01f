import { z } from "zod";

function makeEnvelope<T extends z.ZodType>(results: T) {
  return z.object({
    success: z.boolean(),
    results: results.nullable(),
    message: z.string().nullable(),
    /** Field errors of a refused request: field name -> message key (see app/locales). */
    errors: z.record(z.string(), z.string()).optional(),
  });
}

/** One envelope schema per results schema: building a zod object (and compiling its parser) costs more than a parse. */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/** The `{ success, results, message }` envelope every registry answer uses. */
export function envelope<T extends z.ZodType>(results: T): ReturnType<typeof makeEnvelope<T>> {
  let made = envelopes.get(results) as ReturnType<typeof makeEnvelope<T>> | undefined;
  if (!made) {
    made = makeEnvelope(results);
    envelopes.set(results, made);
  }
  return made;
}

export type Envelope<T> = {
  success: boolean;
  results: T | null;
  message: string | null;
  errors?: Record<string, string>;
};

/** Messages the registry answers with that the portal reacts to (SCR-019, PLT-013). */
export const RegistryMessage = {
  tokenNotFound: "Authentication token not found",
  tokenExpired: "token is expired",
  forbidden: "Forbidden",
  notFound: "Not found",
  badRequest: "The request is not valid",
  internal: "The registry could not complete the request",
  invalidCredentials: "We are unable to locate an account with those credentials",
  lockedOut: "Too many failed sign-in attempts",
  emailTaken: "An account with this email address already exists",
  phoneTaken: "This phone number is already registered",
  // Added with the registry core: refusals of malformed requests and an unavailable database.
  invalidJson: "The request body is not valid JSON",
  bodyTooLarge: "The request body is too large",
  methodNotAllowed: "This method is not allowed here",
  unavailable: "The registry is not available",
  // A re-save of a screening that would move its registration back (docs/decisions/033).
  registrationMovedOn: "This registration is already past the questionnaire; it cannot be answered again",
} as const;

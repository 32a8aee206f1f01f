import { z } from "zod";
import { SIGNATURE_NAME_MAX } from "./limits";
import { withoutBidiControls } from "./text-rules";

/**
 * E-sign of the immune-tolerance program's consent (ESG-001, ESG-002, ESG-003, PLT-019; DSH-013).
 *
 * `GET /api/e-sign/create-pdf[?medicalRecordId={id}]` (bearer token; the token names the record, an id given must be
 * the token's) -> results: `eSignDocument`, the consent as HTML personalised with the patient's name and today's
 * date (UTC) in the patient's preferred language, with what the portal needs to check the signature and to send
 * back: `fullName` and `documentHash`.
 *
 * `POST /api/e-sign` with `eSignRequest` (bearer token; `entityTypeId` = the token's medical record id) -> results:
 * `eSignResult`. The portal forwards the browser's address in `X-Client-Address` and its user agent in
 * `X-Client-User-Agent`; both are stored with the signature.
 *
 * Refusals: 400 `errors.typedName = eSign.nameMismatch` (not the full name, case sensitive), 400 field keys
 * (`validation.required` / `validation.invalidValue` / `validation.tooLong`) for a malformed body, 403 another
 * record, 409 `errors.form` = a key of `ESignReason` (with an English `message` from `ESignMessage`).
 */

/** The GET create-pdf answer. */
export const eSignDocument = z.object({
  /** The consent document, a self-contained HTML fragment (an `<article>`), every patient value escaped. */
  html: z.string(),
  /** The exact signature expected: trimmed first name, one space, trimmed last name (case sensitive). */
  fullName: z.string(),
  /** SHA-256 (hex) of `html`; sent back when signing, so a document that changed since it was shown is refused. */
  documentHash: z.string(),
  /** The consent text's version, e.g. "immune-tolerance-consent-2025-1". */
  documentVersion: z.string(),
  /** "en" or "es": the patient's preferred language. */
  language: z.enum(["en", "es"]),
  /** The date printed in the document, YYYY-MM-DD (UTC). The document (and its hash) changes at midnight UTC. */
  documentDate: z.string(),
  /**
   * When the consent was signed (ISO 8601), or null when not yet signed. Once signed, the answer is the document that
   * was signed (its HTML, hash, version, language and date), not today's.
   */
  signedDateTime: z.string().nullable(),
  /** The record's immune-tolerance stage (ImmunoFreeStatus), null without a registration (signing is then refused). */
  ifStatus: z.number().int().nullable(),
});
export type ESignDocument = z.infer<typeof eSignDocument>;

/** The POST /api/e-sign body. */
export const eSignRequest = z.object({
  /** The medical record id (PLT-019). */
  entityTypeId: z.number().int(),
  /** What the patient typed; leading and trailing spaces are ignored. */
  typedName: z.string().max(SIGNATURE_NAME_MAX),
  /** The `documentHash` of the document the patient was shown. */
  documentHash: z.string().max(128),
});
export type ESignRequest = z.infer<typeof eSignRequest>;

/** The POST /api/e-sign answer: when it was signed and the immune-tolerance stage reached (ImmunoFreeStatus). */
export const eSignResult = z.object({ signedDateTime: z.string(), ifStatus: z.number().int() });
export type ESignResult = z.infer<typeof eSignResult>;

/** Header names the portal uses to pass the browser's details (ESG-003). */
export const CLIENT_ADDRESS_HEADER = "X-Client-Address";
export const CLIENT_USER_AGENT_HEADER = "X-Client-User-Agent";
/** Longest user agent stored (longer ones are cut). */
export const USER_AGENT_MAX = 512;

/** Field key of a typed name that is not the full name (app/locales, English and Spanish). */
export const ESignFieldKey = { nameMismatch: "eSign.nameMismatch" } as const;

/** Reasons about the whole signing (409, `errors.form`); the portal translates each one. */
export const ESignReason = {
  /** The patient has no immune-tolerance registration (not invited, not a candidate). */
  notInProgram: "eSign.notInProgram",
  /** The medical history has not been submitted yet (stage below MedicalHistory). */
  medicalHistoryFirst: "eSign.medicalHistoryFirst",
  /** The consent is already signed (ESG-003: signing twice is refused). */
  alreadySigned: "eSign.alreadySigned",
  /** The document hash is not the current document's (the name or the date changed since it was shown). */
  documentChanged: "eSign.documentChanged",
} as const;
export const E_SIGN_KEYS: readonly string[] = [...Object.values(ESignFieldKey), ...Object.values(ESignReason)];

/** English messages of the refusals (the envelope's `message`). */
export const ESignMessage = {
  nameMismatch: "The signature must match your first and last name",
  notInProgram: "Only participants of the immune-tolerance program can sign this consent",
  medicalHistoryFirst: "Please complete the medical history before signing the consent",
  alreadySigned: "The consent has already been signed",
  documentChanged: "The consent document has changed; please read it again before signing",
} as const;

/**
 * The signature ESG-002 expects: the trimmed first and last name joined by one space, as the documents show it (without
 * bidirectional formatting characters, docs/decisions/028).
 */
export function expectedSignature(firstName: string, lastName: string): string {
  return withoutBidiControls(`${firstName.trim()} ${lastName.trim()}`);
}

/**
 * ESG-002: whether a typed name (outer spaces ignored) is exactly the expected signature (`expectedSignature`, the
 * `fullName` the document answers), case sensitive (Unicode NFC); bidirectional formatting characters are not compared
 * (the document does not show them). The registry accepts a signature with it and the e-sign page's script enables
 * Continue with it: one rule for both.
 */
export function signatureMatches(typedName: string, expected: string): boolean {
  return expected !== "" && withoutBidiControls(typedName).trim().normalize("NFC") === withoutBidiControls(expected).normalize("NFC");
}

import { z } from "zod";
import { medicalHistory } from "./medical-history";
import { account, medicalRecord, screening } from "./schemas";

/**
 * A patient's own record, downloaded (docs/decisions/108, ACC-043, ACC-044), and closing the account
 * (docs/decisions/107, ACC-045, ACC-046). Shared by the registry (which makes the files) and the portal (which
 * serves them as downloads).
 */

export const MY_RECORD_FORMATS = ["pdf", "json"] as const;
export type MyRecordFormat = (typeof MY_RECORD_FORMATS)[number];

/** The downloaded files' names. */
export const MY_RECORD_FILE: Record<MyRecordFormat, string> = { pdf: "my-record.pdf", json: "my-record.json" };
export const MY_RECORD_CONTENT_TYPE: Record<MyRecordFormat, string> = {
  pdf: "application/pdf",
  json: "application/json; charset=utf-8",
};

/** One answer as the patient gave it: the question and the answer in the file's language. */
const answerText = z.object({ field: z.string(), question: z.string(), answer: z.string() });

const labOrder = z.object({
  id: z.number().int(),
  requestedDateTime: z.string(),
  approvedDateTime: z.string().nullable(),
  requisition: z.string().nullable(),
  expirationDate: z.string().nullable(),
  downloadedDateTime: z.string().nullable(),
  receivedByLabDateTime: z.string().nullable(),
  resultsDateTime: z.string().nullable(),
  values: z.array(z.object({ name: z.string(), value: z.string(), unit: z.string(), referenceRange: z.string(), flag: z.string().nullable() })),
});

/** The JSON file: the stored values as the registry's calls answer them, with each answer also in words. */
export const myRecordFile = z.object({
  kind: z.literal("nkr-patient-record"),
  version: z.literal(1),
  language: z.enum(["en", "es"]),
  generatedDateTime: z.string(),
  medicalRecord,
  account: account.nullable(),
  registrationAnswers: z.array(answerText),
  screenings: z.array(
    screening.extend({
      createdDateTime: z.string(),
      statusText: z.string(),
      answers: z.array(answerText),
      labOrders: z.array(labOrder),
    }),
  ),
  medicalHistories: z.array(medicalHistory.extend({ answers: z.array(answerText) })),
  consent: z
    .object({
      documentVersion: z.string(),
      language: z.string(),
      typedName: z.string(),
      signedDateTime: z.string(),
      documentHash: z.string(),
      clientAddress: z.string(),
      userAgent: z.string(),
      documentHtml: z.string(),
    })
    .nullable(),
  /** Who read or changed the record, newest first (the registry's audit entries for the record). */
  accessLog: z.array(
    z.object({
      occurredDateTime: z.string(),
      actor: z.enum(["patient", "anonymous", "staff", "system"]),
      action: z.string(),
      description: z.string(),
      clientAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});
export type MyRecordFile = z.infer<typeof myRecordFile>;

/** POST /api/pass/{id}/close-account. */
export const closeAccountRequest = z.object({ currentPassword: z.string().max(1000) });
export const closeAccountResult = z.object({ closedDateTime: z.string() });
export type CloseAccountResult = z.infer<typeof closeAccountResult>;

/** Sign-in with the email of a closed account (403; `errors.form` is the portal's locale key). */
export const AccountClosedReason = { closed: "login.accountClosed" } as const;
export const AccountClosedMessage = { closed: "This account was closed by its owner and can no longer sign in" } as const;

import { z } from "zod";
import {
  CLIENT_USER_AGENT_HEADER,
  eSignDocument,
  eSignRequest,
  eSignResult,
  ESignFieldKey,
  ESignMessage,
  ESignReason,
  expectedSignature,
  signatureMatches,
  USER_AGENT_MAX,
  type ESignDocument,
  type ESignResult,
} from "../contract/e-sign";
import { ImmunoFreeStatus } from "../contract/enums";
import { RegistryMessage } from "../contract/envelope";
import type { MedicalRecord } from "../contract/schemas";
import { ValidationKey } from "../contract/validation-keys";
import { audit } from "../data/audit";
import { CONSENT_SIGNATURE_UNIQUE, findConsentSignature, insertConsentSignature } from "../data/consent-signatures";
import { advanceIfStage, ifStage } from "../data/if-registrations";
import { notifyJourney } from "../outbox/journey";
import { findMedicalRecord } from "../data/medical-records";
import { uniqueViolation } from "../db/errors";
import { readJsonObject } from "../http/body";
import { bodyFieldErrors } from "../http/validation";
import { clientAddress } from "../http/client";
import type { Ctx } from "../http/context";
import { ownRecordId, requirePatient } from "../http/patient";
import { ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { langOf } from "../messages/index";
import { consentDocument, signedConsentPdf, type ConsentDocument } from "./e-sign-document";

/** Logged events of a failed document (ESG-003: "pdf could not be created" / "... signed. please notify admin"). */
const CREATE_FAILED = "pdf could not be created";
const SIGN_FAILED = "pdf could not be signed. please notify admin";

const errorName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

async function recordOrNotFound(ctx: Ctx, id: number): Promise<MedicalRecord> {
  const record = await findMedicalRecord(ctx.db, id);
  if (!record) throw new Refusal(404, RegistryMessage.notFound);
  return record;
}

/** Today's consent for the record, in its preferred language. */
function todaysDocument(record: MedicalRecord, now: Date): ConsentDocument {
  return consentDocument({ firstName: record.firstName, lastName: record.lastName, lang: langOf(record.preferredLanguage), day: now });
}

/**
 * GET /api/e-sign/create-pdf[?medicalRecordId=] (ESG-001, PLT-019): the consent as HTML personalised with the
 * patient's name and today's date, with the signature expected and the document's hash; once signed, the signed
 * document. The token names the record (PLT-013: an id given must be the token's).
 */
async function createDocument(ctx: Ctx): Promise<Response> {
  const payload = await requirePatient(ctx);
  const param = ctx.url.searchParams.get("medicalRecordId");
  const id = param === null ? payload.sub : ownRecordId(payload, param);
  const record = await recordOrNotFound(ctx, id);
  const now = ctx.now();
  const signed = await findConsentSignature(ctx.db, id);
  const ifStatus = record.ifRegistration?.currentStatus ?? null;
  const fullName = expectedSignature(record.firstName, record.lastName);
  let results: ESignDocument;
  if (signed) {
    results = {
      html: signed.documentHtml,
      fullName,
      documentHash: signed.documentHash,
      documentVersion: signed.documentVersion,
      language: signed.language,
      documentDate: signed.signedAt.toISOString().slice(0, 10),
      signedDateTime: signed.signedAt.toISOString(),
      ifStatus,
    };
  } else {
    let document: ConsentDocument;
    try {
      document = todaysDocument(record, now);
    } catch (error) {
      ctx.log({ level: "error", event: "esign.create-failed", message: CREATE_FAILED, error: errorName(error) });
      throw new Refusal(500, RegistryMessage.internal);
    }
    results = {
      html: document.html,
      fullName,
      documentHash: document.hash,
      documentVersion: document.version,
      language: document.content.lang,
      documentDate: document.content.isoDate,
      signedDateTime: null,
      ifStatus,
    };
  }
  await audit(ctx.db, { actor: { kind: "patient", id }, action: "consent.view", medicalRecordId: id, at: now });
  return ok(results);
}

/** A reason about the whole signing: 409 with errors.form and its English message. */
function conflict(reason: keyof typeof ESignReason): Refusal {
  return new Refusal(409, ESignMessage[reason], { form: ESignReason[reason] });
}

/** The body's fields after the owner check: 400 field keys for left-out or wrongly typed values. */
function readSignature(raw: Record<string, unknown>): { typedName: string; documentHash: string } {
  const parsed = eSignRequest.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new Refusal(400, RegistryMessage.badRequest, bodyFieldErrors(parsed.error, raw));
}

/**
 * POST /api/e-sign { entityTypeId, typedName, documentHash } (ESG-002, ESG-003, PLT-019). Refused: another record
 * (403), no immune-tolerance registration, already signed, medical history not yet submitted, a document that
 * changed since it was shown (409 errors.form), a typed name that is not the full name (400 errors.typedName).
 * Stores the typed name, time, client address, user agent, the document and its hash, and the signed PDF; moves
 * the stage from MedicalHistory to ESign; all in one transaction.
 */
async function sign(ctx: Ctx): Promise<Response> {
  const payload = await requirePatient(ctx);
  const raw = await readJsonObject(ctx.request);
  const entity = raw.entityTypeId;
  if (entity === undefined || entity === null) throw new Refusal(400, RegistryMessage.badRequest, { entityTypeId: ValidationKey.required });
  if (typeof entity !== "number" || !Number.isInteger(entity)) {
    throw new Refusal(400, RegistryMessage.badRequest, { entityTypeId: ValidationKey.invalidValue });
  }
  const id = ownRecordId(payload, entity);
  const body = readSignature(raw);
  const record = await recordOrNotFound(ctx, id);
  const now = ctx.now();

  const stage = record.ifRegistration?.currentStatus ?? null;
  if (stage === null) throw conflict("notInProgram");
  if (await findConsentSignature(ctx.db, id)) throw conflict("alreadySigned");
  if (stage < ImmunoFreeStatus.MedicalHistory) throw conflict("medicalHistoryFirst");
  const document = todaysDocument(record, now);
  if (body.documentHash !== document.hash) throw conflict("documentChanged");
  if (!signatureMatches(body.typedName, expectedSignature(record.firstName, record.lastName))) {
    throw new Refusal(400, ESignMessage.nameMismatch, { typedName: ESignFieldKey.nameMismatch });
  }

  const typedName = body.typedName.trim().normalize("NFC");
  const address = clientAddress(ctx.request);
  const userAgent = (ctx.request.headers.get(CLIENT_USER_AGENT_HEADER) ?? "").trim().slice(0, USER_AGENT_MAX) || "unknown";
  let pdf: Uint8Array;
  try {
    pdf = await signedConsentPdf(document.content, { typedName, signedAt: now, hash: document.hash, clientAddress: address, userAgent });
  } catch (error) {
    ctx.log({ level: "error", event: "esign.sign-failed", message: SIGN_FAILED, error: errorName(error) });
    throw new Refusal(500, RegistryMessage.internal);
  }

  let ifStatus: number;
  try {
    ifStatus = await ctx.db.transaction(async (tx) => {
      // The stage again, locked: a concurrent change of the registration waits for this signature.
      const locked = await ifStage(tx, id, { lock: true });
      if (locked === null) throw conflict("notInProgram");
      if (locked < ImmunoFreeStatus.MedicalHistory) throw conflict("medicalHistoryFirst");
      const signatureId = await insertConsentSignature(tx, {
        medicalRecordId: id,
        documentVersion: document.version,
        language: document.content.lang,
        documentHtml: document.html,
        documentHash: document.hash,
        typedName,
        signedAt: now,
        clientAddress: address,
        userAgent,
        pdf,
      });
      const after = (await advanceIfStage(tx, id, { from: ImmunoFreeStatus.MedicalHistory, to: ImmunoFreeStatus.ESign }, now)) ?? locked;
      await notifyJourney(tx, ctx.settings, id, { kind: "eSign" }, { now });
      await audit(tx, {
        actor: { kind: "patient", id },
        action: "consent.sign",
        medicalRecordId: id,
        detail: { consentSignatureId: signatureId, ifStage: after },
        at: now,
      });
      return after;
    });
  } catch (error) {
    // Two signings at once: the unique index keeps the first.
    if (uniqueViolation(error) === CONSENT_SIGNATURE_UNIQUE) throw conflict("alreadySigned");
    throw error;
  }
  const results: ESignResult = { signedDateTime: now.toISOString(), ifStatus };
  return ok(results);
}

export const eSignRoutes: Route<Ctx>[] = [
  {
    method: "GET",
    pattern: "/api/e-sign/create-pdf",
    handle: createDocument,
    doc: {
      summary: "The immune-tolerance consent as HTML, personalised, with the signature expected and its hash; once signed, the signed one.",
      auth: "patient",
      query: z.object({
        medicalRecordId: z.string().optional().describe("The signed-in patient's own medical record id (the token's when left out)."),
      }),
      answer: eSignDocument,
    },
  },
  {
    method: "POST",
    pattern: "/api/e-sign",
    handle: sign,
    doc: { summary: "Sign the consent with the typed full name.", auth: "patient", body: eSignRequest, answer: eSignResult },
  },
];

import type { Db } from "../db/types";

/** The signed immune-tolerance consent (migration 0005, ESG-003): at most one per record. */

/** The unique index whose violation means "already signed". */
export const CONSENT_SIGNATURE_UNIQUE = "consent_signatures_record_uq";

export type NewConsentSignature = {
  medicalRecordId: number;
  documentVersion: string;
  language: "en" | "es";
  documentHtml: string;
  documentHash: string;
  typedName: string;
  signedAt: Date;
  clientAddress: string;
  userAgent: string;
  pdf: Uint8Array;
};

export type ConsentSignature = Omit<NewConsentSignature, "pdf"> & { id: number };

export async function insertConsentSignature(db: Db, s: NewConsentSignature): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into consent_signatures (
       medical_record_id, document_version, language, document_html, document_hash, typed_name, signed_at, client_address,
       user_agent, pdf)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     returning id`,
    [
      s.medicalRecordId, s.documentVersion, s.language, s.documentHtml, s.documentHash, s.typedName, s.signedAt, s.clientAddress,
      s.userAgent, s.pdf,
    ],
  );
  return rows[0]!.id;
}

type Row = {
  id: number; medical_record_id: number; document_version: string; language: "en" | "es"; document_html: string; document_hash: string;
  typed_name: string; signed_at: Date; client_address: string; user_agent: string;
};

/** The record's signature (without the PDF), or null when not signed. */
export async function findConsentSignature(db: Db, medicalRecordId: number): Promise<ConsentSignature | null> {
  const rows = await db.query<Row>(
    `select id, medical_record_id, document_version, language, document_html, document_hash, typed_name, signed_at, client_address,
            user_agent
       from consent_signatures where medical_record_id = $1`,
    [medicalRecordId],
  );
  const r = rows[0];
  return r
    ? {
        id: r.id, medicalRecordId: r.medical_record_id, documentVersion: r.document_version, language: r.language,
        documentHtml: r.document_html, documentHash: r.document_hash, typedName: r.typed_name, signedAt: r.signed_at, clientAddress: r.client_address,
        userAgent: r.user_agent,
      }
    : null;
}

/** The stored PDF of the record's signed consent, or null when not signed. */
export async function findConsentPdf(db: Db, medicalRecordId: number): Promise<Uint8Array | null> {
  const rows = await db.query<{ pdf: Uint8Array }>("select pdf from consent_signatures where medical_record_id = $1", [medicalRecordId]);
  const pdf = rows[0]?.pdf;
  return pdf ? new Uint8Array(pdf) : null;
}

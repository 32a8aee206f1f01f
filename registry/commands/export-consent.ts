import { writeFile } from "node:fs/promises";
import { audit } from "../data/audit";
import { findConsentPdf, findConsentSignature } from "../data/consent-signatures";
import type { Db } from "../db/types";

/**
 * Staff work (ESG-003, ESG-004): writes the signed consent PDF of a medical record to a new file (never over an
 * existing one; readable by its owner only). Throws with a message for staff when the id is not one or nothing is
 * signed.
 */
export async function exportConsent(
  db: Db,
  medicalRecordIdArg: string,
  outPath: string,
  now: Date = new Date(),
): Promise<{ medicalRecordId: number; bytes: number; signedAt: Date; typedName: string }> {
  const medicalRecordId = /^[1-9]\d{0,9}$/.test(medicalRecordIdArg) ? Number(medicalRecordIdArg) : NaN;
  if (!Number.isSafeInteger(medicalRecordId) || medicalRecordId > 2_147_483_647) throw new Error("usage: export-consent <medicalRecordId> <out.pdf>");
  if (!outPath) throw new Error("usage: export-consent <medicalRecordId> <out.pdf>");
  const signature = await findConsentSignature(db, medicalRecordId);
  const pdf = signature ? await findConsentPdf(db, medicalRecordId) : null;
  if (!signature || !pdf) throw new Error(`medical record ${medicalRecordId} has no signed consent`);
  await writeFile(outPath, pdf, { flag: "wx", mode: 0o600 });
  await audit(db, {
    actor: { kind: "operator" },
    action: "consent.export",
    medicalRecordId,
    detail: { consentSignatureId: signature.id },
    at: now,
  });
  return { medicalRecordId, bytes: pdf.byteLength, signedAt: signature.signedAt, typedName: signature.typedName };
}

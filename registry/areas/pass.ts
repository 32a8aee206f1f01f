import { RegistryMessage } from "../contract/envelope";
import type { PassRecord } from "../contract/schemas";
import { findAccount } from "../data/accounts";
import { audit } from "../data/audit";
import { findMedicalRecord } from "../data/medical-records";
import type { Ctx } from "../http/context";
import { requireOwnRecord } from "../http/patient";
import { ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";

/** GET /api/pass/{id}: the patient's own medical record, account and screenings. */
async function passRecord(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const id = await requireOwnRecord(ctx, params.id);
  const medicalRecord = await findMedicalRecord(ctx.db, id);
  if (!medicalRecord) throw new Refusal(404, RegistryMessage.notFound);
  const account = await findAccount(ctx.db, id);
  await audit(ctx.db, { actor: { kind: "patient", id }, action: "record.read", medicalRecordId: id, at: ctx.now() });
  // Screenings come with the screening issue (001 §7); until their table exists the list is empty.
  const results: PassRecord = { medicalRecord, account, screeningList: [] };
  return ok(results);
}

export const passRoutes: Route<Ctx>[] = [{ method: "GET", pattern: "/api/pass/:id", handle: passRecord }];

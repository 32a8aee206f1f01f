import { RegistryMessage } from "../contract/envelope";
import { z } from "zod";
import { DISTANCE_FILTERS, transplantCenter, type TransplantCenter } from "../contract/screening";
import { ValidationKey } from "../contract/validation-keys";
import { listCentersByName, memberCentersNear } from "../data/centers";
import { zipLocation } from "../domain/zip-data";
import type { Ctx } from "../http/context";
import { requirePatient } from "../http/patient";
import { ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";

/**
 * GET /api/pass/centers (bearer): every center, member or not, by name, without distances — the
 * 'Which transplant center are you registered with?' dropdown (SCR-007).
 */
async function allCenters(ctx: Ctx): Promise<Response> {
  await requirePatient(ctx);
  const results: TransplantCenter[] = await listCentersByName(ctx.db);
  return ok(results);
}

/**
 * GET /api/pass/centers/{postalCode}/0/{distance} (bearer): member centers with their distance from the postal
 * code's ZIP centroid (CEN-005), nearest first, within 100, 300 or 1000 miles, or all of them for 0.
 * A postal code with no known location answers every member center with a null distance (the portal shows "--").
 * The middle segment is always 0 in the spec (PLT-019) and has no meaning here.
 */
async function centersNear(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  await requirePatient(ctx);
  const distance = DISTANCE_FILTERS.find((d) => String(d) === params.distance);
  if (distance === undefined) throw new Refusal(400, RegistryMessage.badRequest, { distance: ValidationKey.invalidValue });
  const origin = zipLocation(params.postalCode ?? "");
  const results: TransplantCenter[] = await memberCentersNear(ctx.db, origin, distance);
  return ok(results);
}

/** `/api/pass/centers` is never read as `/api/pass/:id`: the most specific pattern answers (http/router.ts). */
export const centersRoutes: Route<Ctx>[] = [
  {
    method: "GET",
    pattern: "/api/pass/centers",
    handle: allCenters,
    doc: { summary: "Every center, member or not, by name, without distances.", auth: "patient", answer: z.array(transplantCenter) },
  },
  {
    method: "GET",
    pattern: "/api/pass/centers/:postalCode/0/:distance",
    handle: centersNear,
    doc: { summary: "Member centers within a distance of a postal code, nearest first.", auth: "patient", answer: z.array(transplantCenter) },
  },
];

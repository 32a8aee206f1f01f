import { RegistryMessage } from "../contract/envelope";
import { coarseAddress, type DevicePlace } from "../contract/devices";
import { deliveredBy, MESSAGE_KINDS, type MessageChoices, type MessageKind } from "../contract/message-choices";
import { channelsFor } from "../outbox/channels";
import {
  devicesResult,
  messageChoicesBody,
  messageChoicesResult,
  signOutDeviceBody,
  signOutDeviceResult,
  type MessageChoicesResult,
  type SignedInDevice,
} from "../contract/devices-schemas";
import { findAccount } from "../data/accounts";
import { audit } from "../data/audit";
import { findMessageChoices, saveMessageChoices } from "../data/message-choices";
import { endSession, listSessions } from "../data/sign-in-sessions";
import { readJson, readJsonObject } from "../http/body";
import type { Ctx } from "../http/context";
import { ownRecordId, requireOwnRecord, requirePatient } from "../http/patient";
import { ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";

/**
 * The messages a patient chooses and the signed-in devices (docs/decisions/109, ACC-047 to ACC-050): the patient's
 * own only (PLT-013: the bearer token's record).
 */

async function choicesOf(ctx: Ctx, id: number): Promise<MessageChoicesResult> {
  const choices = await findMessageChoices(ctx.db, id);
  const delivery = {
    steps: await channelsFor(ctx.db, id, "steps"),
    decisions: await channelsFor(ctx.db, id, "decisions"),
    labs: await channelsFor(ctx.db, id, "labs"),
  };
  const byChoice = (kind: MessageKind) => delivery[kind] ?? deliveredBy(choices[kind], false);
  return {
    choices,
    mobileConfirmed: Boolean((await findAccount(ctx.db, id))?.isMobileVerified),
    delivery: { steps: byChoice("steps"), decisions: byChoice("decisions"), labs: byChoice("labs") },
  };
}

/** The audit entry's detail: "email", "text" or "both" for each kind. */
function choiceDetail(choices: MessageChoices): Record<string, string> {
  return Object.fromEntries(MESSAGE_KINDS.map((k) => [k, choices[k].email && choices[k].text ? "both" : choices[k].email ? "email" : "text"]));
}

/** GET /api/pass/{id}/message-choices: each kind's channels (the defaults without a choice). */
async function getMessageChoices(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const id = await requireOwnRecord(ctx, params.id);
  return ok(await choicesOf(ctx, id));
}

/** POST /api/pass/{id}/message-choices {steps, decisions, labs: {email, text}}: every kind, each with a channel at least. */
async function setMessageChoices(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const id = await requireOwnRecord(ctx, params.id);
  const parsed = messageChoicesBody.safeParse(await readJson(ctx.request));
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await saveMessageChoices(tx, id, parsed.data, now);
    await audit(tx, {
      actor: { kind: "patient", id },
      action: "record.message-choices",
      medicalRecordId: id,
      detail: choiceDetail(parsed.data),
      at: now,
    });
  });
  return ok(await choicesOf(ctx, id));
}

/**
 * GET /api/pass/{id}/devices: the signed-in devices, the bearer's marked `current`, addresses coarse, each with its
 * place when the registry has an IP-geolocation database that names one (docs/decisions/116).
 */
async function getDevices(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const payload = await requirePatient(ctx);
  const id = ownRecordId(payload, params.id);
  const rows = await listSessions(ctx.db, id, ctx.now());
  const devices: SignedInDevice[] = rows.map((r) => ({
    id: r.id,
    userAgent: r.userAgent,
    address: coarseAddress(r.clientAddress),
    // docs/decisions/116: the place from the full address, which stays in the registry.
    ...placeOf(ctx, r.clientAddress),
    signedInAt: r.signedInAt.toISOString(),
    lastUsedAt: r.lastUsedAt.toISOString(),
    current: r.id === payload.sid,
  }));
  // docs/decisions/131: reading where the account is signed in is a read of the record's data, audited like one.
  await audit(ctx.db, { actor: { kind: "patient", id }, action: "auth.devices.read", medicalRecordId: id, at: ctx.now() });
  return ok({ devices, places: ctx.places?.source ?? "none" });
}

function placeOf(ctx: Ctx, address: string | null): { place?: DevicePlace } {
  const place = ctx.places?.placeOf(address);
  return place ? { place } : {};
}

/**
 * POST /api/pass/{id}/devices/sign-out {device}: signs one of the patient's own devices out ('this': the bearer's
 * own); its tokens stop working at once, the others' do not. 404 for a device that is not the patient's or is
 * already signed out.
 */
async function signOutDevice(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const payload = await requirePatient(ctx);
  const id = ownRecordId(payload, params.id);
  const parsed = signOutDeviceBody.safeParse(await readJsonObject(ctx.request));
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest);
  const sid = parsed.data.device === "this" ? payload.sid : parsed.data.device;
  const now = ctx.now();
  if (!sid || !(await endSession(ctx.db, id, sid, now))) throw new Refusal(404, RegistryMessage.notFound);
  ctx.revocations.forgetSession(sid);
  const current = sid === payload.sid;
  await audit(ctx.db, { actor: { kind: "patient", id }, action: "auth.device.sign-out", medicalRecordId: id, detail: { current }, at: now });
  return ok({ signedOut: sid, current });
}

export const devicesRoutes: Route<Ctx>[] = [
  {
    method: "GET",
    pattern: "/api/pass/:id/message-choices",
    handle: getMessageChoices,
    doc: {
      summary: "The patient's message choices: email, text or both for each kind of automated message.",
      auth: "patient",
      answer: messageChoicesResult,
    },
  },
  {
    method: "POST",
    pattern: "/api/pass/:id/message-choices",
    handle: setMessageChoices,
    doc: {
      summary: "Store the message choices (every kind, at least one channel each).",
      auth: "patient",
      body: messageChoicesBody,
      answer: messageChoicesResult,
    },
  },
  {
    method: "GET",
    pattern: "/api/pass/:id/devices",
    handle: getDevices,
    doc: {
      summary: "The patient's signed-in devices (coarse addresses, places by address; the bearer's marked current).",
      auth: "patient",
      answer: devicesResult,
    },
  },
  {
    method: "POST",
    pattern: "/api/pass/:id/devices/sign-out",
    handle: signOutDevice,
    doc: {
      summary: "Sign one of the patient's own devices out ('this': the bearer's).",
      auth: "patient",
      body: signOutDeviceBody,
      answer: signOutDeviceResult,
    },
  },
];

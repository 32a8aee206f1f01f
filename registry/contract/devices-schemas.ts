import { z } from "zod";
import { PLACE_SOURCES } from "./devices";

/** The zod side of contract/message-choices.ts and contract/devices.ts (docs/decisions/109). */

const channels = z.object({ email: z.boolean(), text: z.boolean() }).refine((c) => c.email || c.text, { error: "at least one channel" });

export const messageChoicesBody = z.object({ steps: channels, decisions: channels, labs: channels }).strict();

export const messageChoicesResult = z.object({
  choices: messageChoicesBody,
  /** Texts go only to a confirmed mobile number: without one, the email goes instead. */
  mobileConfirmed: z.boolean(),
  /**
   * By which channels each kind reaches the patient now (deliveredBy in contract/message-choices.ts): the choice, with
   * the email instead of a text no number can take (not confirmed, or STOP replied). Pages say where news will come by it
   * (docs/decisions/128).
   */
  delivery: messageChoicesBody,
});
export type MessageChoicesResult = z.infer<typeof messageChoicesResult>;

const placeNames = z.object({ en: z.string().optional(), es: z.string().optional() });

export const devicePlace = z
  .object({ city: placeNames.optional(), region: placeNames.optional(), country: placeNames.optional() })
  .describe("Where the full address is, by the registry's IP-geolocation database (GEOIP_DATABASE, docs/decisions/116).");

export const signedInDevice = z.object({
  id: z.string().describe("The sign-in's id (not a secret: it opens nothing)."),
  userAgent: z.string().nullable(),
  address: z.string().nullable().describe("Coarse: '203.0.113.x' (contract/devices.ts coarseAddress)."),
  place: devicePlace.optional().describe("Left out without a database, and for an address that is private, reserved or not in it."),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean().describe("The device of the bearer token."),
});
export type SignedInDevice = z.infer<typeof signedInDevice>;

export const devicesResult = z.object({
  devices: z.array(signedInDevice),
  places: z
    .enum(PLACE_SOURCES)
    .optional()
    .describe("Whose IP-geolocation data names the places ('none': no database; left out by a registry from before decision 116)."),
});

export const signOutDeviceBody = z.object({ device: z.string().min(1).max(64).describe("A device's id, or 'this' for the bearer's own.") }).strict();
export const signOutDeviceResult = z.object({ signedOut: z.string(), current: z.boolean() });

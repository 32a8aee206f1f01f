import { z } from "zod";

/**
 * Text-message keywords (docs/decisions/106, ACC-040 to ACC-042): the SMS provider's inbound webhook and the state a
 * patient's profile shows.
 */

/** POST /api/sms/inbound: a text a number sent to the portal's number (`from` in E.164). */
export const inboundTextBody = z.object({
  from: z.string().max(32).describe("The sender's number, E.164 (+ and up to 15 digits)."),
  text: z.string().max(2000).describe("The message as received."),
});
export type InboundTextBody = z.infer<typeof inboundTextBody>;

/** Its answer: the keyword read (null: none, nothing changed) and how many patients' records have that number. */
export const inboundTextResult = z.object({
  keyword: z.union([z.literal("stop"), z.literal("start"), z.literal("help"), z.null()]),
  records: z.number().int().min(0),
});
export type InboundTextResult = z.infer<typeof inboundTextResult>;

/** GET /api/pass/{id}/text-messages: whether texts to the patient's mobile number are stopped, and the number to reply to. */
export const textMessagesState = z.object({
  stoppedAt: z.string().nullable().describe("When the number replied STOP (ISO 8601); null when texts are not stopped."),
  replyTo: z.string().describe("The number texts come from (E.164): reply START to it."),
});
export type TextMessagesState = z.infer<typeof textMessagesState>;

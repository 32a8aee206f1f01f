import { z } from "zod";
import { RegistryMessage } from "../contract/envelope";
import { inboundTextBody, inboundTextResult, textMessagesState, type InboundTextResult } from "../contract/text-messages";
import { textAddress } from "../contract/phone";
import { audit } from "../data/audit";
import { findRecipient } from "../data/medical-records";
import { findSmsStop, firstSighting, patientsTextedAt, startNumber, stopNumber } from "../data/sms-stops";
import { readKeyword } from "../domain/sms-keywords";
import { SMS_SIGNATURE_HEADER, SMS_SIGNATURE_WINDOW_MS, SMS_TIMESTAMP_HEADER, smsSignatureValid } from "../domain/sms-signature";
import { readRawText } from "../http/body";
import type { Ctx } from "../http/context";
import { requireOwnRecord } from "../http/patient";
import { ok, Refusal } from "../http/respond";
import type { Route } from "../http/router";
import { zodFieldErrors } from "../http/validation";
import { keywordReply } from "../messages/compose";
import { langOf } from "../messages/index";
import { enqueueKeywordReply } from "../outbox/enqueue";

const E164 = /^\+[1-9]\d{6,14}$/;
const unsigned = () => new Refusal(401, "The request's signature is missing, wrong or too old");

/**
 * POST /api/sms/inbound (docs/decisions/106, ACC-040, ACC-041): the SMS provider's webhook for a text sent to the
 * portal's number. Signed (HMAC-SHA256 over the timestamp and the raw body, 5 minutes either way, each request once):
 * anything else is 401 and changes nothing. STOP (and its synonyms) stops every text to the number at once but the
 * one confirmation; START resumes them, with its confirmation; HELP is answered. A reply is in the language of the
 * patient with that number (the keyword's own language for a number no patient has). Every patient with the number
 * gets an audit row. A message that is no keyword changes nothing and is not answered.
 */
async function inboundText(ctx: Ctx): Promise<Response> {
  const raw = await readRawText(ctx.request);
  const secret = ctx.settings.messaging.smsWebhookSecret;
  const now = ctx.now();
  const timestamp = ctx.request.headers.get(SMS_TIMESTAMP_HEADER);
  const signature = ctx.request.headers.get(SMS_SIGNATURE_HEADER);
  if (!secret || !smsSignatureValid(secret, timestamp, signature, raw, now)) throw unsigned();
  if (!(await firstSighting(ctx.db, signature!.toLowerCase(), now, new Date(now.getTime() - 2 * SMS_SIGNATURE_WINDOW_MS)))) throw unsigned();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Refusal(400, RegistryMessage.invalidJson);
  }
  const parsed = inboundTextBody.safeParse(json);
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, zodFieldErrors(parsed.error));
  const from = parsed.data.from.trim();
  if (!E164.test(from)) throw new Refusal(400, RegistryMessage.badRequest, { from: "validation.invalid" });
  const reading = readKeyword(parsed.data.text);
  const result = await ctx.db.transaction(async (tx): Promise<InboundTextResult> => {
    const patients = await patientsTextedAt(tx, from);
    if (!reading) return { keyword: null, records: patients.length };
    const { keyword } = reading;
    if (keyword === "stop") await stopNumber(tx, from, parsed.data.text.trim().slice(0, 20).toUpperCase(), now);
    if (keyword === "start") await startNumber(tx, from);
    const lang = patients[0] ? langOf(patients[0].preferredLanguage) : reading.lang;
    await enqueueKeywordReply(tx, ctx.settings, keywordReply(lang, from, keyword, ctx.settings.publicUrl), now);
    const action = `sms.keyword.${keyword}`;
    if (patients.length === 0) await audit(tx, { actor: { kind: "anonymous" }, action, detail: { known: false }, at: now });
    for (const p of patients) await audit(tx, { actor: { kind: "anonymous" }, action, medicalRecordId: p.id, at: now });
    return { keyword, records: patients.length };
  });
  return ok(result);
}

/** GET /api/pass/{id}/text-messages (ACC-042): whether texts to the patient's mobile number are stopped, since when. */
async function textMessages(ctx: Ctx, params: Record<string, string>): Promise<Response> {
  const id = await requireOwnRecord(ctx, params.id);
  const record = await findRecipient(ctx.db, { id });
  if (!record) throw new Refusal(404, RegistryMessage.notFound);
  const to = textAddress(record.phoneNumber);
  const stop = to ? await findSmsStop(ctx.db, to) : null;
  return ok({ stoppedAt: stop ? stop.stoppedAt.toISOString() : null, replyTo: ctx.settings.messaging.smsFrom ?? "" });
}

export const smsRoutes: Route<Ctx>[] = [
  {
    method: "POST",
    pattern: "/api/sms/inbound",
    handle: inboundText,
    doc: {
      summary: "The SMS provider's webhook for an inbound text: STOP, START and HELP (and their Spanish forms) are honoured at once.",
      auth: "none",
      headers: z.object({
        [SMS_TIMESTAMP_HEADER]: z.string().describe("Unix seconds; refused more than 5 minutes away from the registry's clock."),
        [SMS_SIGNATURE_HEADER]: z.string().describe("Hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with SMS_WEBHOOK_SECRET."),
      }),
      body: inboundTextBody,
      answer: inboundTextResult,
    },
  },
  {
    method: "GET",
    pattern: "/api/pass/:id/text-messages",
    handle: textMessages,
    doc: {
      summary: "Whether text messages to the patient's mobile number are stopped (it replied STOP).",
      auth: "patient",
      answer: textMessagesState,
    },
  },
];

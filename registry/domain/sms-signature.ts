import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signature of the inbound-text webhook (docs/decisions/106, ACC-040): hex HMAC-SHA256, keyed with
 * SMS_WEBHOOK_SECRET, over the timestamp (Unix seconds, the X-Sms-Timestamp header), a dot and the raw body; in the
 * X-Sms-Signature header. A request is taken within 5 minutes of its timestamp, either way, and only once.
 */
export const SMS_TIMESTAMP_HEADER = "x-sms-timestamp";
export const SMS_SIGNATURE_HEADER = "x-sms-signature";
export const SMS_SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

export function smsSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
}

/** Whether a request's timestamp and signature are good at `now` (not whether it was seen before). */
export function smsSignatureValid(secret: string, timestamp: string | null, signature: string | null, rawBody: string, now: Date): boolean {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > SMS_SIGNATURE_WINDOW_MS) return false;
  const expected = Buffer.from(smsSignature(secret, timestamp, rawBody), "hex");
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/** The headers of a signed request (the staff command `sms-inbound`, the tests). */
export function signedSmsHeaders(secret: string, rawBody: string, now: Date): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return { [SMS_TIMESTAMP_HEADER]: timestamp, [SMS_SIGNATURE_HEADER]: smsSignature(secret, timestamp, rawBody), "content-type": "application/json" };
}

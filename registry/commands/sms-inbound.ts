/**
 * `sms-inbound --from <E.164> --text <message> [--url <webhook>]` (docs/decisions/106): posts a text as the SMS
 * provider would, signed with SMS_WEBHOOK_SECRET, to the portal's inbound-text address (PUBLIC_URL + sms/inbound,
 * which hands it to the registry's POST /api/sms/inbound) or to `--url` (a registry served alone:
 * http://127.0.0.1:4000/api/sms/inbound). For demos and tests: a patient "replies" STOP, START or HELP.
 */
import { parseArgs } from "node:util";
import { signedSmsHeaders } from "../domain/sms-signature";
import type { RegistryConfig } from "../settings";
import { out, type Write } from "./on-db";

/** Where the portal takes the provider's inbound texts (server/sms-webhook.ts), under PUBLIC_URL. */
export const PORTAL_SMS_PATH = "sms/inbound";

export async function smsInboundCommand(
  config: RegistryConfig,
  args: string[],
  write: Write = out,
  send: typeof fetch = fetch,
  now = new Date(),
): Promise<void> {
  const { values } = parseArgs({ args, options: { from: { type: "string" }, text: { type: "string" }, url: { type: "string" } }, strict: true });
  if (!values.from || !/^\+[1-9]\d{6,14}$/.test(values.from)) throw new Error("--from must be a number in E.164 form, such as +13035555841");
  if (values.text === undefined) throw new Error("--text is required (STOP, START, HELP…)");
  const secret = config.settings.messaging.smsWebhookSecret;
  if (!secret) throw new Error("SMS_WEBHOOK_SECRET is not set");
  const url = values.url ?? `${config.settings.publicUrl}/${PORTAL_SMS_PATH}`;
  const body = JSON.stringify({ from: values.from, text: values.text });
  const response = await send(url, { method: "POST", headers: signedSmsHeaders(secret, body, now), body });
  const answer = (await response.json().catch(() => null)) as { results?: { keyword: string | null; records: number }; message?: string } | null;
  if (!response.ok || !answer?.results) throw new Error(`not taken: ${response.status} ${answer?.message ?? ""}`.trim());
  const { keyword, records } = answer.results;
  write(`${keyword ? `keyword ${keyword.toUpperCase()}` : "no keyword"} from ${values.from}; ${records} patient record(s) with that number\n`);
}

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SMS_SIGNATURE_HEADER, SMS_TIMESTAMP_HEADER, smsSignatureValid } from "../domain/sms-signature";
import { registrySettingsFromEnv } from "../settings";
import { smsInboundCommand } from "./sms-inbound";

/** `sms-inbound` (docs/decisions/106, ACC-040): what it posts, signed as the provider signs, and what it prints. */
const SECRET = "kx7-Qm2v-9Lp4-Zr8t-Wb3n-Hs6y-Jd1c-Fg5e";
const NOW = new Date("2026-11-26T12:00:00Z");
const config = (env: Record<string, string> = {}) =>
  registrySettingsFromEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "sms-cmd-")), PUBLIC_URL: "https://portal.example.org/portal", ...env });

type Sent = { url: string; headers: Record<string, string>; body: string };
function provider(status: number, answer: unknown) {
  const sent: Sent[] = [];
  const send = (async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string>, body: String(init.body) });
    return new Response(JSON.stringify(answer), { status, headers: { "Content-Type": "application/json" } });
  }) as typeof fetch;
  return { sent, send };
}

describe("sms-inbound", () => {
  it("posts the text to the portal's inbound address, signed with SMS_WEBHOOK_SECRET, and prints the keyword taken", async () => {
    const { sent, send } = provider(200, { success: true, results: { keyword: "stop", records: 1 } });
    const lines: string[] = [];
    await smsInboundCommand(config({ SMS_WEBHOOK_SECRET: SECRET }), ["--from", "+13035555841", "--text", "STOP"], (s) => lines.push(s), send, NOW);
    expect(sent).toHaveLength(1);
    const [post] = sent;
    expect(post!.url).toBe("https://portal.example.org/portal/sms/inbound");
    expect(JSON.parse(post!.body)).toEqual({ from: "+13035555841", text: "STOP" });
    const valid = smsSignatureValid(
      SECRET,
      post!.headers[SMS_TIMESTAMP_HEADER] ?? null,
      post!.headers[SMS_SIGNATURE_HEADER] ?? null,
      post!.body,
      NOW,
    );
    expect(valid).toBe(true);
    expect(
      smsSignatureValid(
        "another-secret-of-thirty-two-characters!",
        post!.headers[SMS_TIMESTAMP_HEADER] ?? null,
        post!.headers[SMS_SIGNATURE_HEADER] ?? null,
        post!.body,
        NOW,
      ),
    ).toBe(false);
    expect(lines).toEqual(["keyword STOP from +13035555841; 1 patient record(s) with that number\n"]);
  });

  it("--url sends to a registry served alone; a text with no keyword says so", async () => {
    const { sent, send } = provider(200, { success: true, results: { keyword: null, records: 0 } });
    const lines: string[] = [];
    const args = ["--from", "+3546115034", "--text", "hello", "--url", "http://127.0.0.1:4000/api/sms/inbound"];
    await smsInboundCommand(config({ SMS_WEBHOOK_SECRET: SECRET }), args, (s) => lines.push(s), send, NOW);
    expect(sent[0]!.url).toBe("http://127.0.0.1:4000/api/sms/inbound");
    expect(lines).toEqual(["no keyword from +3546115034; 0 patient record(s) with that number\n"]);
  });

  it("refuses a number not in E.164 form, or a missing text, before sending anything", async () => {
    const { sent, send } = provider(200, {});
    const run = (env: Record<string, string>, args: string[]) => smsInboundCommand(config(env), args, () => {}, send, NOW);
    await expect(run({ SMS_WEBHOOK_SECRET: SECRET }, ["--from", "303-555-5841", "--text", "STOP"])).rejects.toThrow("E.164");
    await expect(run({ SMS_WEBHOOK_SECRET: SECRET }, ["--from", "+13035555841"])).rejects.toThrow("--text is required");
    expect(sent).toEqual([]);
  });

  it("a refusal (a wrong signature, a replay) exits with the status and the registry's message", async () => {
    const { send } = provider(401, { success: false, message: "The signature does not match." });
    const run = smsInboundCommand(config({ SMS_WEBHOOK_SECRET: SECRET }), ["--from", "+13035555841", "--text", "STOP"], () => {}, send, NOW);
    await expect(run).rejects.toThrow("not taken: 401 The signature does not match.");
    const { send: broken } = provider(502, "not json at all");
    await expect(
      smsInboundCommand(config({ SMS_WEBHOOK_SECRET: SECRET }), ["--from", "+13035555841", "--text", "HELP"], () => {}, broken, NOW),
    ).rejects.toThrow("not taken: 502");
  });
});

import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type Patient } from "../fixtures";
import { buildDir, dataDir, e2eRegistryEnv } from "./e2e-env";

/** The patient's number as texts are addressed (the fixtures' patients have US numbers). */
export const e164 = (p: Patient) => `+1${p.phone.replace(/\D/g, "")}`;

/**
 * The patient replies `text` from their phone (docs/decisions/106): `sms-inbound` from the build under test posts it,
 * signed, to the portal's inbound-text address as the SMS provider would (it needs no database).
 */
export async function smsReply(p: Patient, text: string): Promise<void> {
  const env = { ...process.env, ...e2eRegistryEnv, DATA_DIR: dataDir, DEMO_MODE: "true", NODE_ENV: "development" as const, LOG_LEVEL: "error" };
  const run = await promisify(execFile)(process.execPath, [path.resolve(buildDir, "registry.js"), "sms-inbound", "--from", e164(p), "--text", text], {
    env,
    timeout: 60_000,
  });
  expect(run.stdout).toContain(`from ${e164(p)}; 1 patient record(s) with that number`);
}

import type { RequestHandler } from "express";
import { SMS_SIGNATURE_HEADER, SMS_TIMESTAMP_HEADER } from "../registry/domain/sms-signature";
import { bodyOf } from "./body-limit";
import type { RegistryRuntime } from "./registry-runtime";

/**
 * POST {BASE_PATH}sms/inbound (docs/decisions/106): where the SMS provider posts a text sent to the portal's number.
 * The registry judges it (POST /api/sms/inbound: the signature, the keyword); this only hands over the raw body, its
 * type and the two signature headers, byte for byte, and answers with the registry's status and envelope. With the
 * registry in this process, nothing else of the registry's API is reachable from outside.
 */
export function smsWebhook(registry: Pick<RegistryRuntime, "fetch" | "baseUrl">): RequestHandler {
  return (req, res, next) => {
    const headers = new Headers({ "content-type": req.headers["content-type"] ?? "application/json" });
    for (const name of [SMS_TIMESTAMP_HEADER, SMS_SIGNATURE_HEADER]) {
      const value = req.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    const body = bodyOf(req);
    registry
      .fetch(new Request(`${registry.baseUrl}/api/sms/inbound`, { method: "POST", headers, body: new Uint8Array(body) }))
      .then(async (answer) => {
        res.status(answer.status).setHeader("Cache-Control", "no-store");
        res.type("application/json").send(await answer.text());
      })
      .catch(next);
  };
}

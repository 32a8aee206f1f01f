import { RegistryMessage } from "../contract/envelope";
import { Refusal } from "./respond";
import { disallowedTextFields } from "./validation";

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a JSON request body of at most 64 KiB; refuses (400/413) anything else, and text holding a character no field
 * takes (400 with `validation.invalidCharacters` field errors).
 */
export async function readJson(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new Refusal(413, RegistryMessage.bodyTooLarge);
  const bytes = await readLimited(request, MAX_BODY_BYTES);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Refusal(400, RegistryMessage.invalidJson);
  }
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new Refusal(400, RegistryMessage.invalidJson);
  }
  // No handler ever sees a NUL or another control character in text (docs/decisions/026): 400 with field errors.
  const bad = disallowedTextFields(body);
  if (Object.keys(bad).length) throw new Refusal(400, RegistryMessage.badRequest, bad);
  return body;
}

/** A JSON object body (not an array, null or scalar). */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJson(request);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Refusal(400, RegistryMessage.badRequest);
  return body as Record<string, unknown>;
}

/** A UTF-8 request body of at most 64 KiB as it came, for a signature over its bytes (docs/decisions/106); 400/413 otherwise. */
export async function readRawText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new Refusal(413, RegistryMessage.bodyTooLarge);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await readLimited(request, MAX_BODY_BYTES));
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(400, RegistryMessage.invalidJson);
  }
}

async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new Refusal(413, RegistryMessage.bodyTooLarge);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

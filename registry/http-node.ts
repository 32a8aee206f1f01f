import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { CLIENT_ADDRESS_HEADER, CLIENT_USER_AGENT_HEADER } from "./contract/e-sign";
import { RegistryMessage } from "./contract/envelope";
import { PORTAL_KEY_HEADER, REQUEST_ID_HEADER } from "./contract/forwarded";
import { KNOWN_DEVICE_HEADER, PROVED_WORK_HEADER } from "./contract/sign-in";
import type { RegistryHandler } from "./handler";
import { MAX_BODY_BYTES } from "./http/body";

const ORIGIN = "http://localhost";

/**
 * Adapts a fetch handler to node:http (for running the registry alone). The URL is built on a fixed origin:
 * the registry never trusts the Host header (links use PUBLIC_URL).
 *
 * docs/decisions/085: the handler trusts `X-Client-Address`, `X-Client-User-Agent` and `X-Request-Id` (the browser's
 * details as its portal forwards them). Over a socket they are kept only from a caller whose `X-Portal-Key` is
 * `portalKey`; from any other caller they are replaced by the socket's own address and the caller's own
 * `User-Agent`, and the request id is made afresh. `X-Portal-Key` itself never reaches the handler.
 */
export function toNodeListener(handler: RegistryHandler, opts: { portalKey?: string } = {}): RequestListener {
  const expected = opts.portalKey ? digest(opts.portalKey) : undefined;
  const proven = (given: string | undefined) => expected !== undefined && given !== undefined && timingSafeEqual(digest(given), expected);
  return (req, res) => {
    const key = req.headers[PORTAL_KEY_HEADER.toLowerCase()];
    void serve(handler, req, res, proven(typeof key === "string" ? key : undefined));
  };
}

/** Both sides of the comparison are SHA-256 digests: equal lengths, compared in constant time. */
function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

async function serve(handler: RegistryHandler, req: IncomingMessage, res: ServerResponse, fromPortal: boolean): Promise<void> {
  const abort = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) abort.abort();
  });
  const declared = req.headers["content-length"];
  if (declared !== undefined && !(Number(declared) <= MAX_BODY_BYTES)) {
    // Refused before the handler runs, the body unread; chunked bodies are counted by readJson (http/body.ts).
    res.writeHead(413, { "content-type": "application/json; charset=utf-8", connection: "close" });
    return void res.end(JSON.stringify({ success: false, results: null, message: RegistryMessage.bodyTooLarge }));
  }
  try {
    const response = await handler(toRequest(req, abort.signal, fromPortal));
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    if (!response.body) return void res.end();
    for await (const chunk of Readable.fromWeb(response.body as import("node:stream/web").ReadableStream)) {
      if (!res.write(chunk)) await new Promise((r) => res.once("drain", r));
    }
    res.end();
  } catch {
    if (!res.headersSent) {
      res.statusCode = 500;
      res.setHeader("content-type", "application/json; charset=utf-8");
      res.end(JSON.stringify({ success: false, results: null, message: RegistryMessage.internal }));
    } else res.destroy();
  }
}

function toRequest(req: IncomingMessage, signal: AbortSignal, fromPortal: boolean): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  headers.delete(PORTAL_KEY_HEADER);
  if (!fromPortal) {
    headers.set(CLIENT_ADDRESS_HEADER, socketAddress(req));
    headers.delete(CLIENT_USER_AGENT_HEADER);
    const agent = req.headers["user-agent"];
    if (agent) headers.set(CLIENT_USER_AGENT_HEADER, agent);
    headers.delete(REQUEST_ID_HEADER);
    // Only a portal, which checked the browser's signed mark, may say a device is known (docs/decisions/087).
    headers.delete(KNOWN_DEVICE_HEADER);
    // Nor that its browser solved the proof of work (docs/decisions/134).
    headers.delete(PROVED_WORK_HEADER);
  }
  const method = req.method ?? "GET";
  const path = req.url?.startsWith("/") ? req.url : "/";
  const url = new URL(ORIGIN + path);
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(url, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}

/** The peer's address as the socket has it (an IPv4 address mapped into IPv6 written as IPv4), or "unknown". */
function socketAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? "";
  return (/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address) || "unknown";
}

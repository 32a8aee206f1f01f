import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { RegistryMessage } from "./contract/envelope";
import type { RegistryHandler } from "./handler";
import { MAX_BODY_BYTES } from "./http/body";

/**
 * Adapts a fetch handler to node:http (for running the registry alone). The URL is built on a fixed origin:
 * the registry never trusts the Host header (links use PUBLIC_URL).
 */
export function toNodeListener(handler: RegistryHandler, origin = "http://localhost"): RequestListener {
  return (req, res) => {
    void serve(handler, origin, req, res);
  };
}

async function serve(handler: RegistryHandler, origin: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
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
    const response = await handler(toRequest(req, origin, abort.signal));
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

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? "GET";
  const path = req.url?.startsWith("/") ? req.url : "/";
  const url = new URL(origin + path);
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(url, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}

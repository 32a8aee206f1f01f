import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import type { Readable } from "node:stream";

/**
 * The request body limit, in front of every route (docs/decisions/017). The portal's forms are small (the largest,
 * registration, is under 2 KiB), so bodies are read here, counted while they stream in and held in memory only up
 * to the limit, before anything parses them. A declared Content-Length over the limit is refused at once; a chunked
 * body is cut off as soon as it passes the limit. Either way the answer is 413 with `Connection: close`, so the rest
 * of the body is not read.
 */
export const MAX_BODY_BYTES = 64 * 1024;

export type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: "tooLarge" | "aborted" };

/** Reads a stream to its end, keeping at most `max` bytes; stops reading the moment it passes `max`. */
export function readBodyLimited(stream: Readable, max: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyRead) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onAbort);
      stream.off("aborted", onAbort);
      stream.off("close", onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > max) {
        stream.pause();
        chunks.length = 0;
        return finish({ ok: false, reason: "tooLarge" });
      }
      chunks.push(bytes);
    };
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks, size) });
    const onAbort = () => finish({ ok: false, reason: "aborted" });
    const onClose = () => {
      if (!stream.readableEnded) onAbort();
    };
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onAbort);
    stream.once("aborted", onAbort);
    stream.once("close", onClose);
  });
}

/** True when the request carries a body (a Content-Length above 0, or any Transfer-Encoding). */
export function hasBody(req: Pick<IncomingMessage, "headers">): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** The declared length is over the limit (or not a number at all). */
export function declaredTooLarge(req: Pick<IncomingMessage, "headers">, max: number): boolean {
  const declared = req.headers["content-length"];
  if (declared === undefined) return false;
  const length = Number(declared);
  return !Number.isSafeInteger(length) || length > max;
}

const bodies = new WeakMap<IncomingMessage, Buffer>();

/** The body the limit read for this request (empty when it had none). */
export function bodyOf(req: IncomingMessage): Buffer {
  return bodies.get(req) ?? Buffer.alloc(0);
}

/**
 * Express middleware: reads every request body within `max` bytes into memory (see bodyOf), or answers through
 * `refuse` with `Connection: close` and closes the connection once that answer is sent.
 */
export function bodyLimit(max: number, refuse: (req: IncomingMessage, res: Response) => void): RequestHandler {
  const tooLarge = (req: IncomingMessage, res: Response) => {
    res.setHeader("Connection", "close");
    closeAfterAnswer(req, res);
    refuse(req, res);
  };
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    if (declaredTooLarge(req, max)) return tooLarge(req, res);
    readBodyLimited(req, max).then((read) => {
      if (read.ok) {
        bodies.set(req, read.body);
        return next();
      }
      if (read.reason === "tooLarge") return tooLarge(req, res);
      req.socket.destroy();
    }, next);
  };
}

/** How much of an unwanted upload is still read (and thrown away) after the 413, and for how long at most. */
export const LINGER = { bytes: 4 * 1024 * 1024, ms: 2_000 };

/**
 * Closes the connection once the answer is out, without reading the rest of the upload. Node would destroy the
 * socket at once; with the client still sending, the kernel then answers its data with a reset, which can wipe
 * the 413 from the client's buffers before it reads it. So, as web servers do (a "lingering close"): end our side,
 * throw away what still arrives for a short while (at most LINGER bytes or milliseconds), then destroy the socket.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse, linger = LINGER): void {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
  };
  res.once("finish", () => {
    let seen = 0;
    const timer = setTimeout(() => socket.destroy(), linger.ms);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    req.on("data", (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > linger.bytes) socket.destroy();
    });
    req.resume();
  });
}

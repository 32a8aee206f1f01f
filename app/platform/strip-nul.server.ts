import { Writable } from "node:stream";

/**
 * Removes NUL bytes from the rendered HTML. React 18.3.1's streaming renderer (renderToPipeableStream) writes its
 * whole 2 KiB buffer when a text chunk does not fit, including the unused tail, when a multi-byte character (é, ñ,
 * –, ’...) falls on the buffer's edge: the page then carries 0x00 bytes (react/react#31134, fixed in React 19).
 * A 0x00 byte is never part of a UTF-8 multi-byte sequence and never meaningful in HTML, so dropping every one of
 * them restores exactly the bytes React meant to send.
 */
export function stripNul(bytes: Buffer): Buffer {
  let at = bytes.indexOf(0);
  if (at < 0) return bytes;
  const out = Buffer.allocUnsafe(bytes.length);
  let size = 0;
  let from = 0;
  while (at >= 0) {
    size += bytes.copy(out, size, from, at);
    from = at + 1;
    at = bytes.indexOf(0, from);
  }
  size += bytes.copy(out, size, from);
  return out.subarray(0, size);
}

/**
 * Where React's renderer writes a whole page: the chunks are kept and, at the end, handed over as one buffer without
 * NUL bytes (one write to the socket and one gzip call per page instead of one per 2 KiB chunk; docs/decisions/056).
 */
export class PageCollector extends Writable {
  private readonly chunks: Buffer[] = [];
  constructor(onPage: (page: Buffer) => void) {
    super();
    this.once("finish", () => onPage(stripNul(Buffer.concat(this.chunks))));
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    done();
  }
}

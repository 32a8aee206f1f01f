import { Transform, type TransformCallback } from "node:stream";

/**
 * Removes NUL bytes from the rendered HTML. React 18.3.1's streaming renderer (renderToPipeableStream) writes its
 * whole 2 KiB buffer when a text chunk does not fit, including the unused tail, when a multi-byte character (é, ñ,
 * –, ’...) falls on the buffer's edge: the page then carries 0x00 bytes (react/react#31134, fixed in React 19).
 * A 0x00 byte is never part of a UTF-8 multi-byte sequence and never meaningful in HTML, so dropping every one of
 * them restores exactly the bytes React meant to send.
 */
export class StripNul extends Transform {
  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    let at = bytes.indexOf(0);
    if (at < 0) return done(null, bytes);
    const out = Buffer.allocUnsafe(bytes.length);
    let size = 0;
    let from = 0;
    while (at >= 0) {
      size += bytes.copy(out, size, from, at);
      from = at + 1;
      at = bytes.indexOf(0, from);
    }
    size += bytes.copy(out, size, from);
    done(null, out.subarray(0, size));
  }
}

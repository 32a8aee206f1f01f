import { Writable } from "node:stream";

/**
 * Where React's renderer writes a whole page: the chunks are kept and, at the end, handed over as one buffer (one
 * write to the socket and one gzip call per page instead of one per 2 KiB chunk; docs/decisions/056).
 */
export class PageCollector extends Writable {
  private readonly chunks: Buffer[] = [];
  constructor(onPage: (page: Buffer) => void) {
    super();
    this.once("finish", () => onPage(Buffer.concat(this.chunks)));
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    done();
  }
}

import type { Envelope } from "../contract/envelope";

const BASE_HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
};

/** A JSON envelope answer. Extra top-level fields (e.g. addressValidation) may be merged in. */
export function reply<T>(status: number, body: Envelope<T> & Record<string, unknown>, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...BASE_HEADERS, ...headers } });
}

/** A file the patient saves (a PDF, a JSON record): an attachment under a name holding no health data, never cached. */
export function fileAnswer(bytes: Uint8Array, contentType: string, fileName: string): Response {
  return new Response(Buffer.from(bytes), {
    status: 200,
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${fileName}"`,
      "content-length": String(bytes.byteLength),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

export function ok<T>(results: T, message: string | null = null): Response {
  return reply(200, { success: true, results, message });
}

/** A refusal a handler can throw from any depth; the handler answers it as an envelope. */
export class Refusal extends Error {
  override name = "Refusal";
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toResponse(): Response {
    const body: Envelope<null> = { success: false, results: null, message: this.message };
    if (this.errors) body.errors = this.errors;
    return reply(this.status, body, this.headers);
  }
}

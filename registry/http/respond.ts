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

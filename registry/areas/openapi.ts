import { z } from "zod";
import type { Ctx } from "../http/context";
import type { Route } from "../http/router";
import { OPENAPI_PATH } from "../openapi/document";

/** The document's own shape, as far as a client relies on it (the rest is OpenAPI 3.1's). */
const openApiShape = z
  .object({
    openapi: z.literal("3.1.0"),
    info: z.object({ title: z.string(), version: z.string() }).catchall(z.unknown()),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .catchall(z.unknown());

/** GET /api/openapi.json (no sign-in): the registry's OpenAPI 3.1 document (docs/decisions/102). */
export function openApiRoutes(document: () => object): Route<Ctx>[] {
  let text: string | undefined;
  const serve = async (): Promise<Response> => {
    text ??= JSON.stringify(document());
    return new Response(text, { status: 200, headers: { "content-type": "application/json; charset=utf-8", "x-content-type-options": "nosniff" } });
  };
  return [
    {
      method: "GET",
      pattern: OPENAPI_PATH,
      handle: serve,
      doc: {
        summary: "This document: the registry's calls, their bodies, answers and credentials (OpenAPI 3.1).",
        auth: "none",
        answer: { bare: openApiShape },
      },
    },
  ];
}

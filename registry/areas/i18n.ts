import { z } from "zod";
import type { Ctx } from "../http/context";
import { ok } from "../http/respond";
import type { Route } from "../http/router";
import { textsFor } from "../messages/index";

/** GET /pass/i18n?lang=en|es: the registry's own texts (its email and text-message templates); any other lang is English. */
async function i18n(ctx: Ctx): Promise<Response> {
  return ok(textsFor(ctx.url.searchParams.get("lang")));
}

/** The schema of a tree of texts: the same keys, each leaf a string (both languages have the English keys). */
function textsSchema(tree: unknown): z.ZodType {
  if (typeof tree !== "object" || tree === null) return z.string();
  return z.object(Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, textsSchema(value)])));
}

export const i18nRoutes: Route<Ctx>[] = [
  {
    method: "GET",
    pattern: "/pass/i18n",
    handle: i18n,
    doc: {
      summary: "The registry's own texts (its email and text-message templates, `{{name}}` placeholders).",
      auth: "none",
      query: z.object({ lang: z.enum(["en", "es"]).optional().describe("Any other value (or none) answers English.") }),
      answer: textsSchema(textsFor("en")),
    },
  },
];

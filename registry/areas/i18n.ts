import type { Ctx } from "../http/context";
import { ok } from "../http/respond";
import type { Route } from "../http/router";
import { textsFor } from "../messages/index";

/** GET /pass/i18n?lang=en|es: the registry's own texts (its email and text-message templates); any other lang is English. */
async function i18n(ctx: Ctx): Promise<Response> {
  return ok(textsFor(ctx.url.searchParams.get("lang")));
}

export const i18nRoutes: Route<Ctx>[] = [{ method: "GET", pattern: "/pass/i18n", handle: i18n }];

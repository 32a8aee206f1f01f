import type { Route } from "./+types/language";
import { redirect } from "react-router";
import { carryForm, isCarriedForm } from "~/forms/carried-form.server";
import { readForm } from "~/forms/form.server";
import { languageCookie } from "~/platform/i18n.server";
import { isLang } from "~/locales";
import { safeRedirectPath } from "~/platform/safe-redirect";
import { portalContext } from "~/platform/context";

/** The language switch (PLT-005): a plain link, remembered in a cookie. */
export function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  const lng = url.searchParams.get("lng");
  const to = safeRedirectPath(url.searchParams.get("to"));
  if (!isLang(lng)) return redirect(to);
  return redirect(to, { headers: { "Set-Cookie": languageCookie(lng, context.basePath, context.isSecure) } });
}

/**
 * The same switch as a submit button of the page's form, without JavaScript (docs/decisions/054): what was typed
 * (never a password) waits in the session for the page in the other language.
 */
export async function action({ request, url, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  const formId = url.searchParams.get("form");
  if (isCarriedForm(formId)) carryForm(context.session, formId, form, context.basePath);
  return loader({ request, context: routerContext, params: {}, url, pattern: "/language" });
}

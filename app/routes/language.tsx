import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { languageCookie } from "~/i18n.server";
import { isLang } from "~/locales";
import { safeRedirectPath } from "~/safe-redirect";

/** The language switch (DECISIONS D10): a plain link, remembered in a cookie. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lng = url.searchParams.get("lng");
  const to = safeRedirectPath(url.searchParams.get("to"));
  if (!isLang(lng)) return redirect(to);
  return redirect(to, { headers: { "Set-Cookie": languageCookie(lng, context.basePath, context.isSecure) } });
}

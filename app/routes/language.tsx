import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { languageCookie } from "~/i18n.server";
import { isLang } from "~/locales";

/**
 * Only a path on this site, never another host (no open redirect), in printable ASCII as the app's own links are
 * (anything else could not be a Location header: a line break or a NUL would break the answer).
 */
export function safeReturnPath(to: string | null): string {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.includes("\\") || !/^[\x21-\x7e]*$/.test(to)) return "/";
  return to;
}

/** The language switch (DECISIONS D10): a plain link, remembered in a cookie. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lng = url.searchParams.get("lng");
  const to = safeReturnPath(url.searchParams.get("to"));
  if (!isLang(lng)) return redirect(to);
  return redirect(to, { headers: { "Set-Cookie": languageCookie(lng, context.basePath, context.isSecure) } });
}

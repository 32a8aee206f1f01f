import { useLocation, useMatches } from "@remix-run/react";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { reportsProblem } from "~/forms/types";

/**
 * Route modules say their title with `export const handle = { titleKey: "..." }`, or a function of the query
 * string for pages whose dialogs are their own screens (e.g. /register?forgot=1 is 'Forgot Password').
 */
export type RouteHandle = { titleKey?: string | ((search: URLSearchParams) => string | undefined) };

/**
 * The document title: the deepest route's title, prefixed "Error: " when the last form post failed
 * (action results are not visible to Remix's meta, so the root renders the title itself).
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const location = useLocation();
  const state = useContext(UNSAFE_DataRouterStateContext);
  const search = new URLSearchParams(location.search);
  const key = [...matches]
    .reverse()
    .map((m) => {
      const titleKey = (m.handle as RouteHandle | undefined)?.titleKey;
      return typeof titleKey === "function" ? titleKey(search) : titleKey;
    })
    .find(Boolean);
  const failed =
    Object.values(state?.actionData ?? {}).some(reportsProblem) ||
    matches.some((m) => reportsProblem((m.data as { failure?: unknown } | null | undefined)?.failure));
  const page = key ? t(key) : "";
  const title = `${failed ? t("errorSummary.titlePrefix") : ""}${page ? `${page} – ` : ""}${t("common.appName")}`;
  return <title>{title}</title>;
}

import { useMatches } from "@remix-run/react";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { hasErrors } from "~/forms/types";

/** Route modules say their title with `export const handle = { titleKey: "..." }`. */
export type RouteHandle = { titleKey?: string };

/**
 * The document title: the deepest route's title, prefixed "Error: " when the last form post failed
 * (action results are not visible to Remix's meta, so the root renders the title itself).
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const state = useContext(UNSAFE_DataRouterStateContext);
  const key = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.titleKey).find(Boolean);
  const failed = Object.values(state?.actionData ?? {}).some(hasErrors);
  const page = key ? t(key) : "";
  const title = `${failed ? t("errorSummary.titlePrefix") : ""}${page ? `${page} – ` : ""}${t("common.appName")}`;
  return <title>{title}</title>;
}

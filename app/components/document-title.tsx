import { isRouteErrorResponse, useLocation, useMatches, useRouteError } from "react-router";
import type { T, TextKey } from "~/texts/texts";
import { useTranslation } from "~/texts/use-translation";
import { reportsProblem } from "~/forms/types";
import { useFormProblemShown } from "./form-problem";

/**
 * Route modules say their title with `export const handle = { titleKey: "..." }`, or a function of the query
 * string for pages whose dialogs are their own screens (e.g. /register?forgot=1 is 'Forgot Password').
 */
export type RouteHandle = {
  titleKey?: TextKey | ((search: URLSearchParams) => TextKey | undefined);
  /** A title that names where in a sequence the page is (a screening step, a question), from the route's data. */
  title?: (data: unknown, t: T) => string | undefined;
  /**
   * The page's main form, which the language switch carries to the page in the other language without JavaScript
   * (docs/decisions/054): the FormState id and the <form> element's id.
   */
  carryForm?: { form: string; elementId: string };
  /**
   * The <form> element's id of the page's form that a sign-in which ended keeps for the same patient's next sign-in
   * (ACC-052, docs/decisions/114): with JavaScript, the idle warning's 'Sign in again' posts it.
   */
  keptAcrossSignIn?: string;
};

/**
 * Every page's title has one pattern (docs/decisions/093): "<page> – <site>", e.g. "Select Center – Kidney
 * Transplant Registration", prefixed "Error: " when a form came back with problems. Both parts come from the locale
 * files; the site alone only when no page says what it is.
 */
function titleText(page: string | undefined, site: string, errorPrefix: string | null): string {
  return `${errorPrefix ?? ""}${page ? `${page} – ` : ""}${site}`;
}

/**
 * The document title: the deepest route's title, prefixed "Error: " when the last form post failed
 * (action results are not visible to React Router's meta, so the root renders the title itself; ./form-problem).
 * The error page (the root's boundary) is titled as its heading says: 'Page not found' or 'Something went wrong'.
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const location = useLocation();
  const formProblem = useFormProblemShown();
  // Set only while the root's error boundary shows (this renders in the root's Layout); null or undefined otherwise.
  const error = useRouteError();
  const search = new URLSearchParams(location.search);
  const errorPage =
    error === undefined || error === null
      ? undefined
      : isRouteErrorResponse(error) && error.status === 404
        ? t("errors.notFoundTitle")
        : t("errors.unexpectedTitle");
  const page =
    errorPage ??
    [...matches]
      .reverse()
      .map((m) => {
        const handle = m.handle as RouteHandle | undefined;
        const titled = handle?.title?.(m.loaderData, t);
        if (titled) return titled;
        const titleKey = typeof handle?.titleKey === "function" ? handle.titleKey(search) : handle?.titleKey;
        // A route whose data did not come (its loader or action failed: the error page shows) has no texts of its own:
        // the next title up, never the key itself (docs/decisions/089).
        const text = titleKey ? t(titleKey) : undefined;
        return text === titleKey ? undefined : text;
      })
      .find(Boolean);
  const failed = formProblem || matches.some((m) => reportsProblem((m.loaderData as { failure?: unknown } | null | undefined)?.failure));
  const title = titleText(page, t("common.appName"), failed ? t("errorSummary.titlePrefix") : null);
  // A page hydrated after a failed post: the server's "Error: " stays until the summary reports itself (an effect).
  return <title suppressHydrationWarning>{title}</title>;
}

import type { Route } from "./+types/root";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { useTranslation } from "~/texts/use-translation";
import picoHref from "./styles/pico.portal.scss?url";
import appHref from "./styles/app.css?url";
import { DocumentTitle } from "~/components/document-title";
import { FormProblemProvider } from "~/components/form-problem";
import { PageFlash } from "~/components/flash-messages";
import { takeFlash } from "~/platform/flash.server";
import { later } from "~/enhance/later";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useNonce } from "~/components/nonce";
import { headerFirstName } from "~/platform/auth.server";
import { CutTheMustard } from "~/enhance/cut-the-mustard";
import { HydratedMark } from "~/enhance/document-hydration";
import { KeepTyped } from "~/enhance/keep-typed";
import { NavigationFocus } from "~/enhance/navigation-focus";
import { TrackNavigation } from "~/enhance/route-chunk-fallback";
import { csrfToken } from "~/forms/form.server";
import type { RootData } from "~/platform/root-data";
import { mergeTexts } from "~/texts/texts";
import { textsFor, textsForKeys, textsJsonFor } from "~/texts/texts.server";
import { portalContext } from "~/platform/context";
import { isStaffPath, staffIdleMsLeft } from "~/platform/staff-session";
import { idleMsLeft, LAST_SEEN_RESOLUTION_MS } from "~/platform/session-limits";

// Signed-in pages only, and it first shows after 28 quiet minutes: its code loads after the page (decision 124).
const IdleWarning = later(() => import("~/components/idle-warning").then((m) => m.IdleWarning), { shown: "by-itself" });

// With a React `precedence`, the two stylesheets every page needs come first in <head>, before the module preloads
// (which React puts ahead of the other links): the browser asks for them first, and the page paints about 0.15 s
// sooner on the old phone (decision 139). Same order as before in the cascade: Pico, the portal's, then a page's own.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: picoHref, precedence: "portal" },
  { rel: "stylesheet", href: appHref, precedence: "portal" },
  { rel: "icon", href: `${import.meta.env.BASE_URL}favicon.svg`, type: "image/svg+xml" },
];

export async function loader({ url, context: routerContext }: Route.LoaderArgs): Promise<RootData> {
  const context = routerContext.get(portalContext);
  const { session, staffSession } = context;
  // The staff console (docs/decisions/127) has its own session: its flash messages, CSRF token and idle count.
  const staff = isStaffPath(url.pathname, context.basePath);
  const flash = takeFlash(staff ? staffSession : session);
  const base = context.basePath.replace(/\/$/, "");
  const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) || "/" : url.pathname;
  const firstName = staff ? null : await headerFirstName(context);
  const signedIn = !!session.get("token");
  const staffName = staff && staffSession.get("token") ? (staffSession.get("name") ?? "") : null;
  // The layout's and the error page's texts (each page's loader adds its own; decisions 059, 073).
  const shell = textsJsonFor(context.lang, "root");
  return {
    lang: context.lang,
    // A flash message can come from any page: its texts come with it.
    texts: flash.length
      ? JSON.stringify(
          mergeTexts([
            textsFor(context.lang, "root"),
            textsForKeys(
              context.lang,
              flash.map((f) => f.key),
            ),
          ]),
        )
      : shell,
    csrf: csrfToken(staff ? staffSession : session),
    flash,
    patient: firstName ? { firstName } : null,
    area: staff ? "staff" : "patient",
    staff: staffName === null ? null : { name: staffName },
    idleMsLeft: staff
      ? staffName === null
        ? null
        : staffIdleMsLeft(staffSession.data, Date.now(), LAST_SEEN_RESOLUTION_MS)
      : signedIn
        ? idleMsLeft(session.data, Date.now())
        : null,
    demoMode: context.demoMode,
    year: new Date().getFullYear(),
    here: `${path}${url.search}`,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const nonce = useNonce();
  const { t } = useTranslation();
  return (
    // The class "js-enabled" is added by <CutTheMustard> before React runs (decision 030): hence
    // suppressHydrationWarning on <html>.
    <FormProblemProvider>
      <html lang={data?.lang ?? "en"} suppressHydrationWarning>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="color-scheme" content="light dark" />
          <CutTheMustard nonce={nonce} />
          {/* No route exports `meta`: the title is DocumentTitle's, so React Router's <Meta> (1.6 KiB) is not loaded. */}
          <DocumentTitle />
          <Links />
        </head>
        <body>
          <a href="#main" className="skip-link">
            {t("common.skipToContent")}
          </a>
          <SiteHeader
            patient={data?.patient ?? null}
            staff={data?.area === "staff" ? data.staff : undefined}
            lang={data?.lang ?? "en"}
            here={data?.here ?? "/"}
          />
          {children}
          {(data?.patient || data?.staff) && data.idleMsLeft !== null ? <IdleWarning msLeft={data.idleMsLeft} area={data.area} /> : null}
          <SiteFooter year={data?.year ?? new Date().getFullYear()} demoMode={data?.demoMode ?? false} />
          <NavigationFocus />
          <TrackNavigation />
          <KeepTyped />
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
          <HydratedMark />
        </body>
      </html>
    </FormProblemProvider>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // 503: the registry could not be reached (e.g. to vouch for the sign-in before showing a draft; docs/decisions/023).
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <h1>{notFound ? t("errors.notFoundTitle") : t("errors.unexpectedTitle")}</h1>
      <p>{notFound ? t("errors.notFoundText") : unavailable ? t("errors.registryDown") : t("errors.unexpectedText")}</p>
      <p>
        <Link to="/register">{t("errors.goHome")}</Link>
      </p>
    </main>
  );
}

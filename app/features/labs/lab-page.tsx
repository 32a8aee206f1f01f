import { Link, useLocation, useNavigation } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import { labDownloadPath, labPageKeys, labPagePath, LabPageStatus } from "./lab-page-model";
import type { LabPageData } from "./lab-pages.server";
import { PageFlash } from "~/components/flash-messages";
import type { T } from "~/texts/texts";

/**
 * The lab page's document title when its address names no screening (the 404 answer): 'Page not found', as the
 * other not-found page says, not the lab page's own name (docs/decisions/093); otherwise the route's title.
 */
export function labPageTitle(data: unknown, t: T): string | undefined {
  return (data as Partial<LabPageData> | undefined)?.screeningId === null ? t("errors.notFoundTitle") : undefined;
}

/**
 * The Lab Tests and Lab Results pages (LAB-003, LAB-004): Pending, Ready (a 'Click here' download link) or Issues
 * (the reasons as a list), and 'Return to Dashboard'. Checking shows while the readiness call is under way: with
 * JavaScript, when 'Check again' reloads the page's data; without it the server answers the other states directly.
 */
export function LabPage({ data }: { data: LabPageData }) {
  const { t } = useTranslation();
  const keys = labPageKeys(data.kind);
  const navigation = useNavigation();
  const location = useLocation();
  const checking = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const state = data.state;
  const here = data.screeningId === null ? null : labPagePath(data.kind, data.screeningId);
  return (
    <main id="main" className="container lab-page" tabIndex={-1}>
      <PageFlash />
      <h1>{t(keys.headingKey)}</h1>
      <div role="status" aria-live="polite">
        {checking ? (
          <p>{t(keys.checkingKey)}</p>
        ) : state === null ? (
          <p className="notice notice--error">{t("errors.registryDown")}</p>
        ) : state.status === LabPageStatus.Ready && data.screeningId !== null ? (
          <>
            <p>{t(keys.readyKey)}</p>
            <p>
              <Link to={labDownloadPath(data.kind, data.screeningId)} reloadDocument>
                {t(keys.downloadKey)}
              </Link>
            </p>
          </>
        ) : state.status === LabPageStatus.Issues ? (
          <div className="notice notice--warning">
            <p>{t(keys.issuesKey)}</p>
            <ul>
              {state.messages.map((m, i) => (
                <li key={`m${i}`}>{m}</li>
              ))}
              {state.messageKeys.map((k) => (
                <li key={k}>{t(k)}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p>{t(keys.pendingKey)}</p>
        )}
      </div>
      <div className="button-row">
        <Link to="/landing" role="button">
          {t("common.returnToDashboard")}
        </Link>
        {here && !checking && state?.status !== LabPageStatus.Ready ? (
          <Link to={here} role="button" className="secondary">
            {t("labPages.checkAgain")}
          </Link>
        ) : null}
      </div>
    </main>
  );
}

import type { Route } from "./+types/_private.select-center.$screeningId";
import { Form, Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import { CentersTable } from "~/features/centers/centers-table";
import { CsrfField } from "~/components/csrf-field";
import { Dialog } from "~/components/dialog";
import type { RouteHandle } from "~/components/document-title";
import { DISTANCE_OPTIONS, milesText, type DistanceFilter } from "~/features/centers/select-center-view";
import { readForm } from "~/forms/form.server";
import { selectCenterAction, selectCenterPage, type SelectCenterPage } from "~/features/centers/select-center.server";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { withTexts } from "~/texts/texts.server";
import { portalContext } from "~/platform/context";

export const handle: RouteHandle = { titleKey: "selectCenter.pageTitle" };

/** /select-center/{screeningId} (CEN-001, CEN-003, CEN-004, CEN-006): the member centers near the patient, by section, sortable; ?select= opens the confirmation. */
export const loader = withTexts(
  "_private.select-center.$screeningId",
  async function loader({ url, params, context: routerContext }: Route.LoaderArgs) {
    const context = routerContext.get(portalContext);
    return { page: await selectCenterPage(context, params.screeningId, url) };
  },
);

export async function action({ request, url, params, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  return selectCenterAction(form, context, params.screeningId, url);
}

/** A distance filter's value as its option reads: "1,000 miles" / "1000 millas" (the page's numbers), or "Any Distance". */
function useDistanceLabel(): (d: DistanceFilter) => string {
  const { t, i18n } = useTranslation();
  return (d) => (d === 0 ? t("selectCenter.distanceAny") : t("selectCenter.distanceMiles", { miles: milesText(d, i18n.language, 0) }));
}

/** In place of an empty 'Microsite Centers of Excellence' section: why, how far the nearest is, a wider search. */
function MicrositeNoticeSection({ page }: { page: SelectCenterPage }) {
  const { t, i18n } = useTranslation();
  const distanceLabel = useDistanceLabel();
  const notice = page.micrositeNotice;
  if (!notice) return null;
  return (
    <section className="microsite-notice" aria-labelledby="microsite-notice-title">
      <h2 id="microsite-notice-title">{t("selectCenter.sectionMicrositeExcellence")}</h2>
      <p className="notice notice--info">
        {t("selectCenter.micrositeNotice.none", { distance: distanceLabel(notice.within) })}{" "}
        {notice.nearestMiles !== null ? t("selectCenter.micrositeNotice.nearest", { miles: milesText(notice.nearestMiles, i18n.language) }) : null}
        {notice.widen === null ? t("selectCenter.micrositeNotice.noneAnywhere") : null}
      </p>
      {notice.widen ? (
        <p>
          <Link to={notice.widen.href} preventScrollReset>
            {notice.widen.distance === 0
              ? t("selectCenter.micrositeNotice.widenAny")
              : t("selectCenter.micrositeNotice.widen", { distance: distanceLabel(notice.widen.distance) })}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * The distance filter (CEN-001), a GET form; or, when the registry could not measure distances from the postal code
 * (CEN-005), the plain reason why every center is listed without its distance, in its place.
 */
function DistanceFilterForm({ page }: { page: SelectCenterPage }) {
  const { t } = useTranslation();
  const distanceLabel = useDistanceLabel();
  if (page.distancesUnknown) {
    return (
      <p className="notice notice--info" id="distances-unknown">
        {t("selectCenter.distancesUnknown", { postalCode: page.postalCode })}
      </p>
    );
  }
  return (
    <Form method="get" className="distance-filter">
      <label htmlFor="distance">{t("selectCenter.distanceLabel")}</label>
      <select id="distance" name="distance" defaultValue={String(page.distance)} key={page.distance}>
        {DISTANCE_OPTIONS.map((d) => (
          <option key={d} value={d}>
            {distanceLabel(d)}
          </option>
        ))}
      </select>
      {Object.entries(page.sortFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit">{t("selectCenter.applyFilter")}</button>
    </Form>
  );
}

function ConfirmDialog({ page }: { page: SelectCenterPage }) {
  const { t } = useTranslation();
  const c = page.confirm;
  if (!c) return null;
  return (
    <Dialog id="select-center-confirm" title={t("selectCenter.confirm.title")} open closeTo={page.closeHref}>
      {c.micrositeWarning ? <p className="notice notice--warning">{t("selectCenter.confirm.micrositeWarning")}</p> : null}
      <p>{t(c.textKey, { center: c.centerName })}</p>
      <Form method="post" action={page.postHref} className="button-row">
        <CsrfField />
        <input type="hidden" name="centerId" value={c.centerId} />
        <button type="submit" name="intent" value="select">
          {t(c.buttonKey)}
        </button>
        <Link to={page.closeHref} role="button" className="secondary" preventScrollReset>
          {t("selectCenter.confirm.chooseAnother")}
        </Link>
      </Form>
    </Dialog>
  );
}

export default function SelectCenter({ loaderData: { page } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const returnLink = (
    <p>
      <Link to="/landing" role="button" className="secondary">
        {t("common.returnToDashboard")}
      </Link>
    </p>
  );
  if (!page) {
    return <RegistryDownPage heading={t("selectCenter.heading")}>{returnLink}</RegistryDownPage>;
  }
  const firstListed = page.sections.findIndex((s) => s.rows.length > 0);
  return (
    <main id="main" className="container select-center" tabIndex={-1}>
      <PageFlash />
      <ConfirmDialog page={page} />
      <h1>{t("selectCenter.heading")}</h1>
      {returnLink}
      <DistanceFilterForm page={page} />
      <p>{t("selectCenter.resultsFor", { postalCode: page.postalCode })}</p>
      <p className="hint">{t("selectCenter.columnsHint")}</p>
      {page.centersFailed ? (
        <p className="notice notice--error" role="alert">
          {t("selectCenter.centersFailed")}
        </p>
      ) : null}
      {firstListed >= 0 ? (
        <p>
          <a href="#first-center">{t("selectCenter.skipToCenters")}</a>
        </p>
      ) : null}
      <MicrositeNoticeSection page={page} />
      {page.sections.map((s, i) =>
        s.rows.length > 0 ? (
          <CentersTable
            key={s.titleKey}
            id={`centers-${i + 1}`}
            titleKey={s.titleKey}
            headings={page.headings}
            rows={s.rows}
            priorYear={page.priorYear}
            firstRowId={i === firstListed ? "first-center" : undefined}
          />
        ) : null,
      )}
    </main>
  );
}

import type { Route } from "./+types/staff.center._index";
import { Form, Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { SelectField } from "~/components/fields";
import { FormState } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { centerListData } from "~/features/staff/center.server";
import { portalContext } from "~/platform/context";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffCenter.list.title" };

/** GET /staff/center?status= (docs/decisions/133): the referrals to the person's centers, newest first. */
export const loader = withTexts("staff.center._index", async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  return centerListData(routerContext.get(portalContext), new URL(request.url));
});

const STATUSES = ["1", "2", "3", "4", "5", "6"] as const;

export default function StaffCenterReferrals({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (data.unavailable) return <RegistryDownPage heading={t("staffCenter.list.title")} />;
  const statusName = (id: number) =>
    STATUSES.includes(String(id) as never) ? t(`staffCenter.statusNames.${String(id) as (typeof STATUSES)[number]}`) : "";
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <h1>{t("staffCenter.list.title")}</h1>
      <Form method="get" className="stacked-form" aria-label={t("staffCenter.list.filterLegend")} reloadDocument>
        <FormState id="center-filter" defaults={{ status: data.status ? String(data.status) : "" }}>
          <SelectField
            name="status"
            label={t("staffCenter.list.status")}
            options={[
              { value: "", label: t("staffCenter.list.allStatuses") },
              ...STATUSES.map((s) => ({ value: s, label: t(`staffCenter.statusNames.${s}`) })),
            ]}
          />
        </FormState>
        <button type="submit" className="secondary">
          {t("staffCenter.list.filterSubmit")}
        </button>
      </Form>
      {data.referrals.length ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="referrals-caption">
          <table>
            <caption id="referrals-caption">{t("staffCenter.list.caption", { centers: data.centers.join(", ") })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("staffCenter.list.patient")}</th>
                <th scope="col">{t("staffCenter.list.referred")}</th>
                <th scope="col">{t("staffCenter.list.status")}</th>
                <th scope="col">{t("staffCenter.list.center")}</th>
              </tr>
            </thead>
            <tbody>
              {data.referrals.map((r) => (
                <tr key={r.referralId}>
                  <th scope="row">
                    <Link to={`/staff/center/referrals/${r.referralId}`}>{r.patientName}</Link>
                  </th>
                  <td>
                    <time dateTime={r.dateReferred}>{r.dateReferred.slice(0, 10)}</time>
                  </td>
                  <td>{statusName(r.statusId) || r.status}</td>
                  <td>{r.centerName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("staffCenter.list.none")}</p>
      )}
    </main>
  );
}

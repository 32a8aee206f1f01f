import type { Route } from "./+types/staff.lab._index";
import { Link } from "react-router";
import { patientDate } from "../../registry/contract/patient-dates";
import { STAFF_LAB_STATES } from "../../registry/contract/staff-lab";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { labListData, labState } from "~/features/staff/lab.server";
import { portalContext } from "~/platform/context";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffLab.title" };

/** GET /staff/lab?state=waiting|approved|results (docs/decisions/133): the orders of the person's lab(s), one list. */
export const loader = withTexts("staff.lab._index", async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  return labListData(routerContext.get(portalContext), labState(new URL(request.url).searchParams.get("state")));
});

export default function StaffLabOrders({ loaderData: data }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  if (data.unavailable) return <RegistryDownPage heading={t("staffLab.title")} />;
  const date = (d: string | null) => (d ? patientDate(d, i18n.language) : t("staffLab.none"));
  const { state, orders } = data;
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <h1>{t("staffLab.title")}</h1>
      <nav aria-label={t("staffLab.listsLabel")}>
        <ul className="inline-list">
          {STAFF_LAB_STATES.map((s) => (
            <li key={s}>
              <Link to={`/staff/lab?state=${s}`} aria-current={s === state ? "page" : undefined}>
                {t(`staffLab.lists.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>
        <Link to="/staff/lab/update-labs">{t("staffLab.updateLabsLink")}</Link>
      </p>
      {orders.length === 0 ? (
        <p>{t(`staffLab.empty.${state}`)}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="lab-orders-caption">
          <table>
            <caption id="lab-orders-caption">{t(`staffLab.captions.${state}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t("staffLab.order")}</th>
                <th scope="col">{t("staffLab.patient")}</th>
                <th scope="col">{t("staffLab.birthDate")}</th>
                <th scope="col">{t("staffLab.requested")}</th>
                {state !== "waiting" ? <th scope="col">{t("staffLab.requisition")}</th> : null}
                {state !== "waiting" ? <th scope="col">{t("staffLab.approvedAt")}</th> : null}
                {state !== "waiting" ? <th scope="col">{t("staffLab.received")}</th> : null}
                {state === "results" ? <th scope="col">{t("staffLab.resultsAt")}</th> : null}
                <th scope="col">
                  <span className="visually-hidden">{t("staffLab.open")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <th scope="row">{o.id}</th>
                  <td>
                    {o.patient.lastName}, {o.patient.firstName}
                  </td>
                  <td>{date(o.patient.birthDate)}</td>
                  <td>{date(o.requestedAt)}</td>
                  {state !== "waiting" ? <td>{o.requisition ?? t("staffLab.none")}</td> : null}
                  {state !== "waiting" ? <td>{date(o.approvedAt)}</td> : null}
                  {state !== "waiting" ? <td>{date(o.receivedAt)}</td> : null}
                  {state === "results" ? <td>{date(o.resultsAt)}</td> : null}
                  <td>
                    <Link to={`/staff/lab/orders/${o.id}`} aria-label={t("staffLab.openOrder", { id: String(o.id) })}>
                      {t("staffLab.open")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}

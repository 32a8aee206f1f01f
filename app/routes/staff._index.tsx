import type { Route } from "./+types/staff._index";
import { Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { PageFlash } from "~/components/flash-messages";
import { areasFor, grantLabel } from "~/features/staff/areas";
import { portalContext } from "~/platform/context";
import { requireStaffPerson } from "~/platform/staff-auth.server";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffConsole.home.title" };

/** GET /staff (docs/decisions/127): the signed-in person's roles and the console's areas for them. */
export const loader = withTexts("staff._index", async function loader({ context: routerContext }: Route.LoaderArgs) {
  const { person } = await requireStaffPerson(routerContext.get(portalContext));
  return { grants: person.grants };
});

export default function StaffHome({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  const areas = areasFor(data.grants);
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <h1>{t("staffConsole.home.title")}</h1>
      <h2>{t("staffConsole.home.yourRoles")}</h2>
      {data.grants.length ? (
        <ul>
          {data.grants.map((g) => (
            <li key={`${g.role}-${"labId" in g ? g.labId : "centerId" in g ? g.centerId : ""}`}>{grantLabel(g, t)}</li>
          ))}
        </ul>
      ) : (
        <p>{t("staffConsole.home.noRoles")}</p>
      )}
      {areas.map((area) => (
        <section key={area.to} aria-labelledby={`area-${area.to.slice(7)}`}>
          <h2 id={`area-${area.to.slice(7)}`}>
            <Link to={area.to}>{t(area.title)}</Link>
          </h2>
          <p>{t(area.text)}</p>
        </section>
      ))}
    </main>
  );
}

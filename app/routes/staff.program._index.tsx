import type { Route } from "./+types/staff.program._index";
import { Link } from "react-router";
import { PROGRAM_STAGE_ORDER } from "../../registry/contract/staff-program";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { PageFlash } from "~/components/flash-messages";
import { PatientDate } from "~/components/patient-date";
import { RegistryDownPage } from "~/components/registry-down-page";
import { stageKey } from "~/features/staff/program-form";
import { participantsData } from "~/features/staff/program.server";
import { portalContext } from "~/platform/context";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffProgram.participants.title" };

/** GET /staff/program (docs/decisions/133): the program's participants, one table per stage. */
export const loader = withTexts("staff.program._index", async function loader({ context: routerContext }: Route.LoaderArgs) {
  return participantsData(routerContext.get(portalContext));
});

export default function StaffProgram({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (data.unavailable) return <RegistryDownPage heading={t("staffProgram.participants.title")} />;
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <h1>{t("staffProgram.participants.title")}</h1>
      <p>{t("staffProgram.participants.intro")}</p>
      {PROGRAM_STAGE_ORDER.map((stage) => {
        const here = data.participants.filter((p) => p.stage === stage);
        const caption = `stage-${stage}`;
        return (
          <section key={stage} aria-labelledby={caption}>
            <h2 id={caption}>
              {t(stageKey(stage))} ({here.length})
            </h2>
            {here.length ? (
              <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={`${caption}-caption`}>
                <table>
                  <caption id={`${caption}-caption`}>{t("staffProgram.participants.caption", { stage: t(stageKey(stage)) })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("staffProgram.participants.record")}</th>
                      <th scope="col">{t("staffProgram.participants.name")}</th>
                      <th scope="col">{t("staffProgram.participants.since")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {here.map((p) => (
                      <tr key={p.medicalRecordId}>
                        <td>{p.medicalRecordId}</td>
                        <th scope="row">
                          <Link to={`/staff/program/${p.medicalRecordId}`}>{p.name}</Link>
                        </th>
                        <td>
                          <PatientDate value={p.since} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p>{t("staffProgram.participants.none")}</p>
            )}
          </section>
        );
      })}
    </main>
  );
}

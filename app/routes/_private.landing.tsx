import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withPatient } from "~/auth.server";
import type { RouteHandle } from "~/components/document-title";
import { dashboardBeforeScreening } from "~/domain/dashboard";
import { RegistryUnavailableError } from "~/registry/client.server";

export const handle: RouteHandle = { titleKey: "landing.title" };

export async function loader({ context }: LoaderFunctionArgs) {
  try {
    return await withPatient(context, async ({ token, medicalRecordId }) => {
      const answer = await context.registry.passRecord(medicalRecordId, token);
      if (!answer.success || !answer.results) return { unavailable: true as const };
      const { medicalRecord, account, screeningList } = answer.results;
      return {
        unavailable: false as const,
        isOptedOut: medicalRecord.isOptedOut,
        view: dashboardBeforeScreening(account),
        screenings: screeningList.length,
      };
    });
  } catch (error) {
    if (error instanceof RegistryUnavailableError) return { unavailable: true as const };
    throw error;
  }
}

export default function Landing() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container" tabIndex={-1}>
      <h1>{t("landing.heading")}</h1>
      {data.unavailable ? (
        <p role="alert">{t("errors.registryDown")}</p>
      ) : data.isOptedOut ? (
        <p>{t("landing.optInText")}</p>
      ) : (
        <>
          {data.view.verificationRequired ? (
            <section className="notice notice--warning" aria-labelledby="verification-title">
              <h2 id="verification-title">{t("landing.verificationTitle")}</h2>
              <p>{t("landing.verificationText")}</p>
              <Link to="/confirm" role="button">
                {t(data.view.allVerified ? "landing.updateButton" : "landing.confirmButton")}
              </Link>
            </section>
          ) : null}
          <section aria-labelledby="registration-title">
            <h2 id="registration-title">{t(data.screenings > 1 ? "landing.registrations" : "landing.registration")}</h2>
            <ol className="step-cards">
              {data.view.steps.map((step) => (
                <li key={step.titleKey} className="step-card">
                  <h3>{t(step.titleKey)}</h3>
                  <p className="badge">{t(step.badgeKey)}</p>
                </li>
              ))}
            </ol>
          </section>
          <section className="opt-box">
            <p>{t("landing.optOutText")}</p>
          </section>
        </>
      )}
    </main>
  );
}

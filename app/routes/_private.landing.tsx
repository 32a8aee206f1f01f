import type { Route } from "./+types/_private.landing";
import { Form, Link, redirect, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import { OptInOutType } from "../../registry/contract/enums";
import { addFlash, readPassRecord, withPatient } from "~/platform/auth.server";
import { recordPage } from "~/platform/record-page.server";
import { CsrfField } from "~/components/csrf-field";
import { CancelLink, Dialog } from "~/components/dialog";
import type { RouteHandle } from "~/components/document-title";
import { isVerified } from "~/platform/verification";
import { dashboardBeforeScreening } from "~/features/dashboard/dashboard";
import { readForm } from "~/forms/form.server";
import { answerOr } from "~/registry/reach.server";
import { RegistrationCards, useOpenResults } from "~/features/dashboard/registration-card";
import { PrintHeading, printHeadingOf } from "~/components/print-heading";
import printHref from "~/styles/print.css?url";
import { immuneToleranceStages, standaloneProgram } from "~/components/program-stages";
import { ImmuneToleranceStages } from "~/features/dashboard/immune-tolerance-stages";
import { registrationCards } from "~/features/dashboard/registration-cards.server";
import { loadCenters, resetScreeningDraft } from "~/features/screening/screening.server";
import { answerSummary, type AnswerSummary } from "~/features/screening/answer-summary-model";
import { later } from "~/enhance/later";
import { changeCenterAction, changeCenterDialog, requestLabsAction } from "~/features/centers/change-center.server";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { withTexts } from "~/texts/texts.server";
import { portalContext } from "~/platform/context";
import { newsDelivery } from "~/platform/news-delivery.server";

// Opens on the patient's choice: its code loads then (decision 124).
const ChangeCenterDialog = later(() => import("~/features/centers/change-center-dialog").then((m) => m.ChangeCenterDialog));
// Opens on 'Show Results': its code loads then (decision 124).
const ScreeningResultsDialog = later(() => import("~/features/screening/results-dialog").then((m) => m.ScreeningResultsDialog));

export const handle: RouteHandle = { titleKey: "landing.title" };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printHref, media: "print" }];

export const loader = withTexts("_private.landing", async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return recordPage(context, async ({ medicalRecord, account, screeningList }) => {
    // Where the news of each kind will come, for the cards' "check your email" texts (docs/decisions/128).
    const delivery = screeningList.length > 0 ? await withPatient(context, (patient) => newsDelivery(context, patient)) : null;
    const programStage = medicalRecord.ifRegistration?.currentStatus ?? null;
    // The dashboard's cards, with the screening feature's centers and answer summaries (decision 130).
    const cards = await registrationCards(
      screeningList,
      { centers: async () => (await withPatient(context, (patient) => loadCenters(context, patient))).centers, summarize: answerSummary },
      { programStage, delivery },
    );
    // Before the screening, its card is the one next step: the program's waits for it (docs/decisions/128).
    const immuneTolerance = immuneToleranceStages(medicalRecord.ifRegistration, { screened: screeningList.length > 0 });
    return {
      isOptedOut: medicalRecord.isOptedOut,
      view: dashboardBeforeScreening(account),
      screenings: screeningList.length,
      cards,
      // The immune-tolerance program's stages and next action (DSH-013; docs/decisions/015), in the candidate's card or,
      // for an invited participant whose cards do not show the program, in a section of their own (decision 043).
      immuneTolerance,
      program: standaloneProgram(immuneTolerance, cards),
      // The top of the printed answers of 'View My Answers' (docs/decisions/111).
      print: printHeadingOf(medicalRecord, ""),
      // ?change={screeningId}: the change-center dialogs (CEN-009; docs/decisions/013).
      changeCenter: medicalRecord.isOptedOut ? null : changeCenterDialog(screeningList, url.searchParams.get("change")),
    };
  });
});

/**
 * 'Start Screening' (DSH-003: only when verified; starts a fresh screening draft and goes to the first wizard
 * step) and the opt-out / opt-in confirmation (DSH-012).
 */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  const intent = String(form.get("intent") ?? "");
  if (intent === "change-center") return changeCenterAction(form, context);
  if (intent === "request-labs") return requestLabsAction(form, context);
  if (intent === "start-screening") {
    const record = await readPassRecord(context);
    if (record && !isVerified(record.account)) {
      addFlash(context.session, { kind: "alert", key: "landing.verifyFirst" });
      return redirect("/landing");
    }
    // The screening draft of the session starts empty: the wizard writes it as the patient answers.
    resetScreeningDraft(context.session);
    return redirect("/screening/patient-situation");
  }
  const type = intent === "opt-out" ? OptInOutType.OptOut : intent === "opt-in" ? OptInOutType.OptIn : null;
  if (type === null) return redirect("/landing");
  const ok = await withPatient(
    context,
    async ({ token, medicalRecordId }) => (await answerOr(context.registry.optInOut(token, medicalRecordId, type), null))?.success ?? false,
  );
  if (!ok) addFlash(context.session, { kind: "alert", key: "landing.optFailed" });
  else addFlash(context.session, { kind: "status", key: type === OptInOutType.OptOut ? "landing.optedOut" : "landing.optedIn" });
  return redirect("/landing");
}

/**
 * The opt-out / opt-in confirmation (DSH-012): a static backdrop (a click outside does nothing, and it has no close
 * control of its own) whose first button is the destructive answer, so it opens on its heading, and Escape answers
 * it as Cancel does (docs/decisions/092).
 */
function OptDialog({ kind }: { kind: "out" | "in" }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog
      id="opt-dialog"
      title={kind === "out" ? t("landing.optOutTitle") : t("landing.optInTitle")}
      open
      initialFocus="heading"
      onDismiss={() => navigate("/landing", { preventScrollReset: true })}
    >
      <p>{kind === "out" ? t("landing.optOutBody") : t("landing.optInBody")}</p>
      <Form method="post" action="/landing" className="button-row">
        <CsrfField />
        <button type="submit" name="intent" value={kind === "out" ? "opt-out" : "opt-in"}>
          {kind === "out" ? t("landing.optOutConfirm") : t("landing.optInConfirm")}
        </button>
        <CancelLink to="/landing" />
      </Form>
    </Dialog>
  );
}

/**
 * The 'Screening Results' dialog of 'View My Answers' / 'Show Results' (DSH-010). The page renders it as a child of
 * its <main>, so a printed page can show the dialog alone (docs/decisions/111).
 */
function OpenResultsDialog({ open }: { open: { id: number; summary: AnswerSummary } }) {
  return (
    <ScreeningResultsDialog summary={open.summary} idPrefix={`results-${open.id}`} closeTo="/landing" pdfHref={`/landing/answers/${open.id}/pdf`} />
  );
}

export default function Landing({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const opt = params.get("opt");
  const openResults = useOpenResults(data.unavailable ? [] : data.cards);
  if (data.unavailable) {
    return <RegistryDownPage heading={t("landing.heading")} />;
  }
  const optDialog = data.isOptedOut ? (opt === "in" ? "in" : null) : opt === "out" ? "out" : null;
  const results = data.isOptedOut ? undefined : openResults;
  return (
    // With 'View My Answers' open, a printed page is the answers alone (docs/decisions/111).
    <main id="main" className={results ? "container print-dialog" : "container"} tabIndex={-1}>
      <PrintHeading view={data.print} />
      {results ? <OpenResultsDialog open={results} /> : null}
      <PageFlash />
      {optDialog ? <OptDialog kind={optDialog} /> : null}
      {data.changeCenter && !optDialog ? <ChangeCenterDialog view={data.changeCenter} /> : null}
      <h1>{t("landing.heading")}</h1>
      {data.isOptedOut ? (
        <section className="opt-box">
          <p>{t("landing.optInText")}</p>
          <Link to="/landing?opt=in" role="button" preventScrollReset>
            {t("landing.optInButton")}
          </Link>
        </section>
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
          ) : (
            <div className="spacer" />
          )}
          {data.program ? (
            <section className="notice" aria-labelledby="program-title">
              <h2 id="program-title">{t("landing.card.immuneToleranceTitle")}</h2>
              <p>{t("landing.card.programInvitedText")}</p>
              <ImmuneToleranceStages view={data.program} idPrefix="program" level={3} />
            </section>
          ) : null}
          <section aria-labelledby="registration-title">
            <h2 id="registration-title">{t(data.screenings > 1 ? "landing.registrations" : "landing.registration")}</h2>
            {data.cards.length > 0 ? (
              <RegistrationCards cards={data.cards} immuneTolerance={data.immuneTolerance} />
            ) : (
              <ol className="step-cards">
                {data.view.steps.map((step, i) => (
                  <li key={step.titleKey} className="step-card">
                    <h3>{t(step.titleKey)}</h3>
                    <p className="badge">{t(step.badgeKey)}</p>
                    {i === 0 && data.view.canStartScreening ? (
                      <Form method="post" action="/landing">
                        <CsrfField />
                        <button type="submit" name="intent" value="start-screening">
                          {t("landing.startScreening")}
                        </button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
          </section>
          <section className="opt-box">
            <p>
              {t("landing.optOutText")}{" "}
              <Link to="/landing?opt=out" preventScrollReset>
                {t("landing.optOutLink")}
              </Link>
            </p>
          </section>
        </>
      )}
    </main>
  );
}

import type { Route } from "./+types/staff.program.$id";
import { Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { TextAreaField } from "~/components/fields";
import { useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { PatientDate } from "~/components/patient-date";
import { RegistryDownPage } from "~/components/registry-down-page";
import { answersFromSubmission } from "~/features/medical-history/draft";
import { reviewAnswerText, reviewRows } from "~/features/medical-history/review";
import { StaffActionForm } from "~/features/staff/action-form";
import { nextProgramStage, stageKey } from "~/features/staff/program-form";
import { moveAction, participantData } from "~/features/staff/program.server";
import { readForm } from "~/forms/form.server";
import { portalContext } from "~/platform/context";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffProgram.participant.title" };

/**
 * GET /staff/program/{id} (docs/decisions/133): one participant as the program needs them: the stage, the medical
 * history's answers (the questions as the patient read them), the signed consent, the notes, and the move to the
 * next stage with a note. The route joins the staff feature and the medical history's review rows.
 */
export const loader = withTexts("staff.program.$id", async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const found = await participantData(routerContext.get(portalContext), params.id);
  if (found.unavailable) return found;
  const history = found.participant.medicalHistory;
  return { ...found, rows: history ? reviewRows(answersFromSubmission(history)) : [] };
});

export async function action({ request, params, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  return moveAction(await readForm(request, context.staffSession), context, params.id);
}

export default function StaffParticipant({ loaderData: data }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const answer = useFormAnswer("program-move");
  if (data.unavailable) return <RegistryDownPage heading={t("staffProgram.participant.title")} />;
  const p = data.participant;
  const next = nextProgramStage(p.stage);
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={answer} />
      <h1>{t("staffProgram.participant.heading", { name: p.name })}</h1>
      <dl>
        <dt>{t("staffProgram.participants.record")}</dt>
        <dd>{p.medicalRecordId}</dd>
        <dt>{t("staffProgram.participant.stage")}</dt>
        <dd>
          {t(stageKey(p.stage))} ({t("staffProgram.participant.sinceDate")} <PatientDate value={p.since} />)
        </dd>
      </dl>

      <h2>{t("staffProgram.participant.consentTitle")}</h2>
      {p.consent ? (
        <p>
          {t("staffProgram.participant.consentSigned")} <PatientDate value={p.consent.signedAt} />.{" "}
          <a href={`/staff/program/${p.medicalRecordId}/consent.pdf`} download>
            {t("staffProgram.participant.consentDownload")}
          </a>
        </p>
      ) : (
        <p>{t("staffProgram.participant.consentNone")}</p>
      )}

      {next !== null ? (
        <StaffActionForm
          title={t("staffProgram.participant.moveTitle", { stage: t(stageKey(next)) })}
          titleId="move-title"
          text={t("staffProgram.participant.moveText")}
          submit={t("staffProgram.participant.moveSubmit", { stage: t(stageKey(next)) })}
          form="program-move"
          hidden={{ stage: String(next) }}
        >
          <TextAreaField name="programNote" label={t("staffProgram.participant.note")} hint={t("staffProgram.participant.noteHint")} rows={4} />
        </StaffActionForm>
      ) : null}

      <h2>{t("staffProgram.participant.notesTitle")}</h2>
      {p.notes.length ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="notes-caption">
          <table>
            <caption id="notes-caption">{t("staffProgram.participant.notesCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("staffProgram.participant.noteWhen")}</th>
                <th scope="col">{t("staffProgram.participant.noteMove")}</th>
                <th scope="col">{t("staffProgram.participant.noteBy")}</th>
                <th scope="col">{t("staffProgram.participant.note")}</th>
              </tr>
            </thead>
            <tbody>
              {p.notes.map((n) => (
                <tr key={n.id}>
                  <th scope="row">
                    <time dateTime={n.at}>{n.at.slice(0, 16).replace("T", " ")} UTC</time>
                  </th>
                  <td>{t("staffProgram.participant.noteStages", { from: t(stageKey(n.from)), to: t(stageKey(n.to)) })}</td>
                  <td>{n.staffName}</td>
                  <td className="pre-wrap">{n.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("staffProgram.participant.notesNone")}</p>
      )}

      <h2>{t("staffProgram.participant.historyTitle")}</h2>
      {p.medicalHistory ? (
        <>
          <p>
            {t("staffProgram.participant.historySubmitted")} <PatientDate value={p.medicalHistory.submittedDateTime} />.
          </p>
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="history-caption">
            <table>
              <caption id="history-caption">{t("staffProgram.participant.historyCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("medical.review.question")}</th>
                  <th scope="col">{t("medical.review.answer")}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={r.field}>
                    <th scope="row">{t(`medical.review.${r.labelKey}`)}</th>
                    <td className="pre-wrap">
                      {r.value.kind === "date" ? (
                        <PatientDate value={r.value.iso} />
                      ) : r.value.kind === "text" ? (
                        r.value.text
                      ) : (
                        reviewAnswerText(r.value, t, i18n.language)
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p>{t("staffProgram.participant.historyNone")}</p>
      )}
      <p>
        <Link to="/staff/program">{t("staffProgram.participant.back")}</Link>
      </p>
    </main>
  );
}

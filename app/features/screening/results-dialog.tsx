import { Link, useNavigate } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import { Dialog } from "~/components/dialog";
import type { AnswerSummary as Summary } from "./answer-summary-model";
import type { ResultsOutcomeView } from "./results-outcome";
import { AnswerSummary } from "./answer-summary";

/**
 * Requirement DSH-010: the Screening Results dialog (large). With JavaScript, Escape closes it as 'Close' does (the
 * accessibility statement's promise for every dialog: it asks nothing of the patient, so there is nothing to lose;
 * docs/browsers-and-accessibility.md). View-only (no
 * `outcome`): 'Screening Results' with the answers, from the dashboard. Otherwise 'Screening Questionnaire' with the
 * answers and the outcome message, from the page the save leads to; staying with a non-member center and the
 * information seeker add Return to Dashboard. 'Close' is a link to `closeTo` (the page without the parameter), so it
 * works without JavaScript (PLT-007).
 */
export function ScreeningResultsDialog({
  summary,
  idPrefix,
  closeTo,
  outcome = null,
  pdfHref = null,
}: {
  summary: Summary;
  idPrefix: string;
  closeTo: string;
  outcome?: ResultsOutcomeView | null;
  /** 'Download as PDF' (SCR-025): a plain link to the file, so it works without JavaScript. */
  pdfHref?: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog
      id="screening-results"
      title={t(outcome ? "screening.title" : "screening.results.title")}
      open
      // Not `closeTo`: that would add the header's × beside the footer's Close.
      onDismiss={() => navigate(closeTo, { preventScrollReset: true })}
      footer={
        <div className="button-row">
          {outcome?.returnToDashboard ? (
            <Link to="/landing" role="button">
              {t("screening.returnToDashboard")}
            </Link>
          ) : null}
          <Link to={closeTo} role="button" className={outcome?.returnToDashboard ? "secondary" : undefined} preventScrollReset>
            {t("screening.results.close")}
          </Link>
        </div>
      }
    >
      <AnswerSummary summary={summary} headingLevel={3} idPrefix={idPrefix} />
      {pdfHref && summary.kind === "answers" ? (
        <p className="answers-pdf">
          <Link to={pdfHref} reloadDocument>
            {t("screening.results.downloadPdf")}
          </Link>
        </p>
      ) : null}
      {outcome ? (
        <p className="notice" role="note" id={`${idPrefix}-outcome`}>
          {t(outcome.textKey)}
        </p>
      ) : null}
    </Dialog>
  );
}

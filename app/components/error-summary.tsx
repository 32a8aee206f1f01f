import { useEffect, useRef } from "react";
import { useTranslation } from "~/texts/use-translation";
import type { FormFailure } from "~/forms/types";
import { fieldMessage } from "~/texts/text-key";
import { fieldId } from "./form-context";
import { useReportFormProblem } from "./form-problem";

/**
 * The error summary at the top of <main>: a heading, then a link to each field with the same wording as the
 * inline message. With JavaScript it takes focus when it appears.
 */
export function ErrorSummary({ failure, rechecked = false }: { failure?: FormFailure; rechecked?: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const focused = useRef<string | null>(null);
  const fields = failure ? failure.order.filter((name) => failure.errors[name]) : [];
  const show = !!failure && (fields.length > 0 || !!failure.message);
  useReportFormProblem(show);
  // Focus once per answer of the server: a re-check while the patient types (app/enhance/live-recheck) never moves it.
  useEffect(() => {
    if (show && failure && focused.current !== failure.attempt) {
      focused.current = failure.attempt;
      ref.current?.focus();
    }
  }, [show, failure]);
  if (!failure || !show) return null;
  return (
    <div
      ref={ref}
      className="error-summary"
      // Re-checked while typing, the list updates quietly (a polite count is said instead: RecheckStatus).
      role={rechecked ? "region" : "alert"}
      aria-labelledby={`${failure.form}-error-summary-title`}
      tabIndex={-1}
    >
      <h2 id={`${failure.form}-error-summary-title`}>{t("errorSummary.title")}</h2>
      {failure.message ? <p>{t(failure.message.key, failure.message.params)}</p> : null}
      {fields.length > 0 ? (
        <ul>
          {fields.map((name) => (
            <li key={name}>
              <a href={`#${fieldId(failure.form, name)}`}>{t(...fieldMessage(failure.errors[name]!))}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

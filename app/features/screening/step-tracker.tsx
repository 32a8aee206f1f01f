import { useTranslation } from "~/texts/use-translation";
import type { TrackerView } from "./tracker";

/**
 * The step tracker (SCR-003) in plain HTML (PLT-006): 'Progress: Step X of N', a labelled
 * <progress>, and a numbered list whose completed and current steps are said in words, not only shown.
 * Not clickable on the page (SCR-003).
 */
export function StepTracker({ view }: { view: TrackerView }) {
  const { t } = useTranslation();
  return (
    <section className="step-tracker" aria-labelledby="step-tracker-progress">
      <p id="step-tracker-progress" className="step-tracker__progress">
        {t(view.textKey, { step: view.stepNumber, total: view.total })}
      </p>
      <label htmlFor="step-tracker-bar" className="visually-hidden">
        {t("screening.tracker.label")}
      </label>
      <progress id="step-tracker-bar" max={100} value={view.percent}>
        {t("screening.tracker.percent", { percent: view.percent })}
      </progress>
      <p className="step-tracker__percent">{t("screening.tracker.percent", { percent: view.percent })}</p>
      <ol className="step-tracker__steps">
        {view.steps.map((s) => (
          <li
            key={s.step}
            className={
              s.current
                ? "step-tracker__step step-tracker__step--current"
                : s.completed
                  ? "step-tracker__step step-tracker__step--done"
                  : "step-tracker__step"
            }
            aria-current={s.current ? "step" : undefined}
          >
            <span className="step-tracker__mark" aria-hidden="true">
              {s.completed ? "✓" : s.number}
            </span>{" "}
            <span className="step-tracker__label">{t(s.labelKey)}</span>
            {s.completed ? <span className="visually-hidden"> {t("screening.tracker.completed")}</span> : null}
            {s.current && !s.completed ? <span className="visually-hidden"> {t("screening.tracker.current")}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

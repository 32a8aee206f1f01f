import { Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { StagesView } from "~/components/program-stages";

/**
 * The immune-tolerance program's stages on the dashboard (DSH-013): an ordered list in plain HTML, the stages
 * reached ticked (with the words for it), the current one said in words and marked aria-current="step", then the
 * one next action: a link to the questionnaire or the consent, or a sentence when the program's staff act next.
 * `level`: the heading's level, one below the section it stands in (no level skipped, docs/decisions/093): 3 in the
 * dashboard's own program section (an h2), 5 in a registration card's immune-tolerance notice (an h4).
 */
export function ImmuneToleranceStages({ view, idPrefix, level }: { view: StagesView; idPrefix: string; level: 3 | 5 }) {
  const { t } = useTranslation();
  const titleId = `${idPrefix}-stages`;
  const Heading = level === 3 ? "h3" : "h5";
  return (
    <div className="immune-tolerance-stages">
      <Heading id={titleId}>{t("medical.stages.title")}</Heading>
      <ol className="step-tracker__steps" aria-labelledby={titleId}>
        {view.stages.map((s, i) => (
          <li
            key={s.status}
            className={
              s.state === "current"
                ? "step-tracker__step step-tracker__step--current"
                : s.state === "done"
                  ? "step-tracker__step step-tracker__step--done"
                  : "step-tracker__step"
            }
            aria-current={s.state === "current" ? "step" : undefined}
          >
            <span className="step-tracker__mark" aria-hidden="true">
              {s.state === "done" ? "✓" : i + 1}
            </span>{" "}
            <span className="step-tracker__label">{t(s.labelKey)}</span>
            {s.state === "done" ? <span className="visually-hidden"> {t("medical.stages.done")}</span> : null}
            {s.state === "current" ? <span> {t("medical.stages.current")}</span> : null}
          </li>
        ))}
      </ol>
      <p>
        <strong>{t("medical.stages.nextTitle")}:</strong> {t(view.next.textKey)}
      </p>
      {view.next.kind === "link" ? (
        <Link to={view.next.href} role="button">
          {t(view.next.labelKey)}
        </Link>
      ) : null}
    </div>
  );
}

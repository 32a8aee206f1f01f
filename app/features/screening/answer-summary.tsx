import { Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import { sentence, type AnswerSummary as Summary } from "./answer-summary-model";

/**
 * The answer summary (SCR-017, 'Response Summary'): numbered question/answer items grouped by category, in a
 * description list. Every final answer is passed through `sentence` (capitalized, ends with a period).
 */
export function AnswerSummary({ summary, headingLevel = 2, idPrefix = "summary" }: { summary: Summary; headingLevel?: 2 | 3; idPrefix?: string }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  if (summary.kind !== "answers") return <p className="answer-summary answer-summary--empty">{t(summary.messageKey)}</p>;
  return (
    <section className="answer-summary" aria-labelledby={`${idPrefix}-title`}>
      <Heading id={`${idPrefix}-title`}>{t(summary.titleKey)}</Heading>
      {summary.groups.map((g) => (
        <div key={g.categoryKey} className="answer-summary__group">
          <Sub>{t(g.categoryKey)}</Sub>
          <dl>
            {g.items.map((item) => (
              <div key={item.number} className="answer-summary__item">
                <dt>
                  {item.number}. {t(item.questionKey)}
                </dt>
                <dd>
                  {sentence(item.answerKey ? t(item.answerKey) : (item.answerText ?? ""))}
                  {item.detailText ? <span className="answer-summary__detail"> {sentence(item.detailText)}</span> : null}
                </dd>
                {item.changeHref ? (
                  // SCR-022: 'Change', and for screen readers the question it changes.
                  <dd className="answer-summary__change">
                    <Link to={item.changeHref}>
                      {t("screening.summary.change")}
                      <span className="visually-hidden"> {t(item.questionKey)}</span>
                    </Link>
                  </dd>
                ) : null}
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}

import { useTranslation } from "~/texts/use-translation";
import { PatientDate } from "~/components/patient-date";
import { Link } from "react-router";
import { reviewAnswerText, type ReviewValue } from "./review";
import type { ReviewRowWithChange } from "./check-answers";

function Answer({ value }: { value: ReviewValue }) {
  const { t, i18n } = useTranslation();
  if (value.kind === "date") return <PatientDate value={value.iso} />;
  if (value.kind === "text") return <span className="medical-history__text-answer">{value.text}</span>;
  return <>{reviewAnswerText(value, t, i18n.language)}</>;
}

/**
 * The review table of MHX-004: a real table, each row headed by its question, answers as the spec reads them, and
 * a Change link to the question (MHX-008) that names it for screen readers.
 */
export function ReviewTable({ rows }: { rows: ReviewRowWithChange[] }) {
  const { t } = useTranslation();
  return (
    <table className="medical-history__review-table">
      <caption>{t("medical.review.caption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("medical.review.question")}</th>
          <th scope="col">{t("medical.review.answer")}</th>
          <th scope="col" className="medical-history__change">
            <span className="visually-hidden">{t("medical.review.changeColumn")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.field}>
            <th scope="row">{t(`medical.review.${r.labelKey}`)}</th>
            <td>
              <Answer value={r.value} />
            </td>
            <td className="medical-history__change">
              <Link to={r.changeHref}>
                {t("medical.review.change")}
                <span className="visually-hidden"> {t(`medical.review.${r.labelKey}`)}</span>
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

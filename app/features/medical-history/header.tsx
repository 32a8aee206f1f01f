import { Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";

/** The questionnaire's header (MHX-001): 'Medical History Questionnaire' with the way back to the dashboard. */
export function MedicalHistoryHeader() {
  const { t } = useTranslation();
  return (
    <header className="medical-history__header">
      <p className="medical-history__title">{t("medical.title")}</p>
      <Link to="/landing" role="button" className="secondary outline">
        {t("medical.returnToDashboard")}
      </Link>
    </header>
  );
}

import { Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";

/**
 * The profile's "Your information" section (ACC-043 to ACC-046; docs/decisions/107, 108): the two downloads of the
 * patient's own record, and the way to close the account. Plain links: they work without JavaScript.
 */
export function MyRecordSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="my-record-title" className="card">
      <h2 id="my-record-title">{t("myRecord.title")}</h2>
      <p>{t("myRecord.intro")}</p>
      <ul>
        <li>
          <Link to="/profile/download/pdf" reloadDocument>
            {t("myRecord.downloadPdf")}
          </Link>
        </li>
        <li>
          <Link to="/profile/download/json" reloadDocument>
            {t("myRecord.downloadJson")}
          </Link>
        </li>
      </ul>
      <p>
        <Link to="/profile/close">{t("myRecord.closeLink")}</Link>
      </p>
    </section>
  );
}

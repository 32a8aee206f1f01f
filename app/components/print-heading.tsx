import { patientDate } from "../../registry/contract/patient-dates";
import { useTranslation } from "~/texts/use-translation";

/** The patient's name and the day printed, from the loader (SCR-024, MHX-009; docs/decisions/111). */
export type PrintHeadingView = { name: string; date: string };

/** The patient's full name and today (UTC, YYYY-MM-DD) for the top of a printed page. */
export function printHeadingOf(
  record: { firstName: string; lastName: string } | null | undefined,
  fallbackName: string,
  now = new Date(),
): PrintHeadingView {
  const name = record ? `${record.firstName.trim()} ${record.lastName.trim()}`.trim() : "";
  return { name: name || fallbackName, date: now.toISOString().slice(0, 10) };
}

/**
 * The top of a printed page (docs/decisions/111): whose answers they are and the day they were printed, in the
 * page's language. Only print shows it (app/styles/print.css); on screen the header already names the patient.
 */
export function PrintHeading({ view }: { view: PrintHeadingView }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="print-heading">
      <p>{t("common.printedFor", { name: view.name })}</p>
      <p>{t("common.printedOn", { date: patientDate(view.date, i18n.language) })}</p>
    </div>
  );
}

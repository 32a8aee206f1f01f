import { isoDay, patientDate } from "../../registry/contract/patient-dates";
import { useTranslation } from "~/texts/use-translation";

/**
 * A date as the patient reads it in the page's language ("April 12, 1961", "12 de abril de 1961"; docs/decisions/093),
 * in a `<time>` that gives the day as YYYY-MM-DD. Text that is not a date shows as it is.
 */
export function PatientDate({ value }: { value: string }) {
  const { i18n } = useTranslation();
  const day = isoDay(value);
  const text = patientDate(value, i18n.language);
  return day ? <time dateTime={day}>{text}</time> : <>{text}</>;
}

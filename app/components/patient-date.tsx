import { isoDay, numericDate, patientDate } from "../../registry/contract/patient-dates";
import { useTranslation } from "~/texts/use-translation";

/**
 * A date as the patient reads it in the page's language ("April 12, 1961", "12 de abril de 1961"; docs/decisions/093),
 * in a `<time>` that gives the day as YYYY-MM-DD. Text that is not a date shows as it is. `numeric`: the
 * specification's MM/DD/YYYY (Spanish DD/MM/AAAA), for the dates it writes so (docs/decisions/129).
 */
export function PatientDate({ value, numeric = false }: { value: string; numeric?: boolean }) {
  const { i18n } = useTranslation();
  const day = isoDay(value);
  const text = numeric ? numericDate(value, i18n.language) : patientDate(value, i18n.language);
  return day ? <time dateTime={day}>{text}</time> : <>{text}</>;
}

import { patientDate } from "../../../registry/contract/patient-dates";
import { useTranslation } from "~/texts/use-translation";

/** Texts to the patient's mobile number are stopped (docs/decisions/106): since when, and the number to reply START to. */
export type TextMessagesView = { stoppedAt: string; replyTo: string };

/** On /profile (ACC-042): stopped on <date> by replying STOP; reply START to <number>. Nothing while texts go. */
export function TextMessagesStatus({ view }: { view: TextMessagesView | null }) {
  const { t, i18n } = useTranslation();
  if (!view) return null;
  return (
    <section aria-labelledby="texts-title" className="card">
      <h2 id="texts-title">{t("profile.textsTitle")}</h2>
      <p>{t("profile.textsStopped", { date: patientDate(view.stoppedAt, i18n.language), number: view.replyTo })}</p>
      <p>{t("profile.textsByEmail")}</p>
    </section>
  );
}

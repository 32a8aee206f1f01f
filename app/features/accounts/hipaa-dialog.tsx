import { useTranslation } from "~/texts/use-translation";
import { Dialog } from "~/components/dialog";

/**
 * The 'HIPAA Release' dialog of ACC-005 (static: answered only with its buttons). Its buttons submit the
 * registration form (`form=`) with `hipaa=agree|decline`, so without JavaScript the page comes back with
 * everything typed and the box set. With JavaScript `onAnswer` ticks the box in place.
 */
export function HipaaDialog({
  open,
  formId,
  returnTo,
  onAnswer,
}: {
  open: boolean;
  formId: string;
  /** Where the page comes back to after an answer without JavaScript: the release's link on the form (ACC-039). */
  returnTo?: string;
  onAnswer?: (agree: boolean) => void;
}) {
  const { t } = useTranslation();
  const answer = (agree: boolean) => (event: React.MouseEvent<HTMLButtonElement>) => {
    if (!onAnswer) return;
    event.preventDefault();
    onAnswer(agree);
  };
  return (
    <Dialog
      id="hipaa-dialog"
      title={t("hipaa.title")}
      open={open}
      dismissable={false}
      footer={
        <>
          <button type="submit" form={formId} name="hipaa" value="agree" formAction={returnTo} formNoValidate onClick={answer(true)}>
            {t("hipaa.agree")}
          </button>
          <button
            type="submit"
            form={formId}
            name="hipaa"
            value="decline"
            formAction={returnTo}
            formNoValidate
            className="secondary"
            onClick={answer(false)}
          >
            {t("hipaa.disagree")}
          </button>
        </>
      }
    >
      <h3>{t("hipaa.heading")}</h3>
      <p>{t("hipaa.intro")}</p>
      <p>{t("hipaa.understand")}</p>
      <ol>
        <li>{t("hipaa.voluntary")}</li>
        <li>{t("hipaa.revocable")}</li>
        <li>{t("hipaa.insecure")}</li>
        <li>{t("hipaa.harmless")}</li>
      </ol>
    </Dialog>
  );
}

import { Form, Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import {
  CHANGE_CENTER_OTHER_MAX,
  changeCenterReasons,
  CHANGE_CENTER_REASON_PLACEHOLDER,
  type ChangeCenterDialogView,
} from "../../../registry/contract/change-center";
import { CHANGE_CENTER_FORM } from "./change-center-form";
import { CsrfField } from "~/components/csrf-field";
import { Dialog } from "~/components/dialog";
import { ErrorSummary } from "~/components/error-summary";
import { SelectField, TextAreaField } from "~/components/fields";
import { FormState, useFormFailure } from "~/components/form-context";

/**
 * The dashboard's change-center dialogs (CEN-009), opened by /landing?change={screeningId}
 * (PLT-007): 'Please Give Additional Time' with 'Dismiss', or the Additional Center Registration (static: answered with
 * its own buttons) with the reason, the 4-row 'Additional Information' and 'This is required' from the server.
 */
export function ChangeCenterDialog({ view }: { view: ChangeCenterDialogView }) {
  const { t } = useTranslation();
  const failure = useFormFailure(CHANGE_CENTER_FORM);
  if (view.kind === "closeOut") {
    return (
      <Dialog
        id="close-out-warning"
        title={t("changeCenter.closeOutTitle")}
        open
        closeTo="/landing"
        footer={
          <Link to="/landing" role="button" preventScrollReset>
            {t("changeCenter.dismiss")}
          </Link>
        }
      >
        <p>{t("changeCenter.closeOutText", { center: view.centerName })}</p>
      </Dialog>
    );
  }
  const reasons = [
    { value: String(CHANGE_CENTER_REASON_PLACEHOLDER), label: t("changeCenter.reasonPlaceholder") },
    ...changeCenterReasons.map((r) => ({ value: String(r.value), label: t(r.labelKey) })),
  ];
  return (
    <Dialog id="additional-center" title={t("changeCenter.additionalTitle")} open dismissable={false}>
      <ErrorSummary failure={failure} />
      <p>{t("changeCenter.additionalText")}</p>
      <FormState id={CHANGE_CENTER_FORM} defaults={{ reason: String(CHANGE_CENTER_REASON_PLACEHOLDER), other: "" }}>
        <Form method="post" action={`/landing?change=${view.screeningId}`} noValidate>
          <CsrfField />
          <input type="hidden" name="screeningId" value={view.screeningId} />
          <SelectField name="reason" label={t("changeCenter.reason")} options={reasons} />
          <TextAreaField
            name="other"
            label={t("changeCenter.additionalInformation")}
            hint={t("changeCenter.additionalInformationHint")}
            rows={4}
            maxLength={CHANGE_CENTER_OTHER_MAX}
          />
          <div className="button-row">
            <button type="submit" name="intent" value="change-center">
              {t("changeCenter.continue")}
            </button>
            <Link to="/landing" role="button" className="secondary" preventScrollReset>
              {t("changeCenter.cancel")}
            </Link>
          </div>
        </Form>
      </FormState>
    </Dialog>
  );
}

import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfField } from "./csrf-field";
import { Dialog } from "./dialog";
import { ErrorSummary } from "./error-summary";
import { TextField } from "./fields";
import { FormState, useFormFailure } from "./form-context";

/** The 'Already Registered?' dialog of 000 §2.4, open when the URL has ?login=1 or the last login failed. */
export function LoginDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const failure = useFormFailure("login");
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  return (
    <Dialog id="login-dialog" title={t("login.heading")} open={open} closeTo="/register">
      <FormState id="login">
        <ErrorSummary failure={failure} />
        <Form method="post" action="/register?login=1" noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value="login" />
          <TextField name="email" type="email" label={t("login.email")} autoComplete="username" spellCheck={false} />
          <TextField name="password" type="password" label={t("login.password")} autoComplete="current-password" />
          <p>
            <a href="/register?forgot=1">{t("login.forgot")}</a>
          </p>
          <button type="submit" disabled={submitting}>
            {t("login.submit")}
          </button>
          {submitting ? <p role="status">{t("login.submitting")}</p> : null}
        </Form>
      </FormState>
    </Dialog>
  );
}

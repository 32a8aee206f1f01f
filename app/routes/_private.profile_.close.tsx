import type { Route } from "./+types/_private.profile_.close";
import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import { requirePatient } from "~/platform/auth.server";
import { CsrfField } from "~/components/csrf-field";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { TextField } from "~/components/fields";
import { FormState, useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { closeAccountAction } from "~/features/accounts/my-record.server";
import { readForm } from "~/forms/form.server";
import { withTexts } from "~/texts/texts.server";
import { portalContext } from "~/platform/context";

export const handle: RouteHandle = { titleKey: "myRecord.closeTitle" };

/** GET /profile/close: what closing the account does (docs/decisions/107, ACC-045), and the form that does it. */
export const loader = withTexts("_private.profile_.close", async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  await requirePatient(context);
  return {};
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  return closeAccountAction(form, context);
}

export default function CloseAccount() {
  const { t } = useTranslation();
  const answer = useFormAnswer("close");
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={answer} />
      <h1>{t("myRecord.closeTitle")}</h1>
      <p>{t("myRecord.closeIntro")}</p>
      <p>
        <Link to="/profile/download/pdf" reloadDocument>
          {t("myRecord.downloadPdf")}
        </Link>
      </p>
      <h2>{t("myRecord.closeWhat")}</h2>
      <ul>
        <li>{t("myRecord.closeSignOut")}</li>
        <li>{t("myRecord.closeNoMessages")}</li>
        <li>{t("myRecord.closeNoSignIn")}</li>
        <li>{t("myRecord.closeRemoved")}</li>
        <li>{t("myRecord.closeKept")}</li>
        <li>{t("myRecord.closeReferral")}</li>
      </ul>
      <Form method="post" noValidate className="stacked-form">
        <CsrfField />
        <FormState id="close">
          <TextField
            name="currentPassword"
            type="password"
            label={t("myRecord.closePassword")}
            hint={t("myRecord.closePasswordHint")}
            autoComplete="current-password"
          />
        </FormState>
        <div className="button-row">
          <button type="submit" id="close-submit" className="contrast" disabled={busy}>
            {busy ? t("myRecord.closing") : t("myRecord.closeSubmit")}
          </button>
          <Link to="/profile" role="button" className="secondary outline">
            {t("myRecord.closeCancel")}
          </Link>
        </div>
      </Form>
    </main>
  );
}

import type { Route } from "./+types/staff.code";
import { Form, Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { CsrfField } from "~/components/csrf-field";
import { ErrorSummary } from "~/components/error-summary";
import { TextField } from "~/components/fields";
import { FormState, useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { codeAction, requirePending } from "~/features/staff/sign-in.server";
import { readForm } from "~/forms/form.server";
import { portalContext } from "~/platform/context";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffConsole.code.title" };

/** GET /staff/code: the second step, after a right password (docs/decisions/127). */
export const loader = withTexts("staff.code", async function loader({ context: routerContext }: Route.LoaderArgs) {
  requirePending(routerContext.get(portalContext), "code");
  return {};
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  return codeAction(await readForm(request, context.staffSession), context);
}

export default function StaffCode() {
  const { t } = useTranslation();
  const answer = useFormAnswer("staff-code");
  return (
    <main id="main" className="container narrow" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={answer} />
      <h1>{t("staffConsole.code.title")}</h1>
      <p>{t("staffConsole.code.intro")}</p>
      <Form method="post" noValidate className="stacked-form" reloadDocument>
        <CsrfField />
        <FormState id="staff-code">
          <TextField
            name="code"
            label={t("staffConsole.code.code")}
            hint={t("staffConsole.code.codeHint")}
            autoComplete="one-time-code"
            inputMode="text"
            spellCheck={false}
            autoCapitalize="characters"
          />
        </FormState>
        <button type="submit">{t("staffConsole.code.submit")}</button>
      </Form>
      <p>
        <Link to="/staff/sign-in">{t("staffConsole.code.back")}</Link>
      </p>
    </main>
  );
}

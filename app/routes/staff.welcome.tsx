import type { Route } from "./+types/staff.welcome";
import { Form } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { CsrfField } from "~/components/csrf-field";
import { ErrorSummary } from "~/components/error-summary";
import { TextField } from "~/components/fields";
import { FormState, useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { keepLinkToken, linkHolder, welcomeAction } from "~/features/staff/sign-in.server";
import { readForm } from "~/forms/form.server";
import { portalContext } from "~/platform/context";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffConsole.welcome.title" };

/**
 * /staff/welcome?token=… (docs/decisions/126, 127): an invitation's or the first administrator's one-time link. The
 * token leaves the address at once (kept in the staff cookie); the page asks for a new password.
 */
export const loader = withTexts("staff.welcome", async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  const moved = keepLinkToken(context, url);
  if (moved) throw moved;
  const { reached, holder } = await linkHolder(context);
  return { unavailable: !reached, holder };
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  return welcomeAction(await readForm(request, context.staffSession), context);
}

export default function StaffWelcome({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useFormAnswer("staff-welcome");
  if (data.unavailable) return <RegistryDownPage heading={t("staffConsole.welcome.title")} />;
  return (
    <main id="main" className="container narrow" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={answer} />
      <h1>{t("staffConsole.welcome.title")}</h1>
      {data.holder ? (
        <>
          <p>{t("staffConsole.welcome.intro", { name: data.holder.name, email: data.holder.email })}</p>
          <Form method="post" noValidate className="stacked-form" reloadDocument>
            <CsrfField />
            {/* The account's email, for password managers. */}
            <input type="hidden" name="username" autoComplete="username" value={data.holder.email} />
            <FormState id="staff-welcome">
              <TextField
                name="password"
                type="password"
                label={t("staffConsole.welcome.password")}
                hint={t("staffConsole.welcome.passwordHint")}
                autoComplete="new-password"
              />
              <TextField name="confirmPassword" type="password" label={t("staffConsole.welcome.confirmPassword")} autoComplete="new-password" />
            </FormState>
            <button type="submit">{t("staffConsole.welcome.submit")}</button>
          </Form>
        </>
      ) : (
        <p role="alert">{t("staffConsole.welcome.linkInvalid")}</p>
      )}
    </main>
  );
}

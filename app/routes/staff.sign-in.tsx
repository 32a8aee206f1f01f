import type { Route } from "./+types/staff.sign-in";
import { Form, Link, redirect } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { CsrfField } from "~/components/csrf-field";
import { ErrorSummary } from "~/components/error-summary";
import { TextField } from "~/components/fields";
import { FormState, useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { signInAction } from "~/features/staff/sign-in.server";
import { surgeChallenge, surgeStep } from "~/features/accounts/sign-in-surge.server";
import { CHALLENGE_FIELD, PROOF_FIELD } from "~/features/accounts/bot-fields";
import { useProofOfWork } from "~/features/accounts/use-proof-of-work";
import { readForm } from "~/forms/form.server";
import { portalContext } from "~/platform/context";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffConsole.signIn.title" };

const SIGN_IN_ACTION = "/staff/sign-in";

/** GET /staff/sign-in (docs/decisions/127): the first of the two steps; a signed-in person goes to the console. */
export const loader = withTexts("staff.sign-in", async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  if (context.staffSession.get("token")) throw redirect("/staff");
  // During a sign-in surge, the patients' step (docs/decisions/135): a challenge for this browser and address, solved by
  // the page's script as the patients' dialog does (docs/decisions/140), or without JavaScript taken unsolved once a few
  // seconds old (the time it takes to type an email and a password).
  return { challenge: surgeChallenge(context, context.staffSession, Date.now()) };
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  return signInAction(await readForm(request, context.staffSession), context, (form) => surgeStep(form, context, context.staffSession));
}

export default function StaffSignIn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useFormAnswer("staff-sign-in");
  const work = useProofOfWork(loaderData.challenge, SIGN_IN_ACTION);
  return (
    <main id="main" className="container narrow" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={answer} />
      <h1>{t("staffConsole.signIn.title")}</h1>
      <p>{t("staffConsole.signIn.intro")}</p>
      <Form method="post" action={work.formAction} noValidate className="stacked-form" reloadDocument onSubmit={work.onSubmit}>
        <CsrfField />
        {loaderData.challenge ? (
          <>
            <input type="hidden" name={CHALLENGE_FIELD} value={loaderData.challenge} />
            <input type="hidden" name={PROOF_FIELD} value={work.proof} />
          </>
        ) : null}
        <FormState id="staff-sign-in">
          <TextField name="email" type="email" label={t("staffConsole.signIn.email")} autoComplete="username" spellCheck={false} />
          <TextField name="password" type="password" label={t("staffConsole.signIn.password")} autoComplete="current-password" />
        </FormState>
        <button type="submit">{t("staffConsole.signIn.submit")}</button>
      </Form>
      <p>
        <Link to="/register">{t("staffConsole.signIn.patientLink")}</Link>
      </p>
    </main>
  );
}

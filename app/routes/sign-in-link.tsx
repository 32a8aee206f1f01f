import type { Route } from "./+types/sign-in-link";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import { CsrfField } from "~/components/csrf-field";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { finishSignIn } from "~/features/accounts/login.server";
import { readKnownDevice } from "~/features/accounts/known-device.server";
import { formFailure, readForm } from "~/forms/form.server";
import type { FieldErrors } from "~/forms/types";
import { unavailableMessageKey } from "~/registry/client.server";
import { reach } from "~/registry/reach.server";
import type { TextKey } from "~/texts/texts";
import { withTexts } from "~/texts/texts.server";
import { portalContext } from "~/platform/context";

export const handle: RouteHandle = { titleKey: "login.linkTitle" };

/** A token as it may appear in the link (base64url, 43 characters for 32 bytes); anything else is no token. */
const linkToken = (value: unknown) => (typeof value === "string" && /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : "");

/**
 * GET /sign-in-link?h={token} (docs/decisions/132): the one-time sign-in link emailed when the right password came from
 * a new browser over the cap. Opening the link signs nobody in (a mail scanner may open it): the page's button posts
 * the token, and only that post uses it. The token is in the query string, which the request log leaves out.
 */
export const loader = withTexts("sign-in-link", async function loader({ url }: Route.LoaderArgs) {
  return { token: linkToken(url.searchParams.get("h")) };
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  const fail = (errors: FieldErrors, key?: TextKey, status = 400) => formFailure("link", {}, errors, [], key ? { key } : undefined, status);
  const token = linkToken(form.get("h"));
  if (!token) return fail({}, "login.linkInvalid");
  const sent = await reach(context.registry.signInWithLink(token, context.clientAddress));
  if (!sent.reached) return fail({}, unavailableMessageKey(sent.error), 503);
  const answer = sent.answer;
  if (!answer.success || !answer.results) return fail({}, "login.linkInvalid");
  const device = readKnownDevice(request.headers.get("cookie"), context.formKey, context.hostPrefixedCookie);
  return finishSignIn(context, answer.results, device, null, fail);
}

export default function SignInLink({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useFormAnswer("link");
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={answer} />
      <h1>{t("login.linkTitle")}</h1>
      {loaderData.token ? (
        <>
          <p>{t("login.linkIntro")}</p>
          <Form method="post" noValidate className="stacked-form">
            <CsrfField />
            <input type="hidden" name="h" value={loaderData.token} />
            <div className="button-row">
              <button type="submit" id="link-submit" disabled={busy}>
                {t("login.linkSubmit")}
              </button>
            </div>
          </Form>
        </>
      ) : (
        <p>{t("login.linkInvalid")}</p>
      )}
    </main>
  );
}

import type { Route } from "./+types/staff.setup";
import { Form } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { CsrfField } from "~/components/csrf-field";
import { ErrorSummary } from "~/components/error-summary";
import { TextField } from "~/components/fields";
import { FormState, useFormAnswer } from "~/components/form-context";
import { PageFlash } from "~/components/flash-messages";
import { RegistryDownPage } from "~/components/registry-down-page";
import { groupedKey, qrSvg } from "~/features/staff/qr.server";
import { requirePending, setupAction } from "~/features/staff/sign-in.server";
import { readForm } from "~/forms/form.server";
import { portalContext } from "~/platform/context";
import { answerOr } from "~/registry/reach.server";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffConsole.setup.title" };

/**
 * GET /staff/setup (docs/decisions/127): the authenticator's key as a QR code drawn on the server (SVG, no
 * JavaScript) and as text for whoever cannot scan, then the first code.
 */
export const loader = withTexts("staff.setup", async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  const pending = requirePending(context, "setup");
  const answer = await answerOr(context.registry.staff.setupInfo(pending.token), null);
  if (!answer?.success || !answer.results) return { unavailable: true as const };
  return { unavailable: false as const, qr: qrSvg(answer.results.otpauthUri), key: groupedKey(answer.results.secret) };
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  return setupAction(await readForm(request, context.staffSession), context);
}

export default function StaffSetup({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useFormAnswer("staff-setup");
  if (data.unavailable) return <RegistryDownPage heading={t("staffConsole.setup.title")} />;
  return (
    <main id="main" className="container narrow" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={answer} />
      <h1>{t("staffConsole.setup.title")}</h1>
      <p>{t("staffConsole.setup.intro")}</p>
      <h2>{t("staffConsole.setup.scan")}</h2>
      {/* Drawn by uqr on the server from the key alone; no script, no request. */}
      <div className="staff-qr" role="img" aria-label={t("staffConsole.setup.qrAlt")} dangerouslySetInnerHTML={{ __html: data.qr }} />
      <p id="staff-key-label">{t("staffConsole.setup.cantScan")}</p>
      <p>
        <code className="staff-key" aria-labelledby="staff-key-label" translate="no">
          {data.key}
        </code>
      </p>
      <h2>{t("staffConsole.setup.enter")}</h2>
      <Form method="post" noValidate className="stacked-form" reloadDocument>
        <CsrfField />
        <FormState id="staff-setup">
          <TextField name="code" label={t("staffConsole.setup.code")} autoComplete="one-time-code" inputMode="numeric" spellCheck={false} />
        </FormState>
        <button type="submit">{t("staffConsole.setup.submit")}</button>
      </Form>
    </main>
  );
}

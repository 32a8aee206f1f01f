import type { Route } from "./+types/staff.recovery-codes";
import { Form, redirect } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { CsrfField } from "~/components/csrf-field";
import { PageFlash } from "~/components/flash-messages";
import { readForm } from "~/forms/form.server";
import { portalContext } from "~/platform/context";
import { requireStaffPerson } from "~/platform/staff-auth.server";
import { withTexts } from "~/texts/texts.server";

export const handle: RouteHandle = { titleKey: "staffConsole.recovery.title" };

/**
 * GET /staff/recovery-codes (docs/decisions/126, 127): the ten single-use recovery codes, right after the
 * authenticator's set-up, shown until the person says they saved them; the registry keeps only their hashes.
 */
export const loader = withTexts("staff.recovery-codes", async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  await requireStaffPerson(context);
  const codes = context.staffSession.get("recoveryCodes");
  if (!codes?.length) throw redirect("/staff");
  return { codes };
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  await readForm(request, context.staffSession);
  context.staffSession.unset("recoveryCodes");
  return redirect("/staff");
}

export default function StaffRecoveryCodes({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="container narrow" tabIndex={-1}>
      <PageFlash />
      <h1>{t("staffConsole.recovery.title")}</h1>
      <p>{t("staffConsole.recovery.intro")}</p>
      <ul className="recovery-codes" aria-label={t("staffConsole.recovery.listLabel")} translate="no">
        {data.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Form method="post" reloadDocument>
        <CsrfField />
        <button type="submit">{t("staffConsole.recovery.done")}</button>
      </Form>
    </main>
  );
}

import type { Route } from "./+types/update-labs";
import { Form, useLocation } from "react-router";
import { useState } from "react";
import { useTranslation } from "~/texts/use-translation";
import { CsrfField } from "~/components/csrf-field";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { TextField } from "~/components/fields";
import { FormState, useFormFailure } from "~/components/form-context";
import { useHydrated } from "~/components/use-hydrated";
import { readForm } from "~/forms/form.server";
import { UPDATE_LABS_FORM } from "~/features/labs/update-labs-form-ids";
import { sessionLabKey, updateLabsAction } from "~/features/labs/update-labs.server";
import { PageFlash } from "~/components/flash-messages";
import { withTexts } from "~/texts/texts.server";
import { portalContext } from "~/platform/context";

export const handle: RouteHandle = { titleKey: "updateLabs.title" };

/** Whether this browser remembers a lab staff key (never the key itself: it stays in the encrypted cookie), and the page's texts (decision 059). */
export const loader = withTexts("update-labs", ({ context }: Route.LoaderArgs) => ({
  keyRemembered: sessionLabKey(context.get(portalContext).session) !== null,
}));

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  return updateLabsAction(form, context);
}

/** The form's fields; rebuilt for every page view and every failed post, so the button state follows the field. */
function UpdateLabsFields({ initial, keyRemembered }: { initial: string; keyRemembered: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [requisition, setRequisition] = useState(initial);
  // With JavaScript the buttons wait for a requisition (LAB-006); without it the server refuses an empty one.
  const empty = hydrated && requisition.trim() === "";
  return (
    <>
      <TextField
        name="requisition"
        label={t("updateLabs.requisition")}
        placeholder={t("updateLabs.requisitionPlaceholder")}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        onChange={(e) => setRequisition(e.currentTarget.value)}
      />
      <TextField
        name="labStaffKey"
        type="password"
        label={t("updateLabs.staffKey")}
        optional={keyRemembered}
        retypeNote={!keyRemembered}
        hint={t(keyRemembered ? "updateLabs.staffKeyRememberedHint" : "updateLabs.staffKeyHint")}
        autoComplete="off"
        toggleLabels={{ show: t("updateLabs.showStaffKey"), hide: t("updateLabs.hideStaffKey") }}
      />
      <div className="button-row">
        <button type="submit" name="intent" value="update-requisition" disabled={empty}>
          {t("updateLabs.updateRequisition")}
        </button>
        <button type="submit" name="intent" value="process-results" disabled={empty}>
          {t("updateLabs.processResults")}
        </button>
      </div>
    </>
  );
}

/**
 * /update-labs (LAB-006): for lab provider staff, with the lab staff key. One form with two submit
 * buttons; the four toasts are flash messages.
 */
export default function UpdateLabs({ loaderData: { keyRemembered } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = useFormFailure(UPDATE_LABS_FORM);
  const location = useLocation();
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={failure} />
      <h1 id="update-labs-title">{t("updateLabs.heading")}</h1>
      <p>{t("updateLabs.intro")}</p>
      <FormState id={UPDATE_LABS_FORM}>
        <Form method="post" action="/update-labs" noValidate className="stacked-form" aria-labelledby="update-labs-title" key={location.key}>
          <CsrfField />
          <UpdateLabsFields key={failure?.attempt ?? "fresh"} initial={failure?.values.requisition ?? ""} keyRemembered={keyRemembered} />
        </Form>
      </FormState>
      {keyRemembered ? (
        <div className="remembered-key">
          <p>{t("updateLabs.keyRemembered")}</p>
          <Form method="post" action="/update-labs">
            <CsrfField />
            <button type="submit" name="intent" value="forget-key" className="secondary">
              {t("updateLabs.forgetKey")}
            </button>
          </Form>
        </div>
      ) : null}
    </main>
  );
}

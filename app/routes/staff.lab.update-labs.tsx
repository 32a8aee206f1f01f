import type { Route } from "./+types/staff.lab.update-labs";
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
import { UPDATE_LABS_FORM, UPDATE_LABS_PATH } from "~/features/labs/update-labs-form-ids";
import { updateLabsAction, updateLabsPage } from "~/features/labs/update-labs.server";
import { PageFlash } from "~/components/flash-messages";
import { withTexts } from "~/texts/texts.server";
import { portalContext } from "~/platform/context";

export const handle: RouteHandle = { titleKey: "updateLabs.title" };

/** A signed-in lab person (else the staff sign-in), and the page's texts (decision 059). */
export const loader = withTexts("staff.lab.update-labs", ({ context }: Route.LoaderArgs) => updateLabsPage(context.get(portalContext)));

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.staffSession);
  return updateLabsAction(form, context);
}

/** The form's fields; rebuilt for every page view and every failed post, so the button state follows the field. */
function UpdateLabsFields({ initial }: { initial: string }) {
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
 * /staff/lab/update-labs (LAB-006; docs/decisions/133): for a signed-in lab person. One form with two submit
 * buttons; the four toasts are flash messages.
 */
export default function UpdateLabs() {
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
        <Form
          method="post"
          action={UPDATE_LABS_PATH}
          noValidate
          className="stacked-form"
          aria-labelledby="update-labs-title"
          key={location.key}
          reloadDocument
        >
          <CsrfField />
          <UpdateLabsFields key={failure?.attempt ?? "fresh"} initial={failure?.values.requisition ?? ""} />
        </Form>
      </FormState>
    </main>
  );
}

import type { Route } from "./+types/_private.medical-history.review";
import { Form, Link, redirect } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import stylesHref from "~/styles/immune-tolerance.css?url";
import { readPassRecord, refuseUnvouched, withPatient } from "~/platform/auth.server";
import { CsrfField } from "~/components/csrf-field";
import type { RouteHandle } from "~/components/document-title";
import { MedicalHistoryHeader } from "~/features/medical-history/header";
import { ReviewTable } from "~/features/medical-history/review-table";
import { backFromReview, enter } from "~/features/medical-history/flow";
import { pathOf, REVIEW } from "~/features/medical-history/questions";
import { reviewRows } from "~/features/medical-history/review";
import { readForm } from "~/forms/form.server";
import { loadDraft, submitDraft, today } from "~/features/medical-history/medical-history.server";
import { PageFlash } from "~/components/flash-messages";
import { withTexts } from "~/texts/texts.server";
import printHref from "~/styles/print.css?url";
import { PrintHeading, printHeadingOf } from "~/components/print-heading";
import { withChangeLinks } from "~/features/medical-history/check-answers";
import { portalContext } from "~/platform/context";

export const handle: RouteHandle = {
  titleKey: "medical.title",
  // The review's own title, not the questionnaire's alone (docs/decisions/093).
  title: (data, t) => (data ? t("medical.reviewDocumentTitle", { title: t("medical.title") }) : undefined),
};
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "stylesheet", href: printHref, media: "print" },
];

/** /medical-history/review (MHX-004): the answers as a table, only once every question shown is answered. */
export const loader = withTexts("_private.medical-history.review", async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return withPatient(context, async (patient) => {
    // The answers come from the session: only while the registry vouches for the sign-in (docs/decisions/023).
    refuseUnvouched(patient);
    const draft = await loadDraft(context, patient);
    const entered = enter(draft, REVIEW, today());
    if (!entered.ok) throw redirect(pathOf(entered.redirectTo));
    // The patient's full name for the printed page (docs/decisions/111); the first name alone if the registry cannot say.
    const record = await readPassRecord(context);
    return {
      rows: withChangeLinks(reviewRows(draft.answers)),
      print: printHeadingOf(record?.medicalRecord, String(context.session.get("firstName") ?? "")),
    };
  });
});

/**
 * 'Back to Questions' (the last question shown) and 'Confirm and Submit' (MHX-005): success goes to /landing with
 * 'Medical History Complete'; a failure comes back here with 'We were unable to update your profile', the answers kept.
 */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  const intent = String(form.get("intent") ?? "");
  return withPatient(context, async (patient) => {
    const draft = await loadDraft(context, patient);
    if (intent !== "submit") return redirect(pathOf(backFromReview(draft)));
    const entered = enter(draft, REVIEW, today());
    if (!entered.ok) return redirect(pathOf(entered.redirectTo));
    const result = await submitDraft(context, patient, draft);
    if (result.ok) return redirect("/landing");
    return redirect(pathOf(result.position ?? REVIEW));
  });
}

export default function MedicalHistoryReview({ loaderData: { rows, print } }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="container medical-history medical-history--review" tabIndex={-1}>
      <PrintHeading view={print} />
      <PageFlash />
      <MedicalHistoryHeader />
      <h1>{t("medical.review.heading")}</h1>
      <p>{t("medical.review.intro")}</p>
      <ReviewTable rows={rows} />
      {/* MHX-010: a plain link to the file, so it works without JavaScript. */}
      <p className="answers-pdf">
        <Link to="/medical-history/review/pdf" reloadDocument>
          {t("medical.review.downloadPdf")}
        </Link>
      </p>
      <Form method="post" className="button-row">
        <CsrfField />
        <button type="submit" name="intent" value="back" className="secondary outline">
          {t("medical.review.back")}
        </button>
        <button type="submit" name="intent" value="submit">
          {t("medical.review.submit")}
        </button>
      </Form>
    </main>
  );
}

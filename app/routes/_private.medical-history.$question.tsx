import type { Route } from "./+types/_private.medical-history.$question";
import { Form, redirect } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import stylesHref from "~/styles/immune-tolerance.css?url";
import { refuseUnvouched, withPatient } from "~/platform/auth.server";
import { CsrfField } from "~/components/csrf-field";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { FormState, useFormFailure } from "~/components/form-context";
import { MedicalHistoryHeader } from "~/features/medical-history/header";
import { MedicalQuestion, type QuestionView } from "~/features/medical-history/question";
import { answer, enter } from "~/features/medical-history/flow";
import { nextPosition, previousPosition, questionNumber } from "~/features/medical-history/navigation";
import { pathOf, positionOfSlug, QUESTIONS, REVIEW, type AnswerField } from "~/features/medical-history/questions";
import { formFailure, inputFailure, readForm, textFields } from "~/forms/form.server";
import { loadDraft, today, writeDraft } from "~/features/medical-history/medical-history.server";
import { PageFlash } from "~/components/flash-messages";
import { withTexts } from "~/texts/texts.server";
import { afterChange } from "~/features/medical-history/check-answers";
import { MEDICAL_HISTORY_REVIEW, RETURN_TO, returnTarget } from "~/platform/return-to";
import { portalContext } from "~/platform/context";

export const handle: RouteHandle = {
  titleKey: "medical.title",
  title: (data, t) => {
    const d = data as { number?: number; total?: number } | undefined;
    return d?.number && d.total ? t("medical.documentTitle", { number: d.number, total: d.total, title: t("medical.title") }) : undefined;
  },
};
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

const FORM_ID = "medical-history";

/**
 * /medical-history/{question} (MHX-001; docs/decisions/015): one question per page, only a page the patient has
 * reached (never ahead, never a skipped question), with the answers kept in the session's draft.
 */
export const loader = withTexts(
  "_private.medical-history.$question",
  async function loader({ url, params, context: routerContext }: Route.LoaderArgs) {
    const context = routerContext.get(portalContext);
    return withPatient(context, async (patient) => {
      // The answers come from the session: only while the registry vouches for the sign-in (docs/decisions/023).
      refuseUnvouched(patient);
      const draft = await loadDraft(context, patient);
      const entered = enter(draft, positionOfSlug(params.question), today());
      if (!entered.ok) throw redirect(pathOf(entered.redirectTo));
      if (entered.position === REVIEW) throw redirect(pathOf(REVIEW));
      const q = QUESTIONS[entered.position]!;
      const defaults: Record<string, string> = {};
      for (const field of q.fields) defaults[field] = draft.answers[field] ?? "";
      const shown = { kind: q.kind, fields: [...q.fields] };
      const question: QuestionView = q.hint ? { ...shown, key: q.key, hint: true } : { ...shown, key: q.key, hint: false };
      return {
        question,
        defaults,
        ...questionNumber(entered.position, draft.answers),
        canGoPrevious: previousPosition(entered.position, draft.answers) !== null,
        isLast: nextPosition(entered.position, draft.answers) === REVIEW,
        today: today(),
        // Opened by a Change link on the review: Next goes back to it (MHX-008; docs/decisions/110).
        returnTo: returnTarget(url.searchParams.get(RETURN_TO), [MEDICAL_HISTORY_REVIEW]),
      };
    });
  },
);

/** The text field of a question that holds the most, for the "too long to keep" message. */
function longestField(fields: readonly AnswerField[], values: Record<string, string>): AnswerField {
  return [...fields].sort((a, b) => (values[b]?.length ?? 0) - (values[a]?.length ?? 0))[0]!;
}

/**
 * Next / Review and Previous: the two submit buttons of the question's one form (name="intent"). Next checks the
 * answer (400 with the error summary and the inline message, what was typed kept); Previous keeps what was typed
 * as it is. Both keep the answers in the draft, then POST/redirect/GET.
 */
export async function action({ request, params, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const form = await readForm(request, context.session);
  const intent = form.get("intent") === "previous" ? "previous" : "next";
  return withPatient(context, async (patient) => {
    const draft = await loadDraft(context, patient);
    const now = today();
    // The page posted from is the question answered (the browser's back button may have shown an earlier page).
    const entered = enter(draft, positionOfSlug(params.question), now);
    if (!entered.ok) return redirect(pathOf(entered.redirectTo));
    if (entered.position === REVIEW) return redirect(pathOf(REVIEW));
    const fields = QUESTIONS[entered.position]!.fields;
    const values = textFields(form, fields);
    const refused = inputFailure(FORM_ID, values, fields);
    if (refused) return refused;
    const result = answer(draft, entered.position, values, intent, now);
    if (!result.ok) return formFailure(FORM_ID, values, result.errors, fields);
    if (!writeDraft(context.session, result.draft, context.basePath)) {
      return formFailure(FORM_ID, values, { [longestField(fields, values)]: "medical.errors.tooLongToKeep" }, fields);
    }
    const returnTo = intent === "next" ? returnTarget(form.get(RETURN_TO), [MEDICAL_HISTORY_REVIEW]) : null;
    return redirect(returnTo ? afterChange(result.draft, now, returnTo) : pathOf(result.goTo));
  });
}

export default function MedicalHistoryQuestion({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = useFormFailure(FORM_ID);
  return (
    <main id="main" className="container medical-history" tabIndex={-1}>
      <PageFlash />
      <ErrorSummary failure={failure} />
      <MedicalHistoryHeader />
      <p id="medical-history-progress" className="medical-history__progress-text">
        {t("medical.questionOf", { number: data.number, total: data.total })}
      </p>
      <progress aria-labelledby="medical-history-progress" value={data.number} max={data.total} />
      <Form method="post" noValidate>
        <CsrfField />
        {data.returnTo ? <input type="hidden" name={RETURN_TO} value={data.returnTo} /> : null}
        <FormState id={FORM_ID} defaults={data.defaults}>
          <MedicalQuestion question={data.question} today={data.today} />
        </FormState>
        <div className="button-row">
          <button type="submit" name="intent" value="next">
            {data.isLast ? t("medical.reviewButton") : t("medical.next")}
          </button>
          {data.canGoPrevious ? (
            <button type="submit" name="intent" value="previous" className="secondary outline">
              {t("medical.previous")}
            </button>
          ) : null}
        </div>
      </Form>
    </main>
  );
}

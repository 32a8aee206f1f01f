import type { Route } from "./+types/_private.screening.$page";
import { data, Link, redirect } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import { addFlash, withPatient } from "~/platform/auth.server";
import type { RouteHandle } from "~/components/document-title";
import { ErrorSummary } from "~/components/error-summary";
import { FormState, useFormFailure } from "~/components/form-context";
import { PreviousForm, ScreeningStep, type StepData } from "~/features/screening/screening-step";
import { StepTracker } from "~/features/screening/step-tracker";
import { ScreeningResultsDialog } from "~/features/screening/results-dialog";
import { answerSummary } from "~/features/screening/answer-summary-model";
import { completeVariant } from "~/features/screening/complete-variant";
import { resultsOutcome } from "~/features/screening/results-outcome";
import { newsDelivery } from "~/platform/news-delivery.server";
import { newsText } from "~/platform/news-texts";
import type { MessageChoices } from "../../registry/contract/message-choices";
import type { TextKey } from "~/texts/texts";

import type { ScreeningDraft } from "~/features/screening/draft";
import {
  answersFromForm,
  continueFrom,
  enterStep,
  previousFrom,
  primaryGoalOptions,
  pruneUnwalked,
  stepFields,
  type FieldErrors,
} from "~/features/screening/step-machine";
import { showsCarefulWarning, showsReturnToDashboard, Step, stepOfSlug, stepPath } from "~/features/screening/steps";
import { stepTracker, type TrackerView } from "~/features/screening/tracker";
import { VALIDATION_FIELDS, validationDefaults, validationPayload } from "~/features/screening/validation-form";
import { formAnswer, formFailure, inputFailure, readForm, textFields } from "~/forms/form.server";
import { asFieldErrors } from "~/texts/text-key.server";
import type { FieldErrors as FormFieldErrors } from "~/forms/types";
import { isMemberCenter, loadCenters, machineContext, readDraft, saveDraft, writeDraft } from "~/features/screening/screening.server";
import { answerOr, reach } from "~/registry/reach.server";
import { PageFlash } from "~/components/flash-messages";
import { withTexts } from "~/texts/texts.server";
import { backToSummary, withChangeLinks } from "~/features/screening/check-answers";
import { RETURN_TO, returnTarget, SCREENING_SUMMARY, withReturnTo } from "~/platform/return-to";
import { portalContext } from "~/platform/context";

/** A view whose text says where news will come, for the patient's channels (docs/decisions/128). */
function withNewsText<V extends { textKey: TextKey }>(view: V, delivery: MessageChoices | null): V {
  return { ...view, textKey: newsText(view.textKey, delivery) };
}

export const handle: RouteHandle = {
  titleKey: "screening.title",
  title: (data, t) => {
    const d = data as { tracker?: TrackerView; view?: Pick<StepData, "step"> } | undefined;
    const tracker = d?.tracker;
    const current = tracker?.steps.find((s) => s.current);
    if (tracker && current)
      return t("screening.documentTitle", { step: tracker.stepNumber, total: tracker.total, name: t(current.labelKey), title: t("screening.title") });
    // The pages outside the tracker's steps say what they are too (docs/decisions/093).
    const offTracker =
      d?.view?.step === Step.PostTransplant
        ? t("screening.offTracker.postTransplant")
        : d?.view?.step === Step.NotEligible
          ? t("screening.offTracker.notEligible")
          : undefined;
    return offTracker ? t("screening.documentTitleOffTracker", { name: offTracker, title: t("screening.title") }) : undefined;
  },
};

const FORM_ID = "screening";

/** The draft's answers as the form's values ("" for Unknown, so nothing is pre-chosen). */
function answerDefaults(d: ScreeningDraft): Record<string, string> {
  const choice = (v: number) => (v < 0 ? "" : String(v));
  return {
    kidneyStatus: choice(d.kidneyStatus),
    kidneyStatusOther: d.kidneyStatusOther,
    transplantType: choice(d.transplantType),
    antigenMatch: choice(d.antigenMatch),
    transplantCenterSituation: choice(d.transplantCenterSituation),
    preferredCenterId: String(d.preferredCenterId > 0 ? d.preferredCenterId : 0),
    willingToTransfer: choice(d.willingToTransfer),
    donorStatus: choice(d.donorStatus),
    donorStatusOther: d.donorStatusOther,
    primaryGoal: choice(d.primaryGoal),
    primaryGoalOther: d.primaryGoalOther,
  };
}

/**
 * /screening/{page} (SCR-001): the step is kept in sync with the URL, but never ahead of the steps the draft
 * has reached; the centers are fetched on every load (SCR-001).
 */
export const loader = withTexts("_private.screening.$page", async function loader({ url, params, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  const { session } = context;
  return withPatient(context, async (patient) => {
    const { centers, failed } = await loadCenters(context, patient);
    const ctx = machineContext(centers, context.granularCenterSteps);
    const entered = enterStep(readDraft(session), stepOfSlug(params.page), ctx);
    writeDraft(session, entered.draft);
    if (entered.redirect) throw redirect(stepPath(entered.step));
    const draft = entered.draft;
    const step = draft.step;
    const saved = (step === Step.Complete || step === Step.NotEligible) && draft.currentScreeningId > 0;
    // Where the lab order's and the program's news will come: "check your email" only when an email goes (docs/decisions/128).
    const delivery = step === Step.Complete ? await newsDelivery(context, patient) : null;
    // A page opened by a Change link on the summary goes back to it (SCR-023; docs/decisions/110).
    const returnTo = step === Step.PatientValidation ? null : returnTarget(url.searchParams.get(RETURN_TO), [SCREENING_SUMMARY]);
    let validation: StepData["validation"] = null;
    if (step === Step.PatientValidation) {
      const answer = await answerOr(context.registry.passRecord(patient.medicalRecordId, patient.token), null);
      if (answer?.success && answer.results) {
        const r = answer.results.medicalRecord;
        validation = { defaults: validationDefaults(r), email: r.email, phoneNumber: r.phoneNumber };
      }
    }
    const view: StepData = {
      step,
      subStep: draft.situationSubStep,
      defaults: step === Step.PatientValidation ? (validation?.defaults ?? {}) : answerDefaults(draft),
      centers:
        step === Step.TransplantCenterSelection || step === Step.TransplantCenterSituation
          ? centers.map((c) => ({ id: c.centerId, name: c.centerName ?? "" }))
          : [],
      goalOptions: step === Step.PrimaryGoal ? primaryGoalOptions(draft) : [],
      canGoPrevious: previousFrom(draft, ctx).ok,
      complete: step === Step.Complete ? withNewsText(completeVariant(draft, isMemberCenter(ctx, draft.preferredCenterId)), delivery) : null,
      validation,
      // SCR-022: each answer with its Change link.
      // Only the answers of the pages walked in this pass: what the save will keep (a change may have left others behind).
      summary: step === Step.PatientValidation ? withChangeLinks(answerSummary(pruneUnwalked(draft)), draft.reached) : null,
      returnTo,
      loadFailed: step === Step.PatientValidation && !validation,
      resultsHref: saved ? `${stepPath(step)}?results=1` : null,
    };
    // The Screening Results dialog, not view-only (DSH-010): opened from the page the save led to (?results=1).
    const results =
      saved && url.searchParams.get("results") === "1"
        ? {
            summary: answerSummary(draft),
            outcome: withNewsText(resultsOutcome(draft, isMemberCenter(ctx, draft.preferredCenterId)), delivery),
            closeTo: stepPath(step),
          }
        : null;
    return {
      view,
      tracker: stepTracker(step, draft.situationSubStep),
      warning: showsCarefulWarning(step),
      returnToDashboard: showsReturnToDashboard(step),
      centersFailed: failed,
      results,
    };
  });
});

function errorsOf(errors: FieldErrors): FormFieldErrors {
  const out: FormFieldErrors = {};
  for (const [k, v] of Object.entries(errors)) if (k !== "step" && v) out[k] = v;
  return out;
}

/**
 * Continue and Previous: the two submit buttons of the step's form (name="intent"). A failed gate re-renders
 * the step with the error summary; otherwise the draft moves on (POST/redirect/GET). Reaching Complete or Not
 * Eligible saves the screening (SCR-014); a failed save keeps the patient on the step with the answers.
 */
export async function action({ request, params, context: routerContext }: Route.ActionArgs) {
  const context = routerContext.get(portalContext);
  const { session } = context;
  const form = await readForm(request, session);
  const intent = String(form.get("intent") ?? "continue");
  return withPatient(context, async (patient) => {
    const { centers } = await loadCenters(context, patient);
    const ctx = machineContext(centers, context.granularCenterSteps);
    // The page posted from is the step answered (the browser's back button may have shown an earlier page).
    const entered = enterStep(readDraft(session), stepOfSlug(params.page), ctx);
    if (entered.redirect) {
      writeDraft(session, entered.draft);
      return redirect(stepPath(entered.step));
    }
    let draft = entered.draft;
    const postedSub = Number(form.get("subStep"));
    if (
      draft.step === Step.TransplantCenterSituation &&
      (postedSub === 1 || postedSub === 2 || postedSub === 3) &&
      postedSub <= draft.situationSubStep
    )
      draft = { ...draft, situationSubStep: postedSub };

    if (intent === "previous") {
      const back = previousFrom(draft, ctx);
      if (back.ok) draft = back.draft;
      writeDraft(session, draft);
      return redirect(stepPath(draft.step));
    }

    const isValidation = draft.step === Step.PatientValidation;
    const fields = isValidation ? [...VALIDATION_FIELDS] : [...stepFields(draft.step, draft.situationSubStep)];
    const values = textFields(form, fields);
    const refused = inputFailure(FORM_ID, values, fields);
    if (refused) return refused;

    if (isValidation) {
      // 'Confirm & Validate Information' (SCR-011): saves the confirmed fields, then moves on.
      const payload = validationPayload(values);
      const sent = await reach(context.registry.validateMedicalRecord(patient.token, patient.medicalRecordId, payload));
      if (!sent.reached) return formFailure(FORM_ID, values, {}, fields, { key: "screening.errors.recordUpdateFailed" });
      const answer = sent.answer;
      if (!answer.success) {
        const errors = asFieldErrors(answer.errors);
        return formFailure(FORM_ID, values, errors, fields, Object.keys(errors).length ? undefined : { key: "screening.errors.recordUpdateFailed" });
      }
      // The header's "Welcome, {name}" follows the name the registry now holds, as after a change on /profile.
      session.set("firstName", String(payload.firstName));
    }

    const result = continueFrom(draft, isValidation ? {} : answersFromForm(values), ctx);
    if (!result.ok) {
      return formFailure(FORM_ID, values, errorsOf(result.errors), fields, result.errors.step ? { key: result.errors.step } : undefined);
    }
    const returnTo = isValidation ? null : returnTarget(form.get(RETURN_TO), [SCREENING_SUMMARY]);
    if (!result.save && returnTo) {
      // A change made from the summary: back to it, through the pages the change makes need an answer (SCR-023).
      const back = backToSummary(result.draft, draft, ctx);
      writeDraft(session, back.draft);
      return redirect(back.arrived ? returnTo : withReturnTo(stepPath(back.draft.step), returnTo));
    }
    if (!result.save) {
      writeDraft(session, result.draft);
      return redirect(stepPath(result.draft.step));
    }
    const saved = await saveDraft(context, patient, result.draft, isMemberCenter(ctx, result.draft.preferredCenterId));
    if (!saved.ok) {
      // SCR-019: 'Unfortunately, we are unable to continue.' then 'Error: {message}'; the answers stay on the page.
      addFlash(session, { kind: "alert", key: "screening.errors.saveFailed" });
      addFlash(session, { kind: "alert", key: "screening.errors.errorDetail", params: { message: saved.message } });
      return data(formAnswer(FORM_ID, values, {}, fields), { status: 200 });
    }
    if (isValidation) addFlash(session, { kind: "status", key: "screening.validation.updated" });
    writeDraft(session, saved.draft);
    return redirect(stepPath(saved.draft.step));
  });
}

export default function ScreeningPage({ loaderData: { view, tracker, warning, returnToDashboard, centersFailed, results } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = useFormFailure(FORM_ID);
  return (
    <main id="main" className="container screening" tabIndex={-1}>
      {results ? <ScreeningResultsDialog summary={results.summary} idPrefix="results" closeTo={results.closeTo} outcome={results.outcome} /> : null}
      <PageFlash />
      <ErrorSummary failure={failure} />
      <p className="screening__title">{t("screening.title")}</p>
      {returnToDashboard ? (
        <p>
          <Link to="/landing">{t("screening.returnToDashboard")}</Link>
        </p>
      ) : null}
      <StepTracker view={tracker} />
      {centersFailed ? (
        <p className="notice notice--error" role="alert">
          {t("screening.errors.centersFailed")}
        </p>
      ) : null}
      {warning ? (
        <p className="notice notice--warning">
          <strong>{t("screening.warning")}</strong>
        </p>
      ) : null}
      <FormState id={FORM_ID} defaults={view.defaults}>
        <ScreeningStep view={view} formId={FORM_ID} />
      </FormState>
      {view.canGoPrevious && view.step === Step.Complete ? <PreviousForm className="screening__previous" /> : null}
    </main>
  );
}

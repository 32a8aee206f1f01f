import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import { useTranslation } from "~/texts/use-translation";
import { DonorStatus, KidneyStatus, PrimaryGoal, BiologicalRelative } from "../../../registry/contract/enums";
import { CsrfField } from "~/components/csrf-field";
import { RadioGroup, SelectField, TextField, type RadioOption } from "~/components/fields";
import type { AnswerSummary as Summary } from "./answer-summary-model";
import type { CompleteView } from "./complete-variant";
import type { SituationSubStep } from "./draft";
import {
  antigenMatchOptions,
  centerSituationOptions,
  combinedTransferOptions,
  donorStatusOptions,
  kidneyStatusOptions,
  transferOptions,
  transplantTypeOptions,
  type AnswerOption,
} from "./options";
import { BIRTH_DATE_MIN, isoToday, SCREENING_TEXT_MAX } from "../../../registry/contract/limits";
import { Step, type StepValue } from "./steps";
import { AnswerSummary } from "./answer-summary";

/** What the screening route's loader gives the step's view. */
export type StepData = {
  step: StepValue;
  subStep: SituationSubStep;
  defaults: Record<string, string>;
  centers: Array<{ id: number; name: string }>;
  goalOptions: AnswerOption[];
  canGoPrevious: boolean;
  complete: CompleteView | null;
  validation: { defaults: Record<string, string>; email: string; phoneNumber: string } | null;
  summary: Summary | null;
  loadFailed: boolean;
  /** Opens the Screening Results dialog with the outcome (DSH-010), once the screening is saved; else null. */
  resultsHref: string | null;
  /** The summary a page opened by its Change link goes back to (SCR-023), sent again with the form; else null. */
  returnTo: string | null;
};

/** The external 'learn more' article of the Transfer step (SCR-006). */
const LEARN_MORE_URL = "https://www.kidneyregistry.org/for-patients/";

function Buttons({ canGoPrevious, continueLabel }: { canGoPrevious: boolean; continueLabel?: string }) {
  const { t } = useTranslation();
  // Continue comes first, so Enter in a text box continues; Previous is a plain submit button (works without JS).
  return (
    <div className="button-row">
      <button type="submit" name="intent" value="continue">
        {continueLabel ?? t("screening.continue")}
      </button>
      {canGoPrevious ? (
        <button type="submit" name="intent" value="previous" className="secondary outline">
          {t("screening.previous")}
        </button>
      ) : null}
    </div>
  );
}

function StepForm({ view, children, continueLabel }: { view: StepData; children: ReactNode; continueLabel?: string }) {
  return (
    <Form method="post" noValidate className="screening-form">
      <CsrfField />
      {view.step === Step.TransplantCenterSituation ? <input type="hidden" name="subStep" value={view.subStep} /> : null}
      {view.returnTo ? <input type="hidden" name="returnTo" value={view.returnTo} /> : null}
      {children}
      <Buttons canGoPrevious={view.canGoPrevious} continueLabel={continueLabel} />
    </Form>
  );
}

function useChoices(options: readonly AnswerOption[], reveal: Record<number, ReactNode> = {}): RadioOption[] {
  const { t } = useTranslation();
  return options.map((o) => ({
    value: String(o.value),
    label: t(o.labelKey),
    hint: o.descriptionKey ? t(o.descriptionKey) : undefined,
    reveal: reveal[o.value],
  }));
}

function OtherText({ name, label }: { name: string; label: string }) {
  return <TextField name={name} label={label} maxLength={SCREENING_TEXT_MAX} />;
}

function PatientSituation({ view }: { view: StepData }) {
  const { t } = useTranslation();
  const choices = useChoices(kidneyStatusOptions, {
    [KidneyStatus.Other]: <OtherText name="kidneyStatusOther" label={t("screening.patientSituation.otherLabel")} />,
  });
  return (
    <StepForm view={view}>
      <RadioGroup name="kidneyStatus" legend={t("screening.patientSituation.question")} options={choices} legendAsHeading />
    </StepForm>
  );
}

/**
 * SCR-005: the '6 antigen match' follow-up belongs to Sibling, so it sits under that answer on the same page
 * (shown once Sibling is chosen where CSS :has() works; always shown, with a hint saying it is for siblings
 * only, elsewhere). It is taken and required only with Sibling.
 */
function PostTransplant({ view }: { view: StepData }) {
  const { t } = useTranslation();
  const antigen = useChoices(antigenMatchOptions);
  const choices = useChoices(transplantTypeOptions, {
    [BiologicalRelative.Sibling]: (
      <RadioGroup
        name="antigenMatch"
        legend={t("screening.postTransplant.antigenQuestion")}
        hint={t("screening.postTransplant.antigenHint")}
        options={antigen}
      />
    ),
  });
  return (
    <StepForm view={view}>
      <RadioGroup name="transplantType" legend={t("screening.postTransplant.question")} options={choices} legendAsHeading />
    </StepForm>
  );
}

function CenterRegistration({ view }: { view: StepData }) {
  const { t } = useTranslation();
  return (
    <StepForm view={view}>
      <RadioGroup
        name="transplantCenterSituation"
        legend={t("screening.centerRegistration.question")}
        options={useChoices(centerSituationOptions)}
        legendAsHeading
      />
    </StepForm>
  );
}

/** 'Which transplant center are you registered with?': the question is the page's <h1>, the label of the dropdown. */
function CenterSelection({ view }: { view: StepData }) {
  const { t } = useTranslation();
  const options = [
    { value: "0", label: t("screening.centerSelection.placeholder") },
    ...view.centers.map((c) => ({ value: String(c.id), label: c.name })),
  ];
  return (
    <StepForm view={view}>
      <SelectField name="preferredCenterId" label={t("screening.centerSelection.question")} options={options} labelAsHeading />
    </StepForm>
  );
}

function Advantages() {
  const { t } = useTranslation();
  const items = [
    ["expertiseTitle", "expertiseText"],
    ["matchTitle", "matchText"],
    ["immunosuppressionTitle", "immunosuppressionText"],
    ["waitTitle", "waitText"],
    ["voucherTitle", "voucherText"],
    ["micrositeTitle", "micrositeText"],
  ] as const;
  return (
    <section className="advantages" aria-labelledby="advantages-intro">
      <p id="advantages-intro">{t("screening.centerTransfer.intro")}</p>
      <ul>
        {items.map(([title, text]) => (
          <li key={title}>
            <strong>{t(`screening.centerTransfer.${title}`)}</strong>: {t(`screening.centerTransfer.${text}`)}
          </li>
        ))}
      </ul>
      <p>
        <a href={LEARN_MORE_URL} rel="noopener noreferrer">
          {t("screening.centerTransfer.learnMore")} <span className="visually-hidden">{t("screening.centerTransfer.learnMoreExternal")}</span>
        </a>
      </p>
    </section>
  );
}

function CenterTransfer({ view }: { view: StepData }) {
  const { t } = useTranslation();
  return (
    <StepForm view={view}>
      <RadioGroup name="willingToTransfer" legend={t("screening.centerTransfer.question")} options={useChoices(transferOptions)} legendAsHeading />
      <Advantages />
    </StepForm>
  );
}

/** The combined screen (GRANULAR_CENTER_STEPS=false): one sub-step per page view (SCR-006). */
function CenterSituation({ view }: { view: StepData }) {
  const { t } = useTranslation();
  const registration = useChoices(centerSituationOptions);
  const willing = useChoices(combinedTransferOptions);
  if (view.subStep === 2) return <CenterSelection view={view} />;
  return (
    <StepForm view={view}>
      {view.subStep === 1 ? (
        <RadioGroup name="transplantCenterSituation" legend={t("screening.centerRegistration.question")} options={registration} legendAsHeading />
      ) : (
        <>
          <RadioGroup name="willingToTransfer" legend={t("screening.centerSituation.willingQuestion")} options={willing} legendAsHeading />
          <Advantages />
        </>
      )}
    </StepForm>
  );
}

function DonorSituation({ view }: { view: StepData }) {
  const { t } = useTranslation();
  const choices = useChoices(donorStatusOptions, {
    [DonorStatus.Other]: <OtherText name="donorStatusOther" label={t("screening.donorSituation.otherLabel")} />,
  });
  return (
    <StepForm view={view}>
      <RadioGroup name="donorStatus" legend={t("screening.donorSituation.question")} options={choices} legendAsHeading />
    </StepForm>
  );
}

function PrimaryGoalStep({ view }: { view: StepData }) {
  const { t } = useTranslation();
  const choices = useChoices(view.goalOptions, {
    [PrimaryGoal.Other]: <OtherText name="primaryGoalOther" label={t("screening.primaryGoal.otherLabel")} />,
  });
  return (
    <StepForm view={view}>
      <RadioGroup name="primaryGoal" legend={t("screening.primaryGoal.question")} options={choices} legendAsHeading />
    </StepForm>
  );
}

function PatientValidation({ view }: { view: StepData }) {
  const { t } = useTranslation();
  const v = view.validation;
  return (
    <>
      <h1>{t("screening.validation.heading")}</h1>
      {view.loadFailed ? (
        <p className="notice notice--error" role="alert">
          {t("screening.errors.patientDataFailed")}
        </p>
      ) : null}
      <p>{t("screening.validation.intro")}</p>
      <StepForm view={view} continueLabel={t("screening.validation.confirm")}>
        <section className="card" aria-labelledby="validation-personal">
          <h2 id="validation-personal">{t("screening.validation.personalTitle")}</h2>
          <TextField name="firstName" label={t("register.firstName")} autoComplete="given-name" />
          <TextField name="middleInitial" label={t("register.middleInitial")} optional maxLength={1} />
          <TextField name="lastName" label={t("register.lastName")} autoComplete="family-name" />
          <TextField name="preferredName" label={t("register.preferredName")} optional />
          <TextField
            name="birthDate"
            label={t("register.birthDate")}
            hint={t("register.birthDateHint")}
            type="date"
            autoComplete="bday"
            min={BIRTH_DATE_MIN}
            // Requirement ACC-011, the registry's rule: not after today (UTC, isoToday), as on /register. A page hydrated after midnight keeps it.
            max={isoToday()}
            suppressHydrationWarning
          />
          <SelectField
            name="gender"
            label={t("register.gender")}
            options={[
              { value: "", label: t("register.choose") },
              { value: "1", label: t("register.genderMale") },
              { value: "2", label: t("register.genderFemale") },
            ]}
          />
          <SelectField
            name="preferredLanguage"
            label={t("register.preferredLanguage")}
            options={[
              { value: "", label: t("register.choose") },
              { value: "1", label: "English" },
              { value: "2", label: "Español" },
            ]}
          />
          <TextField name="phoneNumberSecondary" label={t("screening.validation.phoneNumberSecondary")} optional type="tel" autoComplete="tel" />
        </section>
        <section className="card" aria-labelledby="validation-contact">
          <h2 id="validation-contact">{t("screening.validation.contactTitle")}</h2>
          <dl>
            <dt>{t("register.email")}</dt>
            <dd>{v?.email ?? ""}</dd>
            <dt>{t("register.phoneNumber")}</dt>
            <dd>{v?.phoneNumber ?? ""}</dd>
          </dl>
          <p className="hint">{t("screening.validation.readOnlyHint")}</p>
        </section>
        {view.summary ? <AnswerSummary summary={view.summary} /> : null}
      </StepForm>
    </>
  );
}

/** The Not Eligible step (SCR-012): whom the registry can refer, and the advantages of a living donor. */
function NotEligible({ view }: { view: StepData }) {
  const { t } = useTranslation();
  const items = ["shorterWait", "schedulable", "quality", "match", "longerLife", "survival"] as const;
  return (
    <>
      <h1>{t("screening.notEligible.heading")}</h1>
      <p>{t("screening.notEligible.text")}</p>
      <h2>{t("screening.notEligible.advantagesTitle")}</h2>
      <p>{t("screening.notEligible.advantagesIntro")}</p>
      <ul>
        {items.map((k) => (
          <li key={k}>{t(`screening.notEligible.${k}`)}</li>
        ))}
      </ul>
      <p>{t("screening.notEligible.credentials")}</p>
      <p className="button-row">
        <Link to="/landing" role="button">
          {t("screening.returnToDashboard")}
        </Link>
        <ShowResults href={view.resultsHref} />
      </p>
      {view.canGoPrevious ? <PreviousForm /> : null}
    </>
  );
}

/** 'Previous' on its own, for the pages without a step form (Not eligible, Complete). */
export function PreviousForm({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" noValidate className={className}>
      <CsrfField />
      <button type="submit" name="intent" value="previous" className="secondary outline">
        {t("screening.previous")}
      </button>
    </Form>
  );
}

/** 'Show Results': the answers and the outcome message in the Screening Results dialog (DSH-010), by URL (PLT-007). */
function ShowResults({ href }: { href: string | null }) {
  const { t } = useTranslation();
  if (!href) return null;
  return (
    <Link to={href} role="button" className="secondary" preventScrollReset>
      {t("landing.card.showResults")}
    </Link>
  );
}

function Complete({ view }: { view: StepData }) {
  const { t } = useTranslation();
  const c = view.complete;
  if (!c) return null;
  return (
    <section className="complete" aria-labelledby="complete-heading">
      <h1 id="complete-heading">{t(c.headingKey)}</h1>
      <p>{t(c.textKey)}</p>
      <p className="button-row">
        <Link to={c.button.href} role="button">
          {t(c.button.labelKey)}
        </Link>
        <ShowResults href={view.resultsHref} />
      </p>
    </section>
  );
}

/** The question (or page) of the current step. */
export function ScreeningStep({ view }: { view: StepData; formId: string }) {
  switch (view.step) {
    case Step.PatientSituation:
      return <PatientSituation view={view} />;
    case Step.PostTransplant:
      return <PostTransplant view={view} />;
    case Step.TransplantCenterRegistration:
      return <CenterRegistration view={view} />;
    case Step.TransplantCenterSelection:
      return <CenterSelection view={view} />;
    case Step.TransplantCenterTransfer:
      return <CenterTransfer view={view} />;
    case Step.TransplantCenterSituation:
      return <CenterSituation view={view} />;
    case Step.DonorSituation:
      return <DonorSituation view={view} />;
    case Step.PrimaryGoal:
      return <PrimaryGoalStep view={view} />;
    case Step.PatientValidation:
      return <PatientValidation view={view} />;
    case Step.NotEligible:
      return <NotEligible view={view} />;
    case Step.Complete:
      return <Complete view={view} />;
    default:
      return null;
  }
}

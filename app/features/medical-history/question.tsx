import { useTranslation } from "~/texts/use-translation";
import { MEDICAL_HISTORY_DATE_MIN } from "../../../registry/contract/limits";
import { RadioGroup, SelectField, TextAreaField, TextField } from "~/components/fields";
import {
  FEET_CHOICES,
  FEMALE,
  INCH_CHOICES,
  MALE,
  NO,
  reviewLabelKey,
  YES,
  type AnswerField,
  type HintedQuestionId,
  type QuestionId,
  type QuestionKind,
} from "./questions";

/** What the question page's loader hands the view. */
export type QuestionView = {
  kind: QuestionKind;
  fields: AnswerField[];
} & ({ key: QuestionId; hint: false } | { key: HintedQuestionId; hint: true });

/**
 * One question of the medical history (MHX-001; one question per page): the question is the page's <h1> (the
 * legend of a radio group or of the height's two selects); a single box carries a short label of its own (the
 * review table's), so the heading stays the question. Inline errors and hints come from the shared fields.
 */
export function MedicalQuestion({ question, today }: { question: QuestionView; today: string }) {
  const { t } = useTranslation();
  const heading = t(`medical.questions.${question.key}.question`);
  const hint = question.hint ? t(`medical.questions.${question.key}.hint`) : undefined;
  const field = question.fields[0]!;
  const label = (name: AnswerField) => t(`medical.review.${reviewLabelKey(name)}`);
  switch (question.kind) {
    case "yesNo":
      return (
        <RadioGroup
          name={field}
          legend={heading}
          legendAsHeading
          hint={hint}
          options={[
            { value: YES, label: t("common.yes") },
            { value: NO, label: t("common.no") },
          ]}
        />
      );
    case "birthGender":
      return (
        <RadioGroup
          name={field}
          legend={heading}
          legendAsHeading
          options={[
            { value: MALE, label: t("medical.male") },
            { value: FEMALE, label: t("medical.female") },
          ]}
        />
      );
    case "date":
      return (
        <>
          <h1>{heading}</h1>
          <TextField
            name={field}
            type="date"
            label={label(field)}
            hint={hint}
            min={MEDICAL_HISTORY_DATE_MIN}
            max={today}
            autoComplete={field === "birthDate" ? "bday" : "off"}
          />
        </>
      );
    case "weight":
      return (
        <>
          <h1>{heading}</h1>
          <TextField name={field} label={label(field)} hint={hint} inputMode="decimal" autoComplete="off" className="medical-history__number" />
        </>
      );
    case "text":
      return (
        <>
          <h1>{heading}</h1>
          <TextAreaField name={field} label={label(field)} hint={hint} optional rows={5} />
        </>
      );
    case "height":
      return (
        <fieldset className="medical-history__height">
          <legend className="question-legend">
            <h1>{heading}</h1>
          </legend>
          <div className="medical-history__height-fields">
            <SelectField
              name="heightFt"
              label={t("medical.feet")}
              options={[{ value: "", label: t("common.select") }, ...FEET_CHOICES.map((v) => ({ value: v, label: v }))]}
            />
            <SelectField
              name="heightInches"
              label={t("medical.inches")}
              options={[{ value: "", label: t("common.select") }, ...INCH_CHOICES.map((v) => ({ value: v, label: v }))]}
            />
          </div>
        </fieldset>
      );
    case "otherOrgan":
      return (
        <>
          <h1>{heading}</h1>
          <TextField name="otherOrganTxp" label={t("medical.questions.otherOrgan.organLabel")} autoComplete="off" />
          <TextAreaField name="otherOrganTxpDetails" label={t("medical.questions.otherOrgan.detailsLabel")} optional rows={4} />
        </>
      );
  }
}

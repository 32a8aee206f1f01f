import { useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useTranslation } from "~/texts/use-translation";
import { fieldMessage, type FieldError } from "~/texts/text-key";
import { useField } from "./form-context";
import { useHydrated } from "./use-hydrated";

function Label({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean }) {
  const { t } = useTranslation();
  return (
    <label htmlFor={htmlFor}>
      {label}
      {optional ? ` ${t("common.optional")}` : ""}
    </label>
  );
}

/** The ids that describe a field's control: its hint and its inline error when shown, then any others. */
function fieldDescribedBy(f: ReturnType<typeof useField>, hint: string | undefined, ...more: Array<string | false | undefined>) {
  const list = [hint && f.hintId, f.error && f.errorId, ...more].filter(Boolean).join(" ");
  return list || undefined;
}

/**
 * The frame every field shares (GOV.UK order): its label, its hint, its inline error, then the control. A `group`
 * (radios) is a fieldset whose legend is the label and which the hint and error describe; `heading` makes the
 * label the page's <h1> (the one-question page pattern: the question is the heading).
 */
function FieldFrame({
  field: f,
  label,
  optional,
  hint,
  heading,
  group,
  children,
}: {
  field: ReturnType<typeof useField>;
  label: string;
  optional?: boolean;
  hint?: string;
  heading?: boolean;
  group?: boolean;
  children: ReactNode;
}) {
  const className = f.error ? "field field--error" : "field";
  const labelled = <Label htmlFor={f.id} label={label} optional={optional} />;
  const caption = group ? (
    <legend className={heading ? "question-legend" : "sub-question-legend"}>{heading ? <h1>{label}</h1> : label}</legend>
  ) : heading ? (
    <h1>{labelled}</h1>
  ) : (
    labelled
  );
  const body = (
    <>
      {caption}
      {hint ? (
        <small id={f.hintId} className="hint">
          {hint}
        </small>
      ) : null}
      <ErrorMessage id={f.errorId} error={f.error} />
      {children}
    </>
  );
  return group ? (
    <fieldset className={className} aria-describedby={fieldDescribedBy(f, hint)}>
      {body}
    </fieldset>
  ) : (
    <div className={className}>{body}</div>
  );
}

function ErrorMessage({ id, error }: { id: string; error?: FieldError }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      <span className="visually-hidden">{t("errorSummary.titlePrefix")}</span>
      {t(...fieldMessage(error))}
    </p>
  );
}

type TextFieldProps = {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
  type?: "text" | "email" | "tel" | "password" | "date";
  /** Shown after the input (e.g. a live check's result), inside the field. */
  after?: ReactNode;
  /** Ids of further elements describing the input. */
  describedById?: string;
  /** Replaces the value to show (e.g. a formatted phone number). */
  format?: (value: string) => string;
  /** The show/hide button of a secret that is not a password (e.g. the lab staff key). */
  toggleLabels?: { show: string; hide: string };
  /** False where a secret that came back is still known to the server (the remembered lab staff key): no 'type it again'. */
  retypeNote?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type" | "id" | "defaultValue" | "value">;

/**
 * A one-time code's field (a confirmation or sign-in code): named `code`, filled from the code the device received,
 * never spell-checked; a numeric keyboard unless `inputMode` says otherwise.
 */
export function CodeField({ inputMode = "numeric", ...rest }: Omit<TextFieldProps, "name" | "type">) {
  return <TextField name="code" autoComplete="one-time-code" inputMode={inputMode} spellCheck={false} {...rest} />;
}

/** A labelled input with its hint and its inline error above it (GOV.UK order). Passwords get a show/hide button with JavaScript (ACC-003). */
export function TextField({
  name,
  label,
  hint,
  optional,
  type = "text",
  after,
  describedById,
  format,
  toggleLabels,
  retypeNote = true,
  ...rest
}: TextFieldProps) {
  const f = useField(name);
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const isPassword = type === "password";
  // A secret is never sent back with a form that comes back: the patient is told to type it again.
  const retype = isPassword && f.cameBack && retypeNote;
  const retypeId = `${f.id}-retype`;
  return (
    <FieldFrame field={f} label={label} optional={optional} hint={hint}>
      {retype ? (
        <small id={retypeId} className="hint">
          {t("common.typeAgain")}
        </small>
      ) : null}
      <div className={isPassword && hydrated ? "password-input" : undefined}>
        <input
          id={f.id}
          name={name}
          type={isPassword && shown ? "text" : type}
          defaultValue={isPassword ? undefined : format ? format(f.value) : f.value}
          aria-invalid={f.error ? true : undefined}
          aria-describedby={fieldDescribedBy(f, hint, retype && retypeId, describedById)}
          {...rest}
        />
        {isPassword && hydrated ? (
          <button
            type="button"
            className="secondary outline toggle-password"
            aria-controls={f.id}
            aria-pressed={shown}
            onClick={() => setShown((v) => !v)}
          >
            {shown ? (toggleLabels?.hide ?? t("common.hidePassword")) : (toggleLabels?.show ?? t("common.showPassword"))}
          </button>
        ) : null}
      </div>
      {after}
    </FieldFrame>
  );
}

export function SelectField({
  name,
  label,
  options,
  optional,
  hint,
  labelAsHeading,
  ...rest
}: {
  name: string;
  label: string;
  options: Array<{ value: string; label: string }>;
  optional?: boolean;
  hint?: string;
  /** The label is the page's <h1> (the one-question page pattern: the question is the heading). */
  labelAsHeading?: boolean;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "defaultValue" | "value">) {
  const f = useField(name);
  return (
    <FieldFrame field={f} label={label} optional={optional} hint={hint} heading={labelAsHeading}>
      <select
        id={f.id}
        name={name}
        defaultValue={f.value}
        aria-invalid={f.error ? true : undefined}
        aria-describedby={fieldDescribedBy(f, hint)}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A labelled textarea with its hint and its inline error above it, like TextField. */
export function TextAreaField({
  name,
  label,
  hint,
  optional,
  rows = 4,
  ...rest
}: {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
  rows?: number;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue" | "value" | "rows">) {
  const f = useField(name);
  return (
    <FieldFrame field={f} label={label} optional={optional} hint={hint}>
      <textarea
        id={f.id}
        name={name}
        rows={rows}
        defaultValue={f.value}
        aria-invalid={f.error ? true : undefined}
        aria-describedby={fieldDescribedBy(f, hint)}
        {...rest}
      />
    </FieldFrame>
  );
}

export function CheckboxField({ name, label, after }: { name: string; label: string; after?: ReactNode }) {
  const f = useField(name);
  return (
    <div className={f.error ? "field field--error" : "field"}>
      <ErrorMessage id={f.errorId} error={f.error} />
      <label htmlFor={f.id}>
        <input
          id={f.id}
          type="checkbox"
          name={name}
          value="true"
          defaultChecked={f.value === "true" || f.value === "on"}
          aria-invalid={f.error ? true : undefined}
          aria-describedby={f.error ? f.errorId : undefined}
        />
        {label}
      </label>
      {after}
    </div>
  );
}

/** One answer of a radio group. `reveal` follows it (e.g. the description box of an "Other" answer). */
export type RadioOption = { value: string; label: string; hint?: string; reveal?: ReactNode };

/**
 * A radio group: a fieldset whose legend is the question (with `legendAsHeading`, the page's <h1> on a one-question
 * page), its hint and inline error above the radios, and per answer an optional hint tied to its radio
 * and an optional "reveal". The reveal is plain HTML: CSS hides it until its radio is checked in browsers that
 * support :has(); elsewhere it simply stays visible. No JavaScript involved.
 */
export function RadioGroup({
  name,
  legend,
  options,
  hint,
  legendAsHeading,
}: {
  name: string;
  legend: string;
  options: RadioOption[];
  hint?: string;
  legendAsHeading?: boolean;
}) {
  const f = useField(name);
  return (
    <FieldFrame field={f} label={legend} hint={hint} heading={legendAsHeading} group>
      {options.map((o, i) => {
        const id = i === 0 ? f.id : `${f.id}-${o.value}`;
        const hintId = `${id}-hint`;
        return (
          <div key={o.value} className="choice">
            <label htmlFor={id}>
              <input
                id={id}
                type="radio"
                name={name}
                value={o.value}
                defaultChecked={f.value === o.value}
                aria-describedby={o.hint ? hintId : undefined}
              />
              {o.label}
            </label>
            {o.hint ? (
              <small id={hintId} className="hint choice__hint">
                {o.hint}
              </small>
            ) : null}
            {o.reveal ? <div className="choice__reveal">{o.reveal}</div> : null}
          </div>
        );
      })}
    </FieldFrame>
  );
}

import type { TextareaHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { ErrorMessage } from "./fields";
import { useField } from "./form-context";

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
  const { t } = useTranslation();
  const describedBy = [hint ? f.hintId : "", f.error ? f.errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={f.error ? "field field--error" : "field"}>
      <label htmlFor={f.id}>
        {label}
        {optional ? ` ${t("common.optional")}` : ""}
      </label>
      {hint ? (
        <small id={f.hintId} className="hint">
          {hint}
        </small>
      ) : null}
      <ErrorMessage id={f.errorId} error={f.error} />
      <textarea
        id={f.id}
        name={name}
        rows={rows}
        defaultValue={f.value}
        aria-invalid={f.error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
    </div>
  );
}

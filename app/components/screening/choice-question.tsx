import type { ReactNode } from "react";
import { ErrorMessage } from "~/components/fields";
import { useField } from "~/components/form-context";

export type Choice = { value: string; label: string; hint?: string; reveal?: ReactNode };

/**
 * One question of the wizard (PATTERNS: question page): a fieldset whose legend is the page's <h1> (or a
 * smaller question inside another one), the inline error above the radios, and per answer an optional hint and
 * a "reveal" (e.g. the description box of Other). The reveal is plain HTML: CSS hides it until its radio is
 * checked in browsers that support :has(); elsewhere it simply stays visible. No JavaScript involved.
 */
export function ChoiceQuestion({
  name,
  legend,
  choices,
  hint,
  asHeading = true,
}: {
  name: string;
  legend: string;
  choices: Choice[];
  hint?: string;
  asHeading?: boolean;
}) {
  const f = useField(name);
  const describedBy = [hint ? f.hintId : "", f.error ? f.errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className={f.error ? "field field--error choice-question" : "field choice-question"} aria-describedby={describedBy}>
      <legend className={asHeading ? "question-legend" : "sub-question-legend"}>{asHeading ? <h1>{legend}</h1> : legend}</legend>
      {hint ? (
        <small id={f.hintId} className="hint">
          {hint}
        </small>
      ) : null}
      <ErrorMessage id={f.errorId} error={f.error} />
      {choices.map((c, i) => {
        const id = i === 0 ? f.id : `${f.id}-${c.value}`;
        const hintId = `${id}-hint`;
        return (
          <div key={c.value} className="choice">
            <label htmlFor={id}>
              <input
                id={id}
                type="radio"
                name={name}
                value={c.value}
                defaultChecked={f.value === c.value}
                aria-describedby={c.hint ? hintId : undefined}
              />
              {c.label}
            </label>
            {c.hint ? (
              <small id={hintId} className="hint choice__hint">
                {c.hint}
              </small>
            ) : null}
            {c.reveal ? <div className="choice__reveal">{c.reveal}</div> : null}
          </div>
        );
      })}
    </fieldset>
  );
}

import type { ReactNode } from "react";
import { Form } from "react-router";
import { CsrfField } from "~/components/csrf-field";
import { FormState } from "~/components/form-context";

/**
 * One step a staff person takes on a record (approve, decline with a reason, move with a note, disable…): the
 * heading, what the step does, and one HTML form that posts to the page itself with a full page load, so it works the
 * same with JavaScript off. The form carries the CSRF token, any hidden values, and the step's fields; with `form`,
 * the fields are a form of their own (their ids, values handed back and errors, which the page's error summary lists)
 * and the form is labelled by the heading. Every center, lab, program and people page uses it (docs/decisions/133).
 */
export function StaffActionForm({
  title,
  titleLevel = 2,
  titleId,
  text,
  intent,
  submit,
  variant,
  form,
  defaults,
  hidden = {},
  children,
}: {
  title?: string;
  titleLevel?: 2 | 3;
  /** The heading's id: the form's label when it has fields (`form`), and what a section around it may name. */
  titleId?: string;
  /** What the step does, under the heading. */
  text?: string;
  /** The submit's `intent` (the page's action tells the steps apart by it); none where the page has one step. */
  intent?: string;
  submit: string;
  variant?: "secondary" | "contrast";
  /** The id of the fields' form state; the fields are `children`. */
  form?: string;
  defaults?: Record<string, string>;
  hidden?: Record<string, string>;
  children?: ReactNode;
}) {
  const Heading = titleLevel === 3 ? "h3" : "h2";
  const withFields = form !== undefined;
  return (
    <>
      {title ? <Heading id={titleId}>{title}</Heading> : null}
      {text ? <p>{text}</p> : null}
      <Form
        method="post"
        noValidate={withFields || undefined}
        className={withFields ? "stacked-form" : undefined}
        aria-labelledby={withFields ? titleId : undefined}
        reloadDocument
      >
        <CsrfField />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {withFields ? (
          <FormState id={form} defaults={defaults}>
            {children}
          </FormState>
        ) : (
          children
        )}
        <button type="submit" name={intent === undefined ? undefined : "intent"} value={intent} className={variant}>
          {submit}
        </button>
      </Form>
    </>
  );
}

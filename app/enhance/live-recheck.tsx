import { Form, type FormProps } from "react-router";
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { CsrfField } from "~/components/csrf-field";
import { useTranslation } from "~/texts/use-translation";
import { liveErrors, type Values } from "~/forms/live-errors";
import type { FieldErrors, FormFailure } from "~/forms/types";

type Live = { attempt: string; touched: ReadonlySet<string>; errors: FieldErrors };

/** The form's current text values (files and buttons aside). */
function valuesOf(form: HTMLFormElement): Values {
  const values: Values = {};
  new FormData(form).forEach((value, name) => {
    if (typeof value === "string") values[name] = value;
  });
  return values;
}

/** The rules a form re-checks itself with (the ones its action runs), over the form's values. */
export type Recheck = (values: Values) => FieldErrors;

/**
 * ACC-017: the form re-validates on every change once the first submit was attempted; errors show only after that
 * (with JavaScript; without it the server's check on submit applies, PLT-006, PLT-009). Before a submit came back this does
 * nothing. After it, every change re-runs the form's rules (`loadRecheck`: the rules the action runs, whose code the
 * browser loads only once a submit came back with problems, decision 124) and the page shows the answer: inline
 * messages, the error summary's list (which no longer takes focus) and a polite count of what is left
 * (`RecheckStatus`). Attach `onInput` to the <Form> (the `input` event: text, selects, checkboxes and radios alike);
 * give `failure` to the ErrorSummary and the FormState.
 */
export function useLiveRecheck(failure: FormFailure | undefined, loadRecheck: () => Promise<Recheck>) {
  const [live, setLive] = useState<Live | null>(null);
  const rules = useRef<Recheck | null>(null);
  const current = failure && live?.attempt === failure.attempt ? live : null;
  // The rules' code is fetched as soon as a submit came back with problems, before the first correction.
  useEffect(() => {
    if (failure && !rules.current) void loadRecheck().then((recheck) => (rules.current = recheck), ignore);
  }, [failure, loadRecheck]);
  const onInput = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const name = (event.target as { name?: unknown }).name;
      if (!failure || typeof name !== "string" || name === "") return;
      const form = event.currentTarget;
      const touched = new Set(current?.touched);
      touched.add(name);
      const show = (recheck: Recheck) => {
        const errors = liveErrors(failure.errors, recheck(valuesOf(form)), touched, failure.order);
        setLive({ attempt: failure.attempt, touched, errors });
      };
      if (rules.current) show(rules.current);
      // Corrected before the rules arrived (or their code could not be loaded: the server still checks on submit).
      else void loadRecheck().then((recheck) => show((rules.current = recheck)), ignore);
    },
    [failure, current, loadRecheck],
  );
  return {
    failure: failure && current ? { ...failure, errors: current.errors } : failure,
    /** Whether the patient changed something since the form came back (the summary then updates quietly). */
    rechecked: current !== null,
    onInput,
  };
}

const ignore = () => {};

/**
 * A polite live region that says how many problems are left when that number changes while the patient corrects the
 * form (a screen reader hears it without losing its place; nothing moves focus).
 */
function RecheckStatus({ live }: { live: ReturnType<typeof useLiveRecheck> }) {
  const { t } = useTranslation();
  const count = live.failure ? Object.keys(live.failure.errors).length : 0;
  return (
    <p aria-live="polite" className="visually-hidden">
      {live.rechecked ? (count > 0 ? t("errorSummary.remaining", { count }) : t("errorSummary.noneRemaining")) : ""}
    </p>
  );
}

/**
 * A form that re-checks itself as the patient corrects it (`useLiveRecheck`): posts its `intent`, says how many
 * problems are left (`RecheckStatus`) and carries the CSRF field. Works the same without JavaScript.
 */
export function LiveRecheckForm({
  live,
  intent,
  children,
  ...props
}: { live: ReturnType<typeof useLiveRecheck>; intent: string; children: ReactNode } & Omit<FormProps, "method" | "noValidate" | "onInput">) {
  return (
    <Form method="post" noValidate {...props} onInput={live.onInput}>
      <RecheckStatus live={live} />
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

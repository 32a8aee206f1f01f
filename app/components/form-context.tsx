import { useActionData } from "react-router";
import { createContext, Fragment, useContext, type ReactNode } from "react";
import { hasErrors, type FormFailure } from "~/forms/types";

type FormState = { id: string; failure?: FormFailure; defaults: Record<string, string> };
const FormStateContext = createContext<FormState | null>(null);

/**
 * Gives the fields inside it their ids, the values to show and their errors. The last post's answer wins;
 * `failure` is an answer a loader handed over (after a redirect that kept the form in the session).
 */
export function FormState({
  id,
  defaults = {},
  failure: fromLoader,
  live,
  children,
}: {
  id: string;
  defaults?: Record<string, string>;
  failure?: FormFailure;
  /** The answer re-checked while the patient corrects the form (app/enhance/live-recheck); wins when given. */
  live?: FormFailure;
  children: ReactNode;
}) {
  const posted = useFormFailure(id);
  const failure = (live && live.form === id ? live : undefined) ?? posted ?? (fromLoader && fromLoader.form === id ? fromLoader : undefined);
  return (
    <FormStateContext.Provider value={{ id, failure, defaults }}>
      <Fragment key={failure?.attempt ?? "fresh"}>{children}</Fragment>
    </FormStateContext.Provider>
  );
}

/** The last post's answer for this form, if it was one (values handed back, maybe with errors). */
export function useFormFailure(id: string): FormFailure | undefined {
  const result = useActionData<unknown>();
  return hasErrors(result) && result.form === id ? result : undefined;
}

/** id, shown value and error key of one field. */
export function useField(name: string) {
  const state = useContext(FormStateContext);
  if (!state) throw new Error("useField outside FormState");
  const id = `${state.id}-${name}`;
  const value = state.failure ? (state.failure.values[name] ?? "") : (state.defaults[name] ?? "");
  const error = state.failure?.errors[name];
  /** The form came back from a post (a problem, a dialog opened, a cancel): what was typed is shown again, secrets excepted. */
  const cameBack = state.failure !== undefined;
  return { id, value, error, cameBack, errorId: `${id}-error`, hintId: `${id}-hint` };
}

/** The form answer a component should show: the last post's, else one a loader handed over. */
export function useFormAnswer(id: string, fromLoader?: FormFailure): FormFailure | undefined {
  const posted = useFormFailure(id);
  return posted ?? (fromLoader && fromLoader.form === id ? fromLoader : undefined);
}

export function fieldId(form: string, name: string): string {
  return `${form}-${name}`;
}

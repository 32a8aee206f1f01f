import { useActionData } from "@remix-run/react";
import { createContext, Fragment, useContext, type ReactNode } from "react";
import { hasErrors, type FormFailure } from "~/forms/types";

type FormState = { id: string; failure?: FormFailure; defaults: Record<string, string> };
const FormStateContext = createContext<FormState | null>(null);

/** Gives the fields inside it their ids, the values to show and their errors. */
export function FormState({ id, defaults = {}, children }: { id: string; defaults?: Record<string, string>; children: ReactNode }) {
  const result = useActionData<unknown>();
  const failure = hasErrors(result) && result.form === id ? result : undefined;
  return (
    <FormStateContext.Provider value={{ id, failure, defaults }}>
      <Fragment key={failure?.attempt ?? "fresh"}>{children}</Fragment>
    </FormStateContext.Provider>
  );
}

export function useFormFailure(id: string): FormFailure | undefined {
  const result = useActionData<unknown>();
  return hasErrors(result) && result.form === id ? result : undefined;
}

/** id, shown value and error key of one field. */
export function useField(name: string) {
  const state = useContext(FormStateContext);
  if (!state) throw new Error("useField outside FormState");
  const id = `${state.id}-${name}`;
  const value = state.failure ? state.failure.values[name] ?? "" : state.defaults[name] ?? "";
  const error = state.failure?.errors[name];
  return { id, value, error, errorId: `${id}-error`, hintId: `${id}-hint` };
}

export function fieldId(form: string, name: string): string {
  return `${form}-${name}`;
}

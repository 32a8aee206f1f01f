import { controls, here, KEY, type Control, type Saved } from "./keep-typed";

/**
 * The other half of ./keep-typed.tsx: puts the values typed before a language switch back on the page they came
 * from, once. Loaded only on a page that has such values.
 */

/** Sets a value so that React's onChange sees it (React tracks the value its own setter last wrote). */
function setValue(control: Control, value: string) {
  const proto = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

function setChecked(control: HTMLInputElement, checked: boolean) {
  if (control.checked === checked) return;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "checked")?.set?.call(control, checked);
  control.dispatchEvent(new Event("click", { bubbles: true }));
}

/** Puts the values back on the page they came from (once; called after hydration). */
export function restoreTyped() {
  let saved: Saved | null = null;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    saved = raw ? (JSON.parse(raw) as Saved) : null;
  } catch {
    return;
  }
  if (!saved || saved.page !== here()) return;
  const byForm = controls();
  for (const field of saved.fields) {
    const matches = byForm.filter((c) => c.form === field.form && c.control.name === field.name).map((c) => c.control);
    if (field.checked !== undefined) {
      const box = matches.find((c) => c instanceof HTMLInputElement && c.value === field.value);
      if (box instanceof HTMLInputElement) setChecked(box, field.checked);
    } else if (matches[0] && matches[0].value !== field.value) {
      setValue(matches[0], field.value);
    }
  }
}

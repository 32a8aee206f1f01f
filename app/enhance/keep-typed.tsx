import { useEffect } from "react";

/**
 * The language switch is a link that loads the same page anew in the other language (PLT-005), which used to
 * erase a half-filled form (decision 031). With JavaScript, the values typed in the page's forms (never passwords, hidden
 * fields or files) are kept in this tab's sessionStorage for that one page load, put back once the new page runs,
 * and removed at once. Without JavaScript the switch still loads the page as it was first issued.
 */
const KEY = "portal:typed-before-language-switch";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Saved = { page: string; fields: Array<{ form: number; name: string; value: string; checked?: boolean }> };

const SKIPPED = new Set(["hidden", "password", "file", "submit", "button", "reset", "image"]);

function controls(): Array<{ form: number; control: Control }> {
  const out: Array<{ form: number; control: Control }> = [];
  document.querySelectorAll("main form").forEach((form, index) => {
    for (const element of Array.from((form as HTMLFormElement).elements)) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)) continue;
      if (!element.name || (element instanceof HTMLInputElement && SKIPPED.has(element.type))) continue;
      out.push({ form: index, control: element });
    }
  });
  return out;
}

function here(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function isLanguageSwitch(link: HTMLAnchorElement): boolean {
  return /\/language$/.test(new URL(link.href, window.location.href).pathname);
}

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

export function installKeepTyped() {
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || !isLanguageSwitch(link)) return;
      const fields = controls().map(({ form, control }) =>
        control instanceof HTMLInputElement && (control.type === "radio" || control.type === "checkbox")
          ? { form, name: control.name, value: control.value, checked: control.checked }
          : { form, name: control.name, value: control.value },
      );
      if (fields.length === 0) return;
      try {
        window.sessionStorage.setItem(KEY, JSON.stringify({ page: here(), fields } satisfies Saved));
      } catch {
        // Storage full or refused: the switch goes on, as without JavaScript.
      }
    },
    true,
  );
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

/** In the root layout: restores after the first render has settled (fields that appear once hydrated included). */
export function KeepTyped() {
  useEffect(() => {
    const id = window.setTimeout(restoreTyped, 0);
    return () => window.clearTimeout(id);
  }, []);
  return null;
}

import { useEffect } from "react";

/**
 * The language switch is a link that loads the same page anew in the other language (PLT-005), which used to
 * erase a half-filled form (decision 031). With JavaScript, the values typed in the page's forms (never passwords, hidden
 * fields or files) are kept in this tab's sessionStorage for that one page load, put back once the new page runs,
 * and removed at once. Without JavaScript the switch still loads the page as it was first issued.
 */
export const KEY = "portal:typed-before-language-switch";

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
export type Saved = { page: string; fields: Array<{ form: number; name: string; value: string; checked?: boolean }> };

const SKIPPED = new Set(["hidden", "password", "file", "submit", "button", "reset", "image"]);

export function controls(): Array<{ form: number; control: Control }> {
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

export function here(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function isLanguageSwitch(link: HTMLAnchorElement): boolean {
  return /\/language$/.test(new URL(link.href, window.location.href).pathname);
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

/** In the root layout: restores after the first render has settled (fields that appear once hydrated included). */
export function KeepTyped() {
  useEffect(() => {
    // Only a page loaded by the language switch has values to put back: only then is that code loaded (decision 124).
    if (!savedTyped()) return;
    const id = window.setTimeout(
      () =>
        void import("./keep-typed-restore").then(
          (m) => m.restoreTyped(),
          () => {},
        ),
      0,
    );
    return () => window.clearTimeout(id);
  }, []);
  return null;
}

/** Whether this tab holds values typed before a language switch (false where storage is refused). */
function savedTyped(): boolean {
  try {
    return window.sessionStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Which control had focus last, as a selector that finds it again after React replaced it with a new element (a
 * form re-keyed by its last post's answer, app/components/form-context.tsx): the one dialog gives focus back to its
 * opener through it (docs/decisions/054). An element removed from the page does not report losing focus, so the
 * last focusin is the control the patient last used.
 */
let last: string | null = null;

/** Its id, else its name and value (a submit button), else its link target; null for what cannot be found again. */
export function selectorOf(el: Element | null): string | null {
  if (!(el instanceof HTMLElement) || el === document.body) return null;
  const tag = el.tagName.toLowerCase();
  if (el.id) return `#${CSS.escape(el.id)}`;
  const name = el.getAttribute("name");
  if (name) return `${tag}[name="${CSS.escape(name)}"][value="${CSS.escape(el.getAttribute("value") ?? "")}"]`;
  const href = el.getAttribute("href");
  return href ? `${tag}[href="${CSS.escape(href)}"]` : null;
}

export function installFocusMemory() {
  document.addEventListener("focusin", (event) => {
    last = selectorOf(event.target as Element | null);
  });
}

/** The control focused now, or the one focused last when focus fell to <body> because that control was replaced. */
export function currentOrLastFocused(): string | null {
  return selectorOf(document.activeElement) ?? last;
}

/**
 * Links to a place on the same page (the error summary's links to its fields, the skip link). Left to the browser,
 * such a link changes the URL's #fragment, which React Router takes for a navigation: it drops the last form post's result
 * (the error summary, the inline messages, the "Error:" title) and the typed values with it. Here the link only
 * does what it promises: it moves focus to its target (for a field, the field itself) and scrolls the field's
 * label, or its group's legend, into view. The URL does not change. Without JavaScript the browser's own fragment
 * navigation does the same, and nothing is lost because nothing is re-rendered.
 */

/** What to bring into view for a field: its group's legend for a radio or checkbox, else its label. */
function caption(target: HTMLElement): HTMLElement {
  if (target instanceof HTMLInputElement && (target.type === "radio" || target.type === "checkbox")) {
    const legend = target.closest("fieldset")?.querySelector("legend");
    if (legend) return legend;
  }
  const labels = "labels" in target ? (target as HTMLInputElement).labels : null;
  return labels?.[0] ?? target;
}

export function moveTo(target: HTMLElement) {
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  caption(target).scrollIntoView({ block: "start" });
}

export function installInPageLinks() {
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    const href = link?.getAttribute("href");
    if (!href || !href.startsWith("#") || href.length < 2) return;
    const target = document.getElementById(decodeURIComponent(href.slice(1)));
    if (!target) return;
    event.preventDefault();
    moveTo(target);
  });
}

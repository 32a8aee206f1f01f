import { useLocation } from "react-router";
import { useEffect, useRef } from "react";

/**
 * After a client-side navigation to another page, focus moves to the new page's <h1>, so a screen reader reads
 * where the patient now is (with a full page load the browser starts at the top by itself). Left alone: the first
 * render, a change of the query string only (a dialog opening or closing, a filter), a page whose error summary
 * or dialog has taken focus. Runs after the page's own effects (this sits above them in the tree).
 */
export function NavigationFocus() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before === null || before === pathname) return;
    if (document.querySelector(".error-summary, dialog[open]")) return;
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

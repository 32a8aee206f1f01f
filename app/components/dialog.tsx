import { Link, useNavigate } from "react-router";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/texts/use-translation";
import { currentOrLastFocused } from "~/enhance/focus-memory";
import { useRenderingServerHtml } from "~/enhance/server-html";
import { useHydrated } from "./use-hydrated";
import containHref from "./dialog-contain.css?url";

/**
 * The one dialog. The server renders it open when the URL or the action's result says so, so it works without
 * JavaScript (closing is a link to the page without the parameter). Such a dialog brings a small style sheet
 * (dialog-contain.css) that hides the page behind it from the keyboard and from screen readers, as a modal's page is
 * inert: in every browser, `:has()` or not (docs/decisions/092). With JavaScript it becomes a modal (showModal), takes
 * focus (the browser's first control, or `initialFocus`), and gives focus back on close (to the opener, or to the
 * element that replaced it, else to the page's message or heading: never to <body>). Its state always follows the
 * DOM: Escape on a dismissable dialog goes to `closeTo` (or calls `onDismiss`), exactly like its close control, so its
 * opener opens it again; a dialog that must be answered, if the browser closes it anyway (Chrome lets a second Escape
 * through), is shown again.
 */

/** Focuses an element; one that is not a control (a heading, a message) becomes focusable by script only, no tab stop. */
function focusStatic(el: HTMLElement) {
  if (el.tabIndex < 0 && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: true });
}

/**
 * When the opener is gone (the dialog's answer changed the page: a confirmed number has no send button any more), what
 * the patient needs next: the message the answer left (an error first), else the page's heading, else its main content.
 */
function focusOutcome() {
  const main = document.getElementById("main");
  const target =
    main?.querySelector<HTMLElement>(".flash-area .flash--alert") ??
    main?.querySelector<HTMLElement>(".flash-area .flash") ??
    main?.querySelector<HTMLElement>("h1") ??
    main;
  if (target) focusStatic(target);
}

/**
 * Focus back on the opener, or on the element that took its place (docs/decisions/054); once more after the page
 * has settled when the page replaced that element again as the dialog closed, and if it is gone by then, on what the
 * answer left (docs/decisions/092).
 */
function focusOpener(previous: HTMLElement | null, selector: string | null) {
  const focus = (): boolean => {
    const target = previous?.isConnected && previous !== document.body ? previous : selector ? document.querySelector<HTMLElement>(selector) : null;
    target?.focus();
    return !!target && document.activeElement === target;
  };
  focus();
  requestAnimationFrame(() => {
    if (document.activeElement !== document.body && document.activeElement !== null) return;
    if (!focus()) focusOutcome();
  });
}

/** A dialog's Cancel: a link back to the page without the dialog, so it works without JavaScript too. */
export function CancelLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} role="button" className="secondary">
      {t("common.cancel")}
    </Link>
  );
}

/**
 * Where focus goes once the dialog is a modal, when not the browser's first control: an error summary the dialog opens
 * with, else its first field (`field`, when it has one), else its heading (`heading`: a dialog whose first control is
 * a destructive answer opens on its title, which names it).
 */
function focusInitial(dialog: HTMLDialogElement, initialFocus: "heading" | "field") {
  const summary = dialog.querySelector<HTMLElement>(".error-summary");
  const field =
    initialFocus === "field"
      ? dialog.querySelector<HTMLElement>("input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])")
      : null;
  const target = summary ?? field ?? dialog.querySelector<HTMLElement>(`#${CSS.escape(dialog.id)}-title`);
  if (target) focusStatic(target);
}

export function Dialog({
  id,
  title,
  open,
  closeTo,
  onDismiss,
  dismissable = true,
  initialFocus,
  children,
  footer,
}: {
  id: string;
  title: string;
  open: boolean;
  /** Where the close control (and Escape) goes; omit for a dialog that must be answered with its own buttons. */
  closeTo?: string;
  /** What Escape does instead of going to `closeTo` (e.g. the idle warning: stay signed in). */
  onDismiss?: () => void;
  /** False for "static backdrop" dialogs: Escape does not close them. */
  dismissable?: boolean;
  /** Where focus goes as it opens (with JavaScript), when not on the browser's choice, its first control. */
  initialFocus?: "heading" | "field";
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const dismiss = useRef<(() => void) | null>(null);
  // In the server's HTML (and the render that hydrates it) the dialog is open as plain HTML. One that opens later is
  // rendered closed and opened by showModal at once: never an open dialog that is not a modal over a live page, which
  // the page's styles take for the HTML dialog (hiding the page, and with it the control focus is to go back to).
  // Whether this render is the server's or hydrates the server's HTML (React gives the server snapshot then): also
  // true for a dialog whose code loaded after the rest of the page was hydrated (app/enhance/later.tsx).
  const renderingServerHtml = useRenderingServerHtml();
  const asHtml = useRef<boolean | null>(null);
  if (!open) asHtml.current = null;
  else if (asHtml.current === null) asHtml.current = renderingServerHtml;
  const hydrated = useHydrated();
  dismiss.current = !dismissable ? null : (onDismiss ?? (closeTo !== undefined ? () => navigate(closeTo, { preventScrollReset: true }) : null));
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A dialog the server opened may be in use before the page's code runs (a slow phone): a patient typing in its
    // password field keeps typing there, not in its first field, and it is no opener to go back to.
    const inUse = previous !== null && previous !== dialog && dialog.contains(previous);
    const selector = currentOrLastFocused();
    if (dialog.open) dialog.close();
    dialog.showModal();
    if (inUse) previous.focus({ preventScroll: true });
    else if (initialFocus) focusInitial(dialog, initialFocus);
    const onCancel = (event: Event) => {
      event.preventDefault();
      dismiss.current?.();
    };
    const onClose = () => {
      // Closed by the browser (our own close() above is done by now: the dialog is open again as a modal; on
      // unmount this listener goes first): keep the DOM and the state together.
      if (dialog.open) return;
      if (dismiss.current) dismiss.current();
      else if (dialog.isConnected) dialog.showModal();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onClose);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onClose);
      if (dialog.open) dialog.close();
      focusOpener(inUse ? null : previous, selector);
    };
    // `initialFocus` is fixed for a dialog (a new value is a new dialog: give it a key).
  }, [open, initialFocus]);
  if (!open) return null;
  return (
    <>
      {asHtml.current && !hydrated ? <link rel="stylesheet" href={containHref} /> : null}
      <dialog ref={ref} id={id} open={asHtml.current || undefined} aria-labelledby={`${id}-title`}>
        <article>
          <header>
            {closeTo ? (
              <Link to={closeTo} className="dialog-close" aria-label={t("common.close")} preventScrollReset>
                <span aria-hidden="true">×</span>
              </Link>
            ) : null}
            <h2 id={`${id}-title`}>{title}</h2>
          </header>
          {children}
          {footer ? <footer>{footer}</footer> : null}
        </article>
      </dialog>
    </>
  );
}

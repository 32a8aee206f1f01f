import { Link, useNavigate } from "react-router";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/texts/use-translation";
import { currentOrLastFocused } from "~/enhance/focus-memory";

/**
 * The one dialog. The server renders it open when the URL or the action's result says so, so it works without
 * JavaScript (closing is a link to the page without the parameter; the page behind is hidden from keyboard and
 * screen readers by app.css while such a dialog is open). With JavaScript it becomes a modal (showModal), takes
 * focus, and gives focus back on close (to the opener, or to the element that replaced it). Its state always follows the DOM: Escape on a dismissable dialog goes to
 * `closeTo` (or calls `onDismiss`), exactly like its close control, so its opener opens it again; a dialog that must
 * be answered, if the browser closes it anyway (Chrome lets a second Escape through), is shown again.
 */
/**
 * Focus back on the opener, or on the element that took its place (docs/decisions/054); once more after the page
 * has settled when the page replaced that element again as the dialog closed.
 */
function focusOpener(previous: HTMLElement | null, selector: string | null) {
  const focus = () => {
    const target = previous?.isConnected && previous !== document.body ? previous : selector ? document.querySelector<HTMLElement>(selector) : null;
    target?.focus();
  };
  focus();
  requestAnimationFrame(() => {
    if (document.activeElement === document.body || document.activeElement === null) focus();
  });
}

export function Dialog({
  id,
  title,
  open,
  closeTo,
  onDismiss,
  dismissable = true,
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
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const dismiss = useRef<(() => void) | null>(null);
  dismiss.current = !dismissable ? null : (onDismiss ?? (closeTo !== undefined ? () => navigate(closeTo, { preventScrollReset: true }) : null));
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const selector = currentOrLastFocused();
    if (dialog.open) dialog.close();
    dialog.showModal();
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
      focusOpener(previous, selector);
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog ref={ref} id={id} open aria-labelledby={`${id}-title`}>
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
  );
}

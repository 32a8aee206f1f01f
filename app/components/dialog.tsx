import { Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The one dialog. The server renders it open when the URL or the action's result says so, so it works without
 * JavaScript (closing is a link to the page without the parameter). With JavaScript it becomes a modal
 * (showModal), takes focus, and gives focus back on close.
 */
export function Dialog({
  id,
  title,
  open,
  closeTo,
  dismissable = true,
  children,
  footer,
}: {
  id: string;
  title: string;
  open: boolean;
  /** Where the close control goes; omit for a dialog that must be answered with its own buttons. */
  closeTo?: string;
  /** False for "static backdrop" dialogs: Escape does not close them. */
  dismissable?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog.open) dialog.close();
    dialog.showModal();
    const onCancel = (event: Event) => {
      if (!dismissable) event.preventDefault();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, [open, dismissable]);
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

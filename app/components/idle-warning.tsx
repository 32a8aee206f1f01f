import { Link, useFetcher, useLocation } from "react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/texts/use-translation";
import { IDLE_WARNING_MS } from "~/platform/session-keys";
import { CsrfField } from "./csrf-field";
import { Dialog } from "./dialog";

type Phase = "quiet" | "warning" | "ended";

/**
 * PLT-012 and WCAG 2.2.1 (timing adjustable): with JavaScript, 2 minutes before the 30-minute idle limit a
 * dialog offers to stay signed in; the button posts to /keep-alive, which counts as activity. Without JavaScript
 * there is no warning, and the server's limit still applies. `msLeft` is the server's count at page load; every
 * navigation or keep-alive answer starts the count again.
 */
export function IdleWarning({ msLeft }: { msLeft: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher<{ msLeft: number }>();
  const [deadline, setDeadline] = useState<number | null>(null);
  const [phase, setPhase] = useState<Phase>("quiet");
  const stayForm = useRef<HTMLFormElement>(null);

  useEffect(() => {
    setDeadline(Date.now() + msLeft);
    setPhase("quiet");
  }, [msLeft, location.key]);

  const kept = fetcher.state === "idle" ? fetcher.data?.msLeft : undefined;
  useEffect(() => {
    if (typeof kept !== "number") return;
    setDeadline(Date.now() + kept);
    setPhase("quiet");
  }, [kept, fetcher.data]);

  useEffect(() => {
    if (deadline === null) return;
    const now = Date.now();
    const warn = setTimeout(() => setPhase((p) => (p === "ended" ? p : "warning")), Math.max(0, deadline - IDLE_WARNING_MS - now));
    const end = setTimeout(() => setPhase("ended"), Math.max(0, deadline - now));
    return () => {
      clearTimeout(warn);
      clearTimeout(end);
    };
  }, [deadline]);

  // When the session ends, the warning's button goes away: focus goes to the dialog's heading (the message that
  // the session has ended, then 'Sign in again'), not to <body>.
  useEffect(() => {
    if (phase !== "ended") return;
    const heading = document.getElementById("idle-dialog-title");
    if (!heading) return;
    heading.setAttribute("tabindex", "-1");
    heading.focus();
  }, [phase]);

  if (phase === "quiet") return null;
  return (
    <Dialog
      id="idle-dialog"
      title={phase === "ended" ? t("session.idleEnded") : t("session.idleTitle")}
      open
      dismissable={phase === "warning"}
      // Escape on the warning answers it as 'Stay signed in' does (the patient is here); the next warning comes later.
      onDismiss={() => {
        if (stayForm.current) fetcher.submit(stayForm.current);
      }}
    >
      {phase === "ended" ? (
        <p>
          <Link to="/register?login=1" role="button" reloadDocument>
            {t("session.signInAgain")}
          </Link>
        </p>
      ) : (
        <>
          <p>{t("session.idleText")}</p>
          <fetcher.Form ref={stayForm} method="post" action="/keep-alive">
            <CsrfField />
            <button type="submit" disabled={fetcher.state !== "idle"}>
              {t("session.idleStay")}
            </button>
          </fetcher.Form>
        </>
      )}
    </Dialog>
  );
}

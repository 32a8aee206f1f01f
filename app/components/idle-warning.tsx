import { Link, useFetcher, useLocation, useMatches } from "react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/texts/use-translation";
import { IDLE_WARNING_MS } from "~/platform/session-keys";
import { asSessionStatus, idleStep, SESSION_STATUS_PATH, SIGN_IN_AGAIN_FIELD, type IdlePhase, type SessionStatus } from "~/platform/session-limits";
import { CsrfField } from "./csrf-field";
import type { RouteHandle } from "./document-title";
import { Dialog } from "./dialog";

/** How long the tab waits for the server's answer before it goes by its own count. */
const STATUS_TIMEOUT_MS = 10_000;

/** Asks the server how long the sign-in has left (ACC-051); null when it cannot say (out of reach, too slow). */
async function askSession(statusPath: string): Promise<SessionStatus | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), STATUS_TIMEOUT_MS);
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}${statusPath}`, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      cache: "no-store",
      signal: controller.signal,
    });
    return response.ok ? asSessionStatus(await response.json()) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The tab's count: what it shows, and when its count reaches the limit (ms since the epoch). A new object re-arms the timers. */
type Count = { phase: IdlePhase; deadline: number };

/**
 * PLT-012 and WCAG 2.2.1 (timing adjustable): with JavaScript, 2 minutes before the 30-minute idle limit a
 * dialog offers to stay signed in; the button posts to /keep-alive, which counts as activity. Without JavaScript
 * there is no warning, and the server's limit still applies. `msLeft` is the server's count at page load; every
 * navigation or keep-alive answer starts the count again. ACC-051: before it warns or says the session ended, the
 * tab asks the server (GET /session-status, which is not activity): when the patient has been using the portal in
 * another tab, the sign-in is alive and the tab counts again from the server's answer.
 */
export function IdleWarning({ msLeft, area = "patient" }: { msLeft: number; area?: "patient" | "staff" }) {
  const { t } = useTranslation();
  // The staff console (docs/decisions/127): its own session, 15 minutes, and its own sign-in page.
  const staff = area === "staff";
  const statusPath = staff ? `staff/${SESSION_STATUS_PATH}` : SESSION_STATUS_PATH;
  const location = useLocation();
  const fetcher = useFetcher<{ msLeft: number }>();
  const [count, setCount] = useState<Count | null>(null);
  const phase = count?.phase ?? "quiet";
  const stayForm = useRef<HTMLFormElement>(null);
  // ACC-052: on a page whose form a sign-in that ended keeps (/profile), 'Sign in again' posts that form, so what was
  // typed waits for the patient's next sign-in instead of being lost.
  const keptForm = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.keptAcrossSignIn)
    .filter(Boolean)
    .pop();

  useEffect(() => {
    setCount({ phase: "quiet", deadline: Date.now() + msLeft });
  }, [msLeft, location.key]);

  const kept = fetcher.state === "idle" ? fetcher.data?.msLeft : undefined;
  useEffect(() => {
    if (typeof kept !== "number") return;
    setCount({ phase: "quiet", deadline: Date.now() + kept });
  }, [kept, fetcher.data]);

  useEffect(() => {
    if (!count || count.phase === "ended") return;
    // Quiet: the next step is the warning; warning: the end. The server is asked first (an answer that comes after
    // the count was started again, by a navigation or 'Stay signed in', is left unread).
    const due = count.phase === "quiet" ? "warning" : "ended";
    const at = due === "warning" ? count.deadline - IDLE_WARNING_MS : count.deadline;
    let current = true;
    const timer = setTimeout(
      () => {
        void askSession(statusPath).then((status) => {
          if (!current) return;
          const step = idleStep(due, status);
          setCount({ phase: step.phase, deadline: step.msLeft === null ? count.deadline : Date.now() + step.msLeft });
        });
      },
      Math.max(0, at - Date.now()),
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [count, statusPath]);

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
          {staff ? (
            <Link to="/staff/sign-in" role="button" reloadDocument>
              {t("session.signInAgain")}
            </Link>
          ) : keptForm && typeof document !== "undefined" && document.getElementById(keptForm) ? (
            <button type="submit" form={keptForm} formNoValidate name={SIGN_IN_AGAIN_FIELD} value="1">
              {t("session.signInAgain")}
            </button>
          ) : (
            <Link to="/register?login=1" role="button" reloadDocument>
              {t("session.signInAgain")}
            </Link>
          )}
        </p>
      ) : (
        <>
          <p>{staff ? t("staffConsole.session.idleText") : t("session.idleText")}</p>
          <fetcher.Form ref={stayForm} method="post" action={staff ? "/staff/keep-alive" : "/keep-alive"}>
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

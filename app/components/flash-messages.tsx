import { useLocation, useRouteLoaderData } from "react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/texts/use-translation";
import type { RootData } from "~/platform/root-data";
import type { FlashMessage } from "~/platform/session-keys";
import { useHydrated } from "./use-hydrated";

/** Whether the app has hydrated once: later mounts are client-side navigations (see `useShownAfterMount`). */
let appHydrated = false;

/**
 * A live region only speaks about changes after it is in the page: on a client-side navigation the new page's
 * region mounts empty and its messages go in just after, so a screen reader announces them. The server's HTML
 * and the first hydration render them at once (without JavaScript they are simply part of the page).
 */
function useShownAfterMount(): boolean {
  const [shown, setShown] = useState(!appHydrated);
  useEffect(() => {
    if (appHydrated) {
      const timer = setTimeout(() => setShown(true), 100);
      return () => clearTimeout(timer);
    }
    appHydrated = true;
    return undefined;
  }, []);
  return shown;
}

/**
 * Flash messages, at the top of the page's <main> (PLT-008; docs/decisions/037): status messages in a
 * role="status" region, errors in role="alert". They stay until the patient closes them (a Close button, with
 * JavaScript) or goes to the next page: nothing vanishes on a timer (WCAG 2.2.1, 2.2.4).
 */
export function FlashMessages({ messages }: { messages: FlashMessage[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const shown = useShownAfterMount();
  const [hidden, setHidden] = useState<Set<number>>(new Set());
  useEffect(() => setHidden(new Set()), [messages]);
  const dismiss = (i: number) => {
    setHidden((h) => new Set(h).add(i));
    // The button goes away with its message: focus goes to the page's main content, not to <body>.
    document.getElementById("main")?.focus({ preventScroll: true });
  };
  const list = (kind: FlashMessage["kind"]) =>
    shown
      ? messages
          .map((m, i) => ({ m, i }))
          .filter(({ m, i }) => m.kind === kind && !hidden.has(i))
          .map(({ m, i }) => (
            <p key={i} className={`flash flash--${kind}`}>
              {t(m.key, m.params)}
              {hydrated ? (
                <button type="button" className="flash-dismiss" aria-label={t("common.dismissMessage")} onClick={() => dismiss(i)}>
                  ×
                </button>
              ) : null}
            </p>
          ))
      : null;
  return (
    <div className="flash-area">
      <div role="status">{list("status")}</div>
      <div role="alert">{list("alert")}</div>
    </div>
  );
}

const NONE: FlashMessage[] = [];

/**
 * The page's flash messages (the root loader's), plus any the page makes itself (the phone check's); first in
 * <main>. A revalidation of the same page (the idle keep-alive, a fetcher) brings no flash: the shown ones stay
 * until the next page.
 */
export function PageFlash({ extra = NONE }: { extra?: FlashMessage[] }) {
  const fromServer = useRouteLoaderData<RootData>("root")?.flash ?? NONE;
  const { key } = useLocation();
  const kept = useRef<{ key: string; flash: FlashMessage[] }>({ key, flash: fromServer });
  if (kept.current.key !== key || (fromServer.length > 0 && fromServer !== kept.current.flash)) kept.current = { key, flash: fromServer };
  const flash = kept.current.flash;
  const messages = useMemo(() => (extra.length ? [...flash, ...extra] : flash), [flash, extra]);
  return <FlashMessages messages={messages} />;
}

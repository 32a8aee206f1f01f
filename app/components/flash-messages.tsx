import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FlashMessage } from "~/session-keys";

/** Auto-close time for status messages with JavaScript (000 §9: 2000 ms); errors stay until dismissed. */
const AUTO_CLOSE_MS = 2000;

/**
 * Flash messages rendered by the server at the top of the page (DECISIONS D1): status messages in a
 * role="status" region, errors in role="alert". Without JavaScript they stay until the next page.
 */
export function FlashMessages({ messages }: { messages: FlashMessage[] }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState<Set<number>>(new Set());
  useEffect(() => {
    setHidden(new Set());
    const timers = messages.map((m, i) =>
      m.kind === "status" ? setTimeout(() => setHidden((h) => new Set(h).add(i)), m.autoCloseMs ?? AUTO_CLOSE_MS) : undefined,
    );
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, [messages]);
  const shown = (kind: FlashMessage["kind"]) =>
    messages.map((m, i) => ({ m, i })).filter(({ m, i }) => m.kind === kind && !hidden.has(i));
  return (
    <div className="flash-area">
      <div role="status">
        {shown("status").map(({ m, i }) => (
          <p key={i} className="flash flash--status">
            {t(m.key, m.params)}
          </p>
        ))}
      </div>
      <div role="alert">
        {shown("alert").map(({ m, i }) => (
          <p key={i} className="flash flash--alert">
            {t(m.key, m.params)}
            <button
              type="button"
              className="flash-dismiss"
              aria-label={t("common.dismissMessage")}
              onClick={() => setHidden((h) => new Set(h).add(i))}
            >
              ×
            </button>
          </p>
        ))}
      </div>
    </div>
  );
}

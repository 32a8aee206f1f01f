import { useEffect, useState } from "react";
import { useTranslation } from "~/texts/use-translation";
import { useHydrated } from "~/components/use-hydrated";
import { minutesLeft, nextTickMs } from "~/forms/reopens-at";

/**
 * With JavaScript, the minutes until sign-in opens again (ACC-037), in the browser's own time, in a polite live region
 * that changes at most once a minute. Without JavaScript the region stays empty: the error summary above already says
 * the time in UTC (docs/decisions/104).
 */
export function SignInCountdown({ until }: { until: number }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!hydrated) return;
    const timer = setTimeout(() => setNow(Date.now()), nextTickMs(until, now));
    return () => clearTimeout(timer);
  }, [hydrated, until, now]);
  const minutes = minutesLeft(until, now);
  let text = "";
  if (hydrated) {
    const time = new Intl.DateTimeFormat(i18n.language, { hour: "numeric", minute: "2-digit" }).format(until);
    text = minutes > 0 ? t("login.countdown", { minutes: String(minutes), time }) : t("login.countdownDone");
  }
  return (
    <p role="status" aria-live="polite" className="sign-in-countdown">
      {text}
    </p>
  );
}
